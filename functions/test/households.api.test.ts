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
import { PRIVATE_CACHE } from '../src/lib/http-cache';
import { WORKER_CACHE_CONTROL } from '../src/model/worker-cache';
import type { Household, OpenInvite } from '../src/model';
import { testApp } from './support/app';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

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
      ['get', '/invites'],
      ['get', '/invites/x'],
      ['delete', '/invites/x'],
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

describe('open invites: the list and withdrawing', () => {
  const list = async (owner: TestUser) => {
    const response = await call('get', '/invites', owner).expect(200);
    return response.body.invites as OpenInvite[];
  };

  it('lists the open invites to the owner, soonest to expire first, without their tokens', async () => {
    const { owner } = await aHousehold();
    const first = await anInvite(owner);
    advanceDays(1);
    const sitting = await anInvite(owner, { role: 'sitter', until: '2026-06-20' });
    const used = await anInvite(owner);
    await call('post', '/join', await createTestUser('Joiner'))
      .send({ token: used.token })
      .expect(200);

    const response = await call('get', '/invites', owner).expect(200);
    expect(response.body).toEqual({
      invites: [
        { _id: hashInviteToken(first.token), role: 'member', until: null, expiresAt: first.expiresAt },
        { _id: hashInviteToken(sitting.token), role: 'sitter', until: '2026-06-20', expiresAt: sitting.expiresAt },
      ],
    });
    for (const token of [first.token, sitting.token, used.token]) expect(response.text).not.toContain(token);
    // The household's membership (the permission) and the open invites, one query.
    expect(response.headers['x-firestore-reads']).toBe('documents=3, aggregations=0');

    // An expired invite is no longer open.
    advanceDays(6);
    expect((await list(owner)).map((invite) => invite._id)).toEqual([hashInviteToken(sitting.token)]);
  });

  it('is the owner’s alone: 403 for the household’s others, 404 for someone in none', async () => {
    const { owner } = await aHousehold();
    const member = await aMember(owner);
    const sitter = await aMember(owner, 'Sam Sitter', { role: 'sitter', until: '2026-06-10' });
    for (const other of [member, sitter]) await refused(403, 'forbidden', () => call('get', '/invites', other));
    const stranger = await createTestUser('Stan Stranger');
    await refused(404, 'not_found', () => call('get', '/invites', stranger));
    expect(await list(owner)).toEqual([]);
  });

  it('lets the owner withdraw an open invite: its link answers 410 and it no longer counts as open', async () => {
    const limited = appWith({ householdOpenInvites: 1 });
    const { owner, household } = await aHousehold();
    const invite = await anInvite(owner, { role: 'member' }, limited);
    await refused(409, 'conflict', () => call('post', '/invites', owner, limited).send({ role: 'member' }));
    const [open] = await list(owner);

    const withdrawn = await call('delete', `/invites/${open!._id}`, owner).expect(200);
    expect(withdrawn.body).toEqual({ withdrawn: true });
    expect(await list(owner)).toEqual([]);
    const joiner = await createTestUser('Late Joiner');
    const gone = await refused(410, 'gone', () => call('get', `/invites/${invite.token}`, joiner));
    expect(gone.body.error.message).toBe(
      'This invite was withdrawn by the household owner. Ask the household owner for a new invite.',
    );
    await refused(410, 'gone', () => call('post', '/join', joiner).send({ token: invite.token }));
    await anInvite(owner, { role: 'member' }, limited);
    const stored = await getDb().collection(HOUSEHOLDS_COLLECTION).doc(household._id).get();
    expect(stored.get('memberCount')).toBe(1);
  });

  it('refuses what it cannot withdraw, changing nothing: 404 unknown, 410 used, expired or withdrawn, 403 for others', async () => {
    const { owner } = await aHousehold();
    const member = await aMember(owner);
    const { owner: neighbour } = await aHousehold('Next Door');
    const open = await anInvite(owner);
    const id = hashInviteToken(open.token);

    await refused(403, 'forbidden', () => call('delete', `/invites/${id}`, member));
    const stranger = await createTestUser('Stan Stranger');
    await refused(404, 'not_found', () => call('delete', `/invites/${id}`, stranger));
    // Another household's owner learns nothing of it: 404, as for none.
    await refused(404, 'not_found', () => call('delete', `/invites/${id}`, neighbour));
    for (const unknown of ['A'.repeat(43), 'not-an-id', 'a%2Fb'])
      await refused(404, 'not_found', () => call('delete', `/invites/${unknown}`, owner));
    // The token is no id, and the id is no token: neither works as the other.
    await refused(404, 'not_found', () => call('delete', `/invites/${open.token}`, owner));
    await refused(404, 'not_found', () => call('get', `/invites/${id}`, member));
    const hopeful = await createTestUser('Hopeful');
    await refused(404, 'not_found', () => call('post', '/join', hopeful).send({ token: id }));

    const used = await anInvite(owner);
    await call('post', '/join', await createTestUser('Joiner'))
      .send({ token: used.token })
      .expect(200);
    const usedRefusal = await refused(410, 'gone', () =>
      call('delete', `/invites/${hashInviteToken(used.token)}`, owner),
    );
    expect(usedRefusal.body.error.message).toBe('This invite has already been used, so it can no longer be withdrawn.');

    await call('delete', `/invites/${id}`, owner).expect(200);
    const again = await refused(410, 'gone', () => call('delete', `/invites/${id}`, owner));
    expect(again.body.error.message).toBe('This invite has already been withdrawn.');

    const expiring = await anInvite(owner);
    advanceDays(7);
    await refused(410, 'gone', () => call('delete', `/invites/${hashInviteToken(expiring.token)}`, owner));
  });

  it('answers every invite call for no cache at all, not even the web app’s offline copy', async () => {
    const { owner } = await aHousehold();
    const reader = await createTestUser('Reader');
    const invite = await anInvite(owner);
    const answers: [string, request.Response][] = [
      ['POST /invites', await call('post', '/invites', owner).send({ role: 'member' }).expect(201)],
      ['GET /invites', await call('get', '/invites', owner).expect(200)],
      ['GET /invites/:token', await call('get', `/invites/${invite.token}`, reader).expect(200)],
      ['DELETE /invites/:id', await call('delete', `/invites/${hashInviteToken(invite.token)}`, owner).expect(200)],
    ];
    for (const [name, answer] of answers) {
      expect(answer.headers['cache-control'], name).toBe(PRIVATE_CACHE);
      // The field that lets the service worker keep an answer for its user is absent, so it reads no-store.
      expect(answer.headers[WORKER_CACHE_CONTROL.toLowerCase()], name).toBeUndefined();
    }
    // A refusal is kept by nobody either (the error handler's no-store).
    const refusal = await call('get', `/invites/${'A'.repeat(43)}`, reader).expect(404);
    expect(refusal.headers['cache-control']).toBe('no-store');
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

  it('answers 404 to a uid that cannot be one, before Firestore sees it, changing nothing', async () => {
    const { owner } = await aHousehold();
    await aMember(owner);
    // Express decodes the path: a%2Fb reaches the API as a/b, which Firestore would read as a path.
    for (const uid of ['a%2Fb', '%2F', '..', '__name__', 'x'.repeat(129), 'tab%09uid']) {
      const patched = await refused(404, 'not_found', () =>
        call('patch', `/members/${uid}`, owner).send({ role: 'member' }),
      );
      expect(patched.body.error.message).toBe('That person is not a member of your household.');
      await refused(404, 'not_found', () => call('delete', `/members/${uid}`, owner));
    }
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
