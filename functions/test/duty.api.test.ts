import ICAL from 'ical.js';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUSEHOLD_MEMBERS_COLLECTION, HOUSEHOLDS_COLLECTION } from '../src/households/households.repository';
import { getDb } from '../src/lib/firebase';
import type { Duty, Household, Plant } from '../src/model';
import { testApp } from './support/app';
import { aPlant, createPlantAs } from './support/plants';
import { bearer, createTestUser, type TestUser } from './support/users';

/** A Monday: the household is made on it, so its rota counts from it. */
const START = new Date('2026-06-01T10:00:00.000Z');
let now = START;
const DAY_MS = 24 * 60 * 60 * 1000;
const onDay = (days: number) => (now = new Date(START.getTime() + days * DAY_MS));
const app = testApp({ clock: () => now });

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const call = (method: Method, path: string, user?: TestUser) => {
  const req = request(app)[method](`/mango/household${path}`);
  return user ? req.set(bearer(user)) : req;
};

/** The household documents and memberships, as stored: what a refusal must leave alone. */
async function store(): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  for (const name of [HOUSEHOLDS_COLLECTION, HOUSEHOLD_MEMBERS_COLLECTION])
    for (const doc of (await getDb().collection(name).get()).docs) all[`${name}/${doc.id}`] = doc.data();
  return all;
}

/** Runs a refused call and checks its answer, its sentence, and that the store is as it was. */
async function refused(status: number, code: string, send: () => PromiseLike<request.Response>, field?: string) {
  const before = await store();
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.message).toMatch(/^[A-Z].*\.$/);
  if (field) expect(Object.keys(response.body.error.fields)).toEqual([field]);
  expect(await store()).toEqual(before);
  return response;
}

interface People {
  ana: TestUser;
  ben: TestUser;
  cy: TestUser;
  sam: TestUser;
  householdId: string;
}

/** Ana owns it; Ben and Cy are members; Sam sits until 2026-06-20. */
async function aHousehold(): Promise<People> {
  const [ana, ben, cy, sam] = await Promise.all(
    ['Ana Owner', 'Ben Member', 'Cy Member', 'Sam Sitter'].map((name) => createTestUser(name)),
  );
  const created = await call('post', '', ana!).send({ name: 'Rota House' }).expect(201);
  for (const [person, body] of [
    [ben!, { role: 'member' }],
    [cy!, { role: 'member' }],
    [sam!, { role: 'sitter', until: '2026-06-20' }],
  ] as const) {
    const { token } = (await call('post', '/invites', ana!).send(body).expect(201)).body as { token: string };
    await call('post', '/join', person).send({ token }).expect(200);
  }
  return { ana: ana!, ben: ben!, cy: cy!, sam: sam!, householdId: (created.body.household as Household)._id };
}

const dutyOf = async (user: TestUser) => (await call('get', '/duty', user).expect(200)).body as Duty;
const storedDuty = async (householdId: string) =>
  (await getDb().collection(HOUSEHOLDS_COLLECTION).doc(householdId).get()).get('duty');

beforeEach(() => {
  now = START;
});

