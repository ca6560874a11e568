import ICAL from 'ical.js';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUSEHOLD_CALENDAR_FEEDS_COLLECTION } from '../src/calendar/calendar.repository';
import { HOUSEHOLD_MEMBERS_COLLECTION, HOUSEHOLDS_COLLECTION } from '../src/households/households.repository';
import { getDb } from '../src/lib/firebase';
import { addDays, type Duty, type Household, type Plant } from '../src/model';
import { testApp } from './support/app';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

/** A Monday: the household is made on it, so its rota counts from it. */
const START = new Date('2026-06-01T10:00:00.000Z');
let now = START;
const DAY_MS = 24 * 60 * 60 * 1000;
const onDay = (days: number) => (now = new Date(START.getTime() + days * DAY_MS));
const app = testApp({ clock: () => now });
/** A plant last watered before the household was made, next due on `next`. */
const plant = (name: string, next: string, extra: object = {}) =>
  aPlant({ plantName: name, lastWateredDate: '2026-05-25', nextWateringDate: next, ...extra });

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

type Invite = { role: 'member' } | { role: 'sitter'; until: string };

/** `person` joins `owner`'s household with a new invite. */
async function join(owner: TestUser, person: TestUser, body: Invite = { role: 'member' }) {
  const { token } = (await call('post', '/invites', owner).send(body).expect(201)).body as { token: string };
  await call('post', '/join', person).send({ token }).expect(200);
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
  ] as const)
    await join(ana!, person, body);
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

