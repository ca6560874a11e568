import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type AccountLimits } from '../src/config/limits';
import {
  HOUSEHOLD_INVITES_COLLECTION,
  HOUSEHOLD_MEMBERS_COLLECTION,
  HOUSEHOLDS_COLLECTION,
} from '../src/households/households.repository';
import { hashInviteToken } from '../src/households/households.service';
import { getDb } from '../src/lib/firebase';
import type { Household } from '../src/model';
import { testApp } from './support/app';
import { bearer, createTestUser, type TestUser } from './support/users';

const START = new Date('2026-06-01T10:00:00.000Z');
let now = START;
const DAY_MS = 24 * 60 * 60 * 1000;
const advanceDays = (days: number) => (now = new Date(now.getTime() + days * DAY_MS));

/** The app with the clock the tests move, and limits of their own where a test needs small ones. */
const appWith = (limits: Partial<AccountLimits> = {}) =>
  testApp({ clock: () => now, limits: { ...DEFAULT_LIMITS, ...limits } });
const app = appWith();

/** The host the request comes through: invite links are made on it. */
const HOST = 'mango-grove.test';
const JOIN_URL = /^http:\/\/mango-grove\.test\/join\/([A-Za-z0-9_-]{43})$/;

type Method = 'get' | 'post' | 'patch' | 'delete';
const call = (method: Method, path: string, user?: TestUser, on = app) => {
  const req = request(on)[method](`/mango/household${path}`).set('Host', HOST);
  return user ? req.set(bearer(user)) : req;
};

/** Every household document, membership and invite, as stored: what a refusal must leave alone. */
async function store(): Promise<Record<string, unknown>> {
  const db = getDb();
  const all: Record<string, unknown> = {};
  for (const name of [HOUSEHOLDS_COLLECTION, HOUSEHOLD_MEMBERS_COLLECTION, HOUSEHOLD_INVITES_COLLECTION])
    for (const doc of (await db.collection(name).get()).docs) all[`${name}/${doc.id}`] = doc.data();
  return all;
}

/** Runs a refused call and checks its answer and that the store is as it was. */
async function refused(status: number, code: string, send: () => PromiseLike<request.Response>) {
  const before = await store();
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.message).toMatch(/^[A-Z].*\.$/);
  expect(await store()).toEqual(before);
  return response;
}

const householdOf = (response: request.Response) => response.body.household as Household;

async function aHousehold(name = 'Balcony Growers') {
  const owner = await createTestUser('Olive Owner');
  const created = await call('post', '', owner).send({ name }).expect(201);
  return { owner, household: householdOf(created) };
}

async function anInvite(owner: TestUser, body: object = { role: 'member' }, on = app) {
  const response = await call('post', '/invites', owner, on).send(body).expect(201);
  return response.body as { token: string; url: string; role: string; until: string | null; expiresAt: string };
}

async function aMember(owner: TestUser, name = 'Mel Member', body: object = { role: 'member' }) {
  const member = await createTestUser(name);
  const { token } = await anInvite(owner, body);
  await call('post', '/join', member).send({ token }).expect(200);
  return member;
}

beforeEach(() => {
  now = START;
});

describe('the household API', () => {
  it('needs a token on every call: 401 and nothing stored', async () => {
    const before = await store();
    for (const [method, path] of [
      ['get', ''],
      ['post', ''],
      ['patch', ''],
      ['delete', ''],
      ['post', '/invites'],
      ['get', '/invites/x'],
      ['post', '/join'],
      ['patch', '/members/x'],
      ['delete', '/members/x'],
    ] as const) {
      const response = await call(method, path).send({}).expect(401);
      expect(response.body.error.code).toBe('unauthenticated');
    }
    expect(await store()).toEqual(before);
  });
});