describe('GET and PUT /mango/household/duty', () => {
  it('starts with everyone, weekly, from the day the household was made, owner first and no sitter', async () => {
    const { ana, ben, cy, sam } = await aHousehold();
    const duty = await dutyOf(sam);
    expect(duty).toEqual({
      mode: 'everyone',
      rotation: [ana.uid, ben.uid, cy.uid],
      period: 'week',
      startsOn: '2026-06-01',
      away: [],
      today: null,
      weeks: [],
    });
    const response = await call('get', '/duty', ben).expect(200);
    expect(response.headers['cache-control']).toContain('private');
  });

  it('lets the owner turn a rotation on and change its period; everyone reads the same rota', async () => {
    const { ana, ben, cy } = await aHousehold();
    const set = await call('put', '/duty', ana)
      .send({ mode: 'rotation', rotation: [ben.uid, ana.uid] })
      .expect(200);
    expect((set.body as Duty).today).toEqual({ uid: ben.uid, displayName: 'Ben Member' });
    onDay(9);
    const duty = await dutyOf(cy);
    expect(duty).toMatchObject({ mode: 'rotation', rotation: [ben.uid, ana.uid], period: 'week' });
    expect(duty.today).toEqual({ uid: ana.uid, displayName: 'Ana Owner' });
    expect(duty.weeks).toHaveLength(8);
    expect(duty.weeks.slice(0, 3)).toEqual([
      { from: '2026-06-08', until: '2026-06-14', uid: ana.uid, displayName: 'Ana Owner' },
      { from: '2026-06-15', until: '2026-06-21', uid: ben.uid, displayName: 'Ben Member' },
      { from: '2026-06-22', until: '2026-06-28', uid: ana.uid, displayName: 'Ana Owner' },
    ]);

    // A change of period: daily from the 10th, Ben first.
    await call('put', '/duty', ana).send({ period: 'day', startsOn: '2026-06-10' }).expect(200);
    const daily = await dutyOf(ben);
    expect(daily.today?.uid).toBe(ben.uid);
    expect(daily.weeks.slice(0, 3).map((w) => [w.from, w.until, w.uid])).toEqual([
      ['2026-06-10', '2026-06-10', ben.uid],
      ['2026-06-11', '2026-06-11', ana.uid],
      ['2026-06-12', '2026-06-12', ben.uid],
    ]);
    // The day before it starts counts back: Ana's.
    onDay(8);
    expect((await dutyOf(ben)).today?.uid).toBe(ana.uid);
  });

  it('refuses anyone but the owner, a rotation naming a sitter or a stranger, and bad input, changing nothing', async () => {
    const { ana, ben, sam } = await aHousehold();
    const stranger = await createTestUser('Stu Stranger');
    await call('put', '/duty', ana).send({ mode: 'rotation' }).expect(200);
    const member = await refused(403, 'forbidden', () => call('put', '/duty', ben).send({ period: 'day' }));
    expect(member.body.error.message).toBe("Only the household's owner can change the rota.");
    await refused(403, 'forbidden', () => call('put', '/duty', sam).send({ mode: 'everyone' }));
    await refused(404, 'not_found', () => call('get', '/duty', stranger));
    await refused(404, 'not_found', () => call('put', '/duty', stranger).send({ mode: 'everyone' }));
    await refused(401, 'unauthenticated', () => call('get', '/duty'));
    const sitter = await refused(
      400,
      'invalid_input',
      () => call('put', '/duty', ana).send({ rotation: [ana.uid, sam.uid] }),
      'rotation',
    );
    expect(sitter.body.error.message).toMatch(/sitter/);
    await refused(400, 'invalid_input', () => call('put', '/duty', ana).send({ rotation: [stranger.uid] }), 'rotation');
    await refused(400, 'invalid_input', () => call('put', '/duty', ana).send({ rotation: [] }), 'rotation');
    await refused(400, 'invalid_input', () => call('put', '/duty', ana).send({ startsOn: '2026-02-30' }), 'startsOn');
    await refused(400, 'invalid_input', () => call('put', '/duty', ana).send({ period: 'month' }), 'period');
    await refused(400, 'invalid_input', () => call('put', '/duty', ana).send({}), 'mode');
    await refused(400, 'invalid_input', () => call('put', '/duty', ana).send({ away: [] }), 'away');
  });
});