describe('the rota routes refusing a body that is not one', () => {
  it('say what they take, the rota or the days away, and never a plant', async () => {
    const { ana } = await aHousehold();
    for (const [method, path, what] of [
      ['put', '/duty', 'the rota'],
      ['post', '/away', 'the days away'],
    ] as const) {
      const notAnObject = await refused(400, 'invalid_body', () =>
        call(method, path, ana).send([{ mode: 'rotation' }]),
      );
      const notJson = await refused(415, 'unsupported_media_type', () =>
        call(method, path, ana).set('Content-Type', 'text/plain').send('mode=rotation'),
      );
      for (const { body } of [notAnObject, notJson]) {
        expect(body.error.message).not.toMatch(/plant/i);
        expect(body.error.message).toContain(what);
      }
    }
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

describe('someone joining after the rota was saved', () => {
  it('is put at the end of the rotation and gets turns; a sitter is not, until made a member', async () => {
    const [ana, ben, cy, sam] = await Promise.all(
      ['Ana Owner', 'Ben Member', 'Cy Member', 'Sam Sitter'].map((name) => createTestUser(name)),
    );
    const created = await call('post', '', ana!).send({ name: 'Growing House' }).expect(201);
    const householdId = (created.body.household as Household)._id;
    await join(ana!, ben!);
    await call('put', '/duty', ana!)
      .send({ mode: 'rotation', rotation: [ana!.uid, ben!.uid] })
      .expect(200);

    await join(ana!, cy!);
    const duty = await dutyOf(cy!);
    expect(duty.rotation).toEqual([ana!.uid, ben!.uid, cy!.uid]);
    expect(duty.weeks.slice(0, 4).map(({ from, displayName }) => [from, displayName])).toEqual([
      ['2026-06-01', 'Ana Owner'],
      ['2026-06-08', 'Ben Member'],
      ['2026-06-15', 'Cy Member'],
      ['2026-06-22', 'Ana Owner'],
    ]);
    expect((await storedDuty(householdId)).rotation).toEqual([ana!.uid, ben!.uid, cy!.uid]);
    onDay(14);
    expect((await dutyOf(ben!)).today).toEqual({ uid: cy!.uid, displayName: 'Cy Member' });

    // A sitter covers only while everyone is away: never in the rotation, until made a member.
    await join(ana!, sam!, { role: 'sitter', until: '2026-06-20' });
    expect((await dutyOf(ana!)).rotation).toEqual([ana!.uid, ben!.uid, cy!.uid]);
    await call('patch', `/members/${sam!.uid}`, ana!).send({ role: 'member' }).expect(200);
    expect((await dutyOf(ana!)).rotation).toEqual([ana!.uid, ben!.uid, cy!.uid, sam!.uid]);
  });

  it('leaves a household whose rota was never saved to its default: everyone, owner first', async () => {
    const { ana, ben, cy, householdId } = await aHousehold();
    expect(await storedDuty(householdId)).toBeUndefined();
    expect((await dutyOf(ana)).rotation).toEqual([ana.uid, ben.uid, cy.uid]);
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

  it("names each job's own person: a plant's watering and fertilizing due on different turns", async () => {
    const { ana, ben, cy } = await aHousehold();
    await createPlantAs(
      app,
      ana,
      plant('Two Turn Fern', '2026-06-03', { care: { fertilize: { frequency: 'Monthly', nextDate: '2026-06-09' } } }),
    );
    await call('put', '/duty', ana)
      .send({ mode: 'rotation', rotation: [ana.uid, ben.uid, cy.uid] })
      .expect(200);
    const answer = await request(app).get('/mango/due').query({ until: '2026-06-08' }).set(bearer(cy)).expect(200);
    const [fern] = answer.body.plants as Record<string, unknown>[];
    // Watering on the 3rd is in Ana's week, fertilizing on the 9th in Ben's: Today's two rows name each.
    expect(fern).toMatchObject({
      plantName: 'Two Turn Fern',
      onDuty: { uid: ana.uid, displayName: 'Ana Owner' },
      onDutyByJob: {
        water: { uid: ana.uid, displayName: 'Ana Owner' },
        fertilize: { uid: ben.uid, displayName: 'Ben Member' },
      },
    });
    // Overdue a week later, both are today's turn: Ben's.
    onDay(8);
    const later = await request(app).get('/mango/due').query({ until: '2026-06-15' }).set(bearer(cy)).expect(200);
    expect((later.body.plants as Record<string, unknown>[])[0]!.onDutyByJob).toEqual({
      water: { uid: ben.uid, displayName: 'Ben Member' },
      fertilize: { uid: ben.uid, displayName: 'Ben Member' },
    });
  });

  it('says the same per job in the calendar feed, parsed by ical.js', async () => {
    const { ana, ben, cy } = await aHousehold();
    await createPlantAs(app, ana, plant('Feed Fern', '2026-05-30'));
    await createPlantAs(app, ana, plant('Feed Cactus', '2026-06-09', { shared: false }));
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

describe('the household calendar feed', () => {
  // Links carry the host asked through: one fixed host, as supertest serves each request on a new port.
  const FEED = /^http:\/\/mango-grove\.test\/mango\/calendar\/household\/([A-Za-z0-9_-]{43})\.ics$/;
  const linkOf = async (user: TestUser) => {
    const response = await request(app)
      .get('/mango/calendar/household')
      .set('Host', 'mango-grove.test')
      .set(bearer(user))
      .expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { url } = response.body as { url: string };
    expect(url).toMatch(FEED);
    return url;
  };
  const feedAt = (url: string) => request(app).get(new URL(url).pathname).set('Host', 'mango-grove.test');
  const storedLinks = async () =>
    Object.fromEntries(
      (await getDb().collection(HOUSEHOLD_CALENDAR_FEEDS_COLLECTION).get()).docs.map((doc) => [doc.id, doc.data()]),
    );
  /** The feed's events read by ical.js: summary, first and last day (DTEND is the day after), description. */
  const eventsIn = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((event) => {
      const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
      const end = event.getFirstPropertyValue('dtend') as ICAL.Time | null;
      expect(start.isDate).toBe(true);
      return {
        summary: String(event.getFirstPropertyValue('summary')),
        from: start.toString(),
        until: end ? addDays(end.toString(), -1) : start.toString(),
        onDuty: /On duty: (.*)/.exec(String(event.getFirstPropertyValue('description')))?.[1] ?? null,
      };
    });

  it("gives each person of the household a link of their own to one feed: the rota's periods and the shared plants' jobs, by whose turn", async () => {
    const { ana, ben, cy, sam } = await aHousehold();
    await createPlantAs(app, ana, plant('Rota Fern', '2026-06-09'));
    await createPlantAs(app, ben, plant('Ben Private', '2026-06-03', { shared: false }));
    await call('put', '/duty', ana)
      .send({ mode: 'rotation', rotation: [ana.uid, ben.uid, cy.uid] })
      .expect(200);

    const links = await Promise.all([ana, ben, cy, sam].map(linkOf));
    expect(new Set(links).size).toBe(4);
    expect(await linkOf(ben)).toBe(links[1]);
    const feed = await feedAt(links[3]!).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    const events = eventsIn(feed.text);
    const periods = events.filter((event) => event.summary.startsWith('On duty: '));
    expect(periods).toHaveLength(8);
    expect(periods.slice(0, 4).map(({ summary, from, until }) => [summary, from, until])).toEqual([
      ['On duty: Ana Owner', '2026-06-01', '2026-06-07'],
      ['On duty: Ben Member', '2026-06-08', '2026-06-14'],
      ['On duty: Cy Member', '2026-06-15', '2026-06-21'],
      ['On duty: Ana Owner', '2026-06-22', '2026-06-28'],
    ]);
    // The shared plant's job names who is on duty on its day; a plant nobody shared is not there.
    expect(events.filter((event) => !event.summary.startsWith('On duty: '))).toEqual([
      { summary: 'Water Rota Fern', from: '2026-06-09', until: '2026-06-09', onDuty: 'Ben Member' },
    ]);
    // Every link opens the same feed, and the same rota gives the same bytes.
    for (const link of links) expect((await feedAt(link).expect(200)).text).toBe(feed.text);

    // In mode everyone nobody is on duty: the jobs only, naming no one.
    await call('put', '/duty', ana).send({ mode: 'everyone' }).expect(200);
    expect(eventsIn((await feedAt(links[0]!).expect(200)).text)).toEqual([
      { summary: 'Water Rota Fern', from: '2026-06-09', until: '2026-06-09', onDuty: null },
    ]);
  });

  it("resets one person's link only; a link stops when its person leaves or a sitter's last day has passed", async () => {
    const { ana, ben, cy, sam } = await aHousehold();
    const [anaLink, benLink, cyLink, samLink] = await Promise.all([ana, ben, cy, sam].map(linkOf));
    const reset = await request(app)
      .post('/mango/calendar/household/rotate')
      .set('Host', 'mango-grove.test')
      .set(bearer(ben))
      .expect(200);
    const benNew = (reset.body as { url: string }).url;
    expect(benNew).toMatch(FEED);
    expect(benNew).not.toBe(benLink);
    expect(await linkOf(ben)).toBe(benNew);
    const gone = await feedAt(benLink!).expect(404);
    expect(gone.body.error.message).toBe(
      'This calendar link does not work. It may have been reset: copy the current link from the Household page.',
    );
    await feedAt(benNew).expect(200);
    await feedAt(anaLink!).expect(200);

    await call('delete', `/members/${cy.uid}`, cy).expect(200);
    await feedAt(cyLink!).expect(404);
    // Sam sits until 2026-06-20 (day 19): his link works through that day, not after.
    onDay(19);
    await feedAt(samLink!).expect(200);
    onDay(20);
    await feedAt(samLink!).expect(404);
    await feedAt(anaLink!).expect(200);
  });

  it('binds a link to the join it was made in: left and joined again, the old link answers 404 and a new one works', async () => {
    const { ana, ben } = await aHousehold();
    const old = await linkOf(ben);
    await feedAt(old).expect(200);
    await call('delete', `/members/${ben.uid}`, ben).expect(200);
    await feedAt(old).expect(404);
    await join(ana, ben);
    const gone = await feedAt(old).expect(404);
    expect(gone.body.error.message).toBe(
      'This calendar link does not work. It may have been reset: copy the current link from the Household page.',
    );
    const renewed = await linkOf(ben);
    expect(renewed).not.toBe(old);
    await feedAt(renewed).expect(200);
    await feedAt(old).expect(404);

    // Removed by the owner and invited back: the same.
    await call('delete', `/members/${ben.uid}`, ana).expect(200);
    await join(ana, ben);
    await feedAt(renewed).expect(404);
    await feedAt(await linkOf(ben)).expect(200);
  });

  it('refuses a caller in no household, a sitter after their last day, the signed out and a malformed link, storing nothing', async () => {
    const { sam } = await aHousehold();
    const loner = await createTestUser('Lou Loner');
    const before = await storedLinks();
    const noHousehold = await request(app).get('/mango/calendar/household').set(bearer(loner)).expect(404);
    expect(noHousehold.body.error.message).toBe(
      'You do not belong to a household. Create one, or ask its owner for an invite.',
    );
    await request(app).post('/mango/calendar/household/rotate').set(bearer(loner)).expect(404);
    await request(app).get('/mango/calendar/household').expect(401);
    await request(app).post('/mango/calendar/household/rotate').expect(401);
    onDay(21);
    const lapsed = await request(app).get('/mango/calendar/household').set(bearer(sam)).expect(403);
    expect(lapsed.body.error.message).toMatch(/^Your time as a sitter of this household ended on 2026-06-20\./);
    await request(app).post('/mango/calendar/household/rotate').set(bearer(sam)).expect(403);
    for (const file of ['x'.repeat(43), `${'x'.repeat(42)}.ics`, `${'x'.repeat(43)}.ical`])
      expect((await request(app).get(`/mango/calendar/household/${file}`).expect(400)).body.error.message).toBe(
        'This is not a Mango Grove Tracker calendar link. Copy the link again from the Household page.',
      );
    await request(app)
      .get(`/mango/calendar/household/${'x'.repeat(43)}.ics`)
      .expect(404);
    await request(app).delete('/mango/calendar/household').set(bearer(sam)).expect(405);
    expect(await storedLinks()).toEqual(before);
  });
});