describe('create, get, rename, dissolve', () => {
  it('creates a household with the caller as its owner, and shows it without anyone’s email', async () => {
    const owner = await createTestUser('Olive Owner');
    const created = await call('post', '', owner).send({ name: '  Balcony Growers  ' }).expect(201);
    const household = householdOf(created);
    expect(household).toEqual({
      _id: expect.any(String),
      name: 'Balcony Growers',
      role: 'owner',
      members: [{ uid: owner.uid, displayName: 'Olive Owner', role: 'owner', until: null }],
    });
    const read = await call('get', '', owner).expect(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(householdOf(read)).toEqual(household);
    expect(JSON.stringify(read.body)).not.toContain('@');
  });

  it('refuses a second household (409), a missing or too long name (400), changing nothing', async () => {
    const { owner } = await aHousehold();
    await refused(409, 'conflict', () => call('post', '', owner).send({ name: 'Another' }));
    const stranger = await createTestUser('Stan Stranger');
    const blank = await refused(400, 'invalid_input', () => call('post', '', stranger).send({ name: '   ' }));
    expect(blank.body.error.fields).toHaveProperty('name');
    const long = await refused(400, 'invalid_input', () => call('post', '', stranger).send({ name: 'x'.repeat(61) }));
    expect(long.body.error.fields.name).toMatch(/60/);
    await refused(400, 'invalid_input', () => call('post', '', stranger).send({}));
    await call('post', '', stranger)
      .send({ name: 'x'.repeat(60) })
      .expect(201);
  });

  it('answers 404 to someone in no household', async () => {
    const stranger = await createTestUser('Stan Stranger');
    await refused(404, 'not_found', () => call('get', '', stranger));
  });

  it('lets the owner rename it, and no one else (403)', async () => {
    const { owner } = await aHousehold();
    const member = await aMember(owner);
    const renamed = await call('patch', '', owner).send({ name: 'Roof Garden' }).expect(200);
    expect(householdOf(renamed)).toMatchObject({ name: 'Roof Garden', role: 'owner' });
    expect(householdOf(await call('get', '', member).expect(200)).name).toBe('Roof Garden');
    await refused(403, 'forbidden', () => call('patch', '', member).send({ name: 'Mine Now' }));
    await refused(400, 'invalid_input', () => call('patch', '', owner).send({ name: '' }));
    await refused(404, 'not_found', async () => call('patch', '', await createTestUser()).send({ name: 'Mine' }));
  });

  it('lets only the owner dissolve it, which deletes it, every membership and its open invites', async () => {
    const { owner, household } = await aHousehold();
    const member = await aMember(owner);
    await anInvite(owner);
    await refused(403, 'forbidden', () => call('delete', '', member));
    const response = await call('delete', '', owner).expect(200);
    expect(response.body).toEqual({ deleted: true });
    const left = await store();
    expect(
      Object.values(left).filter((doc) => (doc as { householdId?: string }).householdId === household._id),
    ).toEqual([expect.objectContaining({ usedBy: member.uid })]);
    expect(left).not.toHaveProperty(`${HOUSEHOLDS_COLLECTION}/${household._id}`);
    await call('get', '', owner).expect(404);
    await call('get', '', member).expect(404);
    // Both may start again.
    await call('post', '', member).send({ name: 'Fresh Start' }).expect(201);
  });
});

describe('invites', () => {
  it('gives the owner a one-time link on the request’s own site, and stores only a hash of its token', async () => {
    const { owner, household } = await aHousehold();
    const invite = await anInvite(owner);
    expect(invite).toEqual({
      token: expect.any(String),
      url: `http://${HOST}/join/${invite.token}`,
      role: 'member',
      until: null,
      expiresAt: new Date(START.getTime() + 7 * DAY_MS).toISOString(),
    });
    expect(invite.url).toMatch(JOIN_URL);
    const stored = await getDb().collection(HOUSEHOLD_INVITES_COLLECTION).doc(hashInviteToken(invite.token)).get();
    expect(stored.get('householdId')).toBe(household._id);
    // Firestore deletes it 30 days after it expires, used or not (firestore.indexes.json's TTL policy).
    expect(stored.get('deleteAt').toDate()).toEqual(new Date(START.getTime() + (7 + 30) * DAY_MS));
    const everything = JSON.stringify(await store());
    expect(everything).not.toContain(invite.token);

    const info = await call('get', `/invites/${invite.token}`, await createTestUser('Curious')).expect(200);
    expect(info.body).toEqual({
      householdName: 'Balcony Growers',
      invitedBy: 'Olive Owner',
      role: 'member',
      until: null,
    });
  });

  it('is the owner’s alone (403), and checks a sitter’s end date against the clock', async () => {
    const { owner } = await aHousehold();
    const member = await aMember(owner);
    await refused(403, 'forbidden', () => call('post', '/invites', member).send({ role: 'member' }));
    const invite = (body: object) => call('post', '/invites', owner).send(body);
    const noUntil = await refused(400, 'invalid_input', () => invite({ role: 'sitter' }));
    expect(noUntil.body.error.fields).toHaveProperty('until');
    await refused(400, 'invalid_input', () => invite({ role: 'member', until: '2026-06-05' }));
    await refused(400, 'invalid_input', () => invite({ role: 'owner' }));
    await refused(400, 'invalid_input', () => invite({ role: 'sitter', until: '2026-05-31' }));
    await refused(400, 'invalid_input', () => invite({ role: 'sitter', until: '2026-08-31' }));
    await refused(400, 'invalid_input', () => invite({ role: 'sitter', until: '2026-02-30' }));
    expect((await anInvite(owner, { role: 'sitter', until: '2026-06-01' })).until).toBe('2026-06-01');
    expect((await anInvite(owner, { role: 'sitter', until: '2026-08-30' })).until).toBe('2026-08-30');
  });

  it('answers 404 to an unknown token and 410 once used or expired', async () => {
    const { owner } = await aHousehold();
    const reader = await createTestUser('Reader');
    await refused(404, 'not_found', () => call('get', `/invites/${'A'.repeat(43)}`, reader));
    await refused(404, 'not_found', () => call('get', '/invites/not-a-token', reader));
    await refused(404, 'not_found', () => call('post', '/join', reader).send({ token: 'A'.repeat(43) }));

    const used = await anInvite(owner);
    await call('post', '/join', await createTestUser('First'))
      .send({ token: used.token })
      .expect(200);
    await refused(410, 'gone', () => call('get', `/invites/${used.token}`, reader));
    await refused(410, 'gone', () => call('post', '/join', reader).send({ token: used.token }));

    const expiring = await anInvite(owner);
    advanceDays(7);
    await refused(410, 'gone', () => call('get', `/invites/${expiring.token}`, reader));
    await refused(410, 'gone', () => call('post', '/join', reader).send({ token: expiring.token }));
  });

  it('keeps at most the configured number of open invites (409 past it)', async () => {
    const limited = appWith({ householdOpenInvites: 2 });
    const { owner } = await aHousehold();
    await anInvite(owner, { role: 'member' }, limited);
    const second = await anInvite(owner, { role: 'member' }, limited);
    await refused(409, 'conflict', () => call('post', '/invites', owner, limited).send({ role: 'member' }));
    // A used invite is no longer open.
    await call('post', '/join', await createTestUser('Joiner'))
      .send({ token: second.token })
      .expect(200);
    await anInvite(owner, { role: 'member' }, limited);
  });
});

describe('join', () => {
  it('lets the invited person in with the invite’s role, and shows them the household', async () => {
    const { owner, household } = await aHousehold();
    const sitter = await createTestUser('Sam Sitter');
    const { token } = await anInvite(owner, { role: 'sitter', until: '2026-06-10' });
    const joined = await call('post', '/join', sitter).send({ token }).expect(200);
    expect(householdOf(joined)).toEqual({
      _id: household._id,
      name: 'Balcony Growers',
      role: 'sitter',
      members: [
        { uid: owner.uid, displayName: 'Olive Owner', role: 'owner', until: null },
        { uid: sitter.uid, displayName: 'Sam Sitter', role: 'sitter', until: '2026-06-10' },
      ],
    });
    const read = await call('get', '', owner).expect(200);
    expect(householdOf(read).members).toHaveLength(2);
    // The caller's membership and the household (the permission), then the two memberships.
    expect(read.headers['x-firestore-reads']).toBe('documents=4, aggregations=0');
  });

  it('refuses someone already in a household (409)', async () => {
    const { owner } = await aHousehold();
    const { owner: other } = await aHousehold('Other Place');
    const { token } = await anInvite(owner);
    await refused(409, 'conflict', () => call('post', '/join', other).send({ token }));
    await refused(400, 'invalid_input', () => call('post', '/join', other).send({}));
  });

  it('lets exactly one of eight people joining with one token at once in', async () => {
    const { owner, household } = await aHousehold();
    const { token } = await anInvite(owner);
    const joiners = await Promise.all(Array.from({ length: 8 }, (_, i) => createTestUser(`Racer ${i}`)));
    const answers = await Promise.all(joiners.map((joiner) => call('post', '/join', joiner).send({ token })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    const memberships = await getDb()
      .collection(HOUSEHOLD_MEMBERS_COLLECTION)
      .where('householdId', '==', household._id)
      .get();
    expect(memberships.size).toBe(2);
    const stored = await getDb().collection(HOUSEHOLDS_COLLECTION).doc(household._id).get();
    expect(stored.get('memberCount')).toBe(2);
  });

  it('keeps a household to the configured number of people (409 past it)', async () => {
    const limited = appWith({ householdMembers: 2 });
    const { owner } = await aHousehold();
    const first = await anInvite(owner, { role: 'member' }, limited);
    const second = await anInvite(owner, { role: 'member' }, limited);
    await call('post', '/join', await createTestUser('One'), limited)
      .send({ token: first.token })
      .expect(200);
    const full = await refused(409, 'conflict', async () =>
      call('post', '/join', await createTestUser('Two'), limited).send({ token: second.token }),
    );
    expect(full.body.error.message).toMatch(/2 people/);
  });
});

describe('members', () => {
  it('lets the owner change roles and end dates, and no one else (403)', async () => {
    const { owner } = await aHousehold();
    const member = await aMember(owner);
    const sitter = await aMember(owner, 'Sam Sitter', { role: 'sitter', until: '2026-06-05' });
    const toSitter = await call('patch', `/members/${member.uid}`, owner)
      .send({ role: 'sitter', until: '2026-06-20' })
      .expect(200);
    expect(householdOf(toSitter).members).toContainEqual({
      uid: member.uid,
      displayName: 'Mel Member',
      role: 'sitter',
      until: '2026-06-20',
    });
    const later = await call('patch', `/members/${sitter.uid}`, owner).send({ until: '2026-06-30' }).expect(200);
    expect(householdOf(later).members).toContainEqual(
      expect.objectContaining({ uid: sitter.uid, until: '2026-06-30' }),
    );
    const back = await call('patch', `/members/${member.uid}`, owner).send({ role: 'member' }).expect(200);
    expect(householdOf(back).members).toContainEqual(expect.objectContaining({ uid: member.uid, until: null }));

    await refused(403, 'forbidden', () => call('patch', `/members/${sitter.uid}`, member).send({ role: 'member' }));
    await refused(400, 'invalid_input', () =>
      call('patch', `/members/${member.uid}`, owner).send({ until: '2026-06-09' }),
    );
    await refused(400, 'invalid_input', () => call('patch', `/members/${member.uid}`, owner).send({ role: 'sitter' }));
    await refused(400, 'invalid_input', () =>
      call('patch', `/members/${member.uid}`, owner).send({ role: 'sitter', until: '2027-01-01' }),
    );
    await refused(404, 'not_found', async () =>
      call('patch', `/members/${(await createTestUser()).uid}`, owner).send({ role: 'member' }),
    );
    await refused(409, 'conflict', () => call('patch', `/members/${owner.uid}`, owner).send({ role: 'member' }));
  });

  it('hands ownership over: the new owner manages, the old one is a member', async () => {
    const { owner } = await aHousehold();
    const heir = await aMember(owner, 'Hal Heir');
    const handed = await call('patch', `/members/${heir.uid}`, owner).send({ role: 'owner' }).expect(200);
    expect(householdOf(handed).role).toBe('member');
    expect(householdOf(handed).members.map(({ uid, role }) => [uid, role])).toEqual([
      [heir.uid, 'owner'],
      [owner.uid, 'member'],
    ]);
    await refused(403, 'forbidden', () => call('patch', '', owner).send({ name: 'Still Mine' }));
    await call('patch', '', heir).send({ name: 'Heir’s Garden' }).expect(200);
    expect(householdOf(await call('get', '', owner).expect(200)).role).toBe('member');
  });

  it('lets the owner remove others and anyone leave, but not the owner (409)', async () => {
    const { owner } = await aHousehold();
    const member = await aMember(owner);
    const leaver = await aMember(owner, 'Lee Leaver');
    await refused(403, 'forbidden', () => call('delete', `/members/${leaver.uid}`, member));
    await refused(409, 'conflict', () => call('delete', `/members/${owner.uid}`, owner));

    const removed = await call('delete', `/members/${member.uid}`, owner).expect(200);
    expect(householdOf(removed).members.map((m) => m.uid)).toEqual([owner.uid, leaver.uid]);
    await call('get', '', member).expect(404);

    const left = await call('delete', `/members/${leaver.uid}`, leaver).expect(200);
    expect(left.body).toEqual({ left: true });
    await call('get', '', leaver).expect(404);
    const household = householdOf(await call('get', '', owner).expect(200));
    expect(household.members.map((m) => m.uid)).toEqual([owner.uid]);
    const stored = await getDb().collection(HOUSEHOLDS_COLLECTION).doc(household._id).get();
    expect(stored.get('memberCount')).toBe(1);
  });

  it('shuts a sitter out after the end of their last day (403), and lets them start anew', async () => {
    const { owner, household } = await aHousehold();
    const sitter = await aMember(owner, 'Sam Sitter', { role: 'sitter', until: '2026-06-03' });
    now = new Date('2026-06-03T23:59:00.000Z');
    await call('get', '', sitter).expect(200);
    now = new Date('2026-06-04T00:00:00.000Z');
    const shut = await refused(403, 'forbidden', () => call('get', '', sitter));
    expect(shut.body.error.message).toMatch(/ended on 2026-06-03/);
    await refused(403, 'forbidden', () => call('delete', `/members/${sitter.uid}`, sitter));
    // The owner still sees them until removed; once they start their own, the old household counts one fewer.
    expect(householdOf(await call('get', '', owner).expect(200)).members).toHaveLength(2);
    await call('post', '', sitter).send({ name: 'Sitter’s Own' }).expect(201);
    expect(householdOf(await call('get', '', owner).expect(200)).members).toHaveLength(1);
    const stored = await getDb().collection(HOUSEHOLDS_COLLECTION).doc(household._id).get();
    expect(stored.get('memberCount')).toBe(1);
  });
});