describe('POST and DELETE /mango/household/away', () => {
  it('passes the turns of someone away to the next person, and back when they return', async () => {
    const { ana, ben, cy, householdId } = await aHousehold();
    await call('put', '/duty', ana).send({ mode: 'rotation', period: 'day' }).expect(200);
    // Ana the 1st, Ben the 2nd, Cy the 3rd, Ana the 4th...
    const away = await call('post', '/away', ben).send({ from: '2026-06-02', until: '2026-06-05' }).expect(200);
    expect((away.body as Duty).away).toEqual([{ uid: ben.uid, from: '2026-06-02', until: '2026-06-05' }]);
    onDay(1);
    expect((await dutyOf(ana)).today?.uid).toBe(cy.uid);
    // The owner marks anyone away.
    await call('post', '/away', ana).send({ uid: cy.uid, from: '2026-06-02', until: '2026-06-02' }).expect(200);
    expect((await dutyOf(ana)).today?.uid).toBe(ana.uid);
    await call('delete', `/away/${ben.uid}`, ben).expect(200);
    expect((await dutyOf(ana)).today?.uid).toBe(ben.uid);
    expect(await storedDuty(householdId)).toMatchObject({
      away: [{ uid: cy.uid, from: '2026-06-02', until: '2026-06-02' }],
    });
  });

  it('gives the days to an active sitter while everyone in the rotation is away', async () => {
    const { ana, ben, cy, sam } = await aHousehold();
    await call('put', '/duty', ana).send({ mode: 'rotation' }).expect(200);
    for (const person of [ana, ben, cy])
      await call('post', '/away', person).send({ from: '2026-06-03', until: '2026-06-25' }).expect(200);
    onDay(3);
    expect((await dutyOf(ben)).today).toEqual({ uid: sam.uid, displayName: 'Sam Sitter' });
    // After the sitter's last day nobody covers: the turn stays with whose turn it is (Cy's week).
    onDay(20);
    expect((await dutyOf(ana)).today?.uid).toBe(cy.uid);
  });

  it('refuses another member marking someone, bad dates and someone not away, changing nothing', async () => {
    const { ana, ben, cy } = await aHousehold();
    const stranger = await createTestUser('Stu Stranger');
    await call('post', '/away', cy).send({ from: '2026-06-02', until: '2026-06-03' }).expect(200);
    const other = await refused(403, 'forbidden', () =>
      call('post', '/away', ben).send({ uid: cy.uid, from: '2026-06-02', until: '2026-06-03' }),
    );
    expect(other.body.error.message).toBe("Only the household's owner can mark someone else away or back.");
    await refused(403, 'forbidden', () => call('delete', `/away/${cy.uid}`, ben));
    await refused(404, 'not_found', () => call('delete', `/away/${ben.uid}`, ben));
    await refused(404, 'not_found', () =>
      call('post', '/away', ana).send({ uid: stranger.uid, from: '2026-06-02', until: '2026-06-03' }),
    );
    await refused(404, 'not_found', () =>
      call('post', '/away', stranger).send({ from: '2026-06-02', until: '2026-06-03' }),
    );
    await refused(
      400,
      'invalid_input',
      () => call('post', '/away', ben).send({ from: '2026-06-05', until: '2026-06-04' }),
      'until',
    );
    await refused(
      400,
      'invalid_input',
      () => call('post', '/away', ben).send({ from: '2026-05-20', until: '2026-05-31' }),
      'until',
    );
    await refused(
      400,
      'invalid_input',
      () => call('post', '/away', ben).send({ from: '2026-06-05', until: '2028-01-01' }),
      'until',
    );
    await refused(
      400,
      'invalid_input',
      () => call('post', '/away', ben).send({ from: 'tomorrow', until: '2026-06-04' }),
      'from',
    );
    await refused(400, 'invalid_input', () => call('post', '/away', ben).send({ until: '2026-06-04' }), 'from');
  });
});

describe('someone leaving the household mid-rotation', () => {
  it('drops out of the rotation in the commit that removes them, and their turns pass on', async () => {
    const { ana, ben, cy, householdId } = await aHousehold();
    await call('put', '/duty', ana)
      .send({ mode: 'rotation', rotation: [ana.uid, ben.uid, cy.uid] })
      .expect(200);
    await call('post', '/away', ben).send({ from: '2026-06-20', until: '2026-06-22' }).expect(200);
    onDay(8);
    expect((await dutyOf(cy)).today?.uid).toBe(ben.uid);
    await call('delete', `/members/${ben.uid}`, ben).expect(200);
    const stored = await storedDuty(householdId);
    expect(stored.rotation).toEqual([ana.uid, cy.uid]);
    expect(stored.away).toEqual([]);
    // Two people now: the second week is Cy's.
    expect((await dutyOf(cy)).today?.uid).toBe(cy.uid);

    await call('delete', `/members/${cy.uid}`, ana).expect(200);
    expect((await storedDuty(householdId)).rotation).toEqual([ana.uid]);
    expect((await dutyOf(ana)).today?.uid).toBe(ana.uid);
  });

  it('leaves the rotation when made a sitter', async () => {
    const { ana, ben, householdId } = await aHousehold();
    await call('put', '/duty', ana).send({ mode: 'rotation' }).expect(200);
    await call('patch', `/members/${ben.uid}`, ana).send({ role: 'sitter', until: '2026-06-10' }).expect(200);
    expect((await storedDuty(householdId)).rotation).not.toContain(ben.uid);
  });
});

describe('onDuty in GET /mango/due', () => {
  const due = async (user: TestUser) =>
    (await request(app).get('/mango/due').query({ until: '2026-12-31' }).set(bearer(user)).expect(200)).body
      .plants as Plant[];
  const onDutyByName = (plants: Plant[]) =>
    Object.fromEntries(plants.map((plant) => [plant.plantName, plant.onDuty?.displayName ?? null]));

  it('names the owner of an unshared plant, nobody in mode everyone, and the rota’s person on the job’s day', async () => {
    const { ana, ben, cy } = await aHousehold();
    const loner = await createTestUser('Lou Loner');
    const plant = (name: string, next: string, extra: object = {}) =>
      aPlant({ plantName: name, lastWateredDate: '2026-05-25', nextWateringDate: next, ...extra });
    await createPlantAs(app, ana, plant('Overdue Fern', '2026-05-30'));
    await createPlantAs(app, ana, plant('Next Week Palm', '2026-06-09'));
    await createPlantAs(app, ana, plant('Private Cactus', '2026-06-02', { shared: false }));
    await createPlantAs(app, loner, plant('Lone Ivy', '2026-06-02'));

    expect(onDutyByName(await due(ben))).toEqual({ 'Overdue Fern': null, 'Next Week Palm': null });
    expect(onDutyByName(await due(ana))).toEqual({
      'Overdue Fern': null,
      'Private Cactus': 'Ana Owner',
      'Next Week Palm': null,
    });
    expect((await due(loner))[0]!.onDuty).toEqual({ uid: loner.uid, displayName: 'Lou Loner' });

    await call('put', '/duty', ana)
      .send({ mode: 'rotation', rotation: [cy.uid, ben.uid] })
      .expect(200);
    onDay(2);
    const plants = await due(ben);
    expect(onDutyByName(plants)).toEqual({ 'Overdue Fern': 'Cy Member', 'Next Week Palm': 'Ben Member' });
    expect(plants.find((p) => p.plantName === 'Next Week Palm')!.onDuty).toEqual({
      uid: ben.uid,
      displayName: 'Ben Member',
    });
    // The owner's own plant that is not shared stays the owner's, whatever the rota says.
    expect(onDutyByName(await due(ana))['Private Cactus']).toBe('Ana Owner');
  });

  it('says the same per job in the calendar feed, parsed by ical.js', async () => {
    const { ana, ben, cy } = await aHousehold();
    await createPlantAs(
      app,
      ana,
      aPlant({ plantName: 'Feed Fern', lastWateredDate: '2026-05-25', nextWateringDate: '2026-05-30' }),
    );
    await createPlantAs(
      app,
      ana,
      aPlant({
        plantName: 'Feed Cactus',
        lastWateredDate: '2026-05-25',
        nextWateringDate: '2026-06-09',
        shared: false,
      }),
    );
    await call('put', '/duty', ana)
      .send({ mode: 'rotation', rotation: [cy.uid, ben.uid] })
      .expect(200);
    const onDutyIn = async (user: TestUser) => {
      const { url } = (await request(app).get('/mango/calendar').set(bearer(user)).expect(200)).body as { url: string };
      const feed = await request(app).get(new URL(url).pathname).expect(200);
      const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent');
      return Object.fromEntries(
        events.map((event) => [
          String(event.getFirstPropertyValue('summary')),
          /On duty: (.*)/.exec(String(event.getFirstPropertyValue('description')))?.[1] ?? null,
        ]),
      );
    };
    expect(await onDutyIn(ben)).toEqual({ 'Water Feed Fern': 'Cy Member' });
    expect(await onDutyIn(ana)).toEqual({ 'Water Feed Fern': 'Cy Member', 'Water Feed Cactus': null });
  });
});
