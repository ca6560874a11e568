import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION } from '../src/accounts/accounts.repository';
import { HOUSEHOLD_MEMBERS_MOST } from '../src/config/limits';
import { createDueRepository } from '../src/due/due.repository';
import { getDb } from '../src/lib/firebase';
import { createPlantListRepository } from '../src/plant-list/plant-list.repository';
import { plantReadsOf } from '../src/plants/plants.repository';
import { PRIVATE_CACHE, PUBLIC_CACHE } from '../src/lib/http-cache';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlantCount } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const limitedApp = testApp.limited;

const account = async (uid: string) => (await getDb().collection(ACCOUNTS_COLLECTION).doc(uid).get()).data();

describe('the per-account write budget', () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await createTestUser('Busy Gardener');
  });

  it('answers 429 rate_limited with Retry-After and a sentence once the burst is spent, storing nothing', async () => {
    const { app } = limitedApp({ writeBurst: 3, writesPerMinute: 6 });
    for (let i = 0; i < 3; i += 1) await createPlantAs(app, user, aPlant({ plantName: `Burst ${i}` }));
    const refused = await request(app)
      .post('/mango')
      .set(bearer(user))
      .send(aPlant({ plantName: 'One too many' }))
      .expect(429);
    // One write comes back every 10 s at 6 a minute.
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toEqual({
      error: {
        code: 'rate_limited',
        message: 'You are making changes faster than Mango Grove Tracker allows. Please wait 10 seconds and try again.',
      },
    });
    expect(await storedPlantCount(user.uid)).toBe(3);
    expect((await account(user.uid))?.plantCount).toBe(3);
  });

  it('counts every kind of write, and refuses each with nothing stored', async () => {
    const { app } = limitedApp({ writeBurst: 2, writesPerMinute: 1 });
    const id = await createPlantAs(app, user, aPlant({ wateringFrequency: 'Every 3 days' }));
    await request(app).post(`/mango/${id}/care/water`).set(bearer(user)).send({ date: '2026-05-30' }).expect(200);
    const before = (await request(app).get(`/mango/${id}`).set(bearer(user)).expect(200)).body;
    for (const call of [
      request(app).put(`/mango/${id}`).set(bearer(user)).send(anUpdate()),
      request(app).delete(`/mango/${id}`).set(bearer(user)),
      request(app).post(`/mango/${id}/care/water`).set(bearer(user)).send({ date: '2026-05-31' }),
      request(app).delete(`/mango/${id}/care/water/latest`).set(bearer(user)),
    ]) {
      const response = await call;
      expect(response.status).toBe(429);
      expect(Number(response.headers['retry-after'])).toBe(60);
    }
    expect((await request(app).get(`/mango/${id}`).set(bearer(user)).expect(200)).body).toEqual(before);
  });

  it('refills with time: after the wait, writes are accepted again', async () => {
    const { app, advance } = limitedApp({ writeBurst: 2, writesPerMinute: 6 });
    await createPlantAs(app, user);
    await createPlantAs(app, user);
    const refused = await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(429);
    advance(Number(refused.headers['retry-after']) - 1);
    await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(429);
    advance(1);
    await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(201);
    // Never more than the burst, however long the account rested.
    advance(3600);
    for (let i = 0; i < 2; i += 1) await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(201);
    await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(429);
  });

  it("is each account's own: another user writes on", async () => {
    const { app } = limitedApp({ writeBurst: 1, writesPerMinute: 1 });
    const other = await createTestUser('Calm Gardener');
    await createPlantAs(app, user);
    await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(429);
    await createPlantAs(app, other);
  });

  it("spends nothing on a refused or empty request: bad input, another user's plant, a change that changes nothing", async () => {
    const { app } = limitedApp({ writeBurst: 2, writesPerMinute: 1 });
    const other = await createTestUser('Owner');
    const theirs = await createPlantAs(limitedApp({}).app, other);
    await request(app).post('/mango').set(bearer(user)).send({ plantName: '' }).expect(400);
    await request(app).delete(`/mango/${theirs}`).set(bearer(user)).expect(403);
    const id = await createPlantAs(app, user, aPlant(anUpdate()));
    await request(app).put(`/mango/${id}`).set(bearer(user)).send(anUpdate()).expect(200, { modifiedCount: 0 });
    // One write spent so far (the create): one left.
    await request(app).delete(`/mango/${id}`).set(bearer(user)).expect(200);
    await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(429);
  });

  it('takes eight writes of one account at once on real transactions: every one stored once, the budget and the count exact, no marker documents', async () => {
    const { app } = limitedApp({});
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1)
      ids.push(await createPlantAs(app, user, aPlant({ plantName: `Due ${i}`, wateringFrequency: 'Daily' })));
    const started = Date.now();
    const responses = await Promise.all(
      ids.map((id) => request(app).post(`/mango/${id}/care/water`).set(bearer(user)).send({ date: '2026-05-31' })),
    );
    const took = Date.now() - started;
    expect(responses.map((r) => r.status)).toEqual(ids.map(() => 200));
    // They take turns in milliseconds (the account document is not locked by each transaction).
    expect(took).toBeLessThan(3000);
    const stored = await account(user.uid);
    expect(stored).toEqual({ plantCount: 8, tokens: expect.any(Number), refilledAt: expect.anything() });
    expect(stored?.tokens).toBeCloseTo(30 - 16, 5);
    for (const id of ids) {
      const events = (await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as {
        type: string;
      }[];
      expect(events.map((event) => event.type)).toEqual(['watered', 'added']);
    }
    expect((await getDb().collection(`${ACCOUNTS_COLLECTION}/${user.uid}/revisions`).get()).size).toBe(0);
  });
});

describe('the per-account plant quota', () => {
  it('answers 403 quota_exceeded at the configured size, stores nothing, and counts each add and delete exactly', async () => {
    const { app } = limitedApp({ plantsPerAccount: 2 });
    const user = await createTestUser('Full Gardener');
    const first = await createPlantAs(app, user);
    await createPlantAs(app, user);
    const refused = await request(app)
      .post('/mango')
      .set(bearer(user))
      .send(aPlant({ plantName: 'Third' }))
      .expect(403);
    expect(refused.body).toEqual({
      error: {
        code: 'quota_exceeded',
        message: 'You already keep 2 plants, the most one account can have. Delete a plant to add another.',
      },
    });
    expect(await storedPlantCount(user.uid)).toBe(2);
    await request(app).delete(`/mango/${first}`).set(bearer(user)).expect(200);
    expect((await account(user.uid))?.plantCount).toBe(1);
    await createPlantAs(app, user, aPlant({ plantName: 'Third, after a delete' }));
    expect((await account(user.uid))?.plantCount).toBe(2);
  });

  it('counts the plants of an account stored before the count was kept, once, without reading them', async () => {
    const { app } = limitedApp({ plantsPerAccount: 3 });
    const user = await createTestUser('Older Gardener');
    await createPlantAs(app, user);
    await createPlantAs(app, user);
    // As an earlier version left it: plants, and no account document.
    await getDb().collection(ACCOUNTS_COLLECTION).doc(user.uid).delete();
    await createPlantAs(app, user);
    expect((await account(user.uid))?.plantCount).toBe(3);
    await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(403);
  });
});

describe('the largest household the limits allow', () => {
  it(`is ${HOUSEHOLD_MEMBERS_MOST} people: its due list and its plants are one query each, and one more key is refused`, async () => {
    const due = createDueRepository(plantReadsOf(getDb()));
    const shared = createPlantListRepository(plantReadsOf(getDb()));
    const keys = (count: number) => Array.from({ length: count }, (_, i) => `no-such-share-key-${i}`);
    const most = keys(HOUSEHOLD_MEMBERS_MOST);
    await expect(due.listDue('no-such-owner', '2026-12-31', 10, undefined, most)).resolves.toMatchObject({ total: 0 });
    await expect(shared.listShared(most, 10)).resolves.toMatchObject({ total: 0 });
    // Firestore's own limit, which limitsFromEnv keeps every deployment under.
    await expect(
      due.listDue('no-such-owner', '2026-12-31', 10, undefined, keys(HOUSEHOLD_MEMBERS_MOST + 1)),
    ).rejects.toThrow();
  });
});

describe('what caches may keep', () => {
  it("lets the CDN keep visitors' answers for a short time, and nothing asked with a token", async () => {
    const app = testApp();
    const user = await createTestUser('Cache Gardener');
    const id = await createPlantAs(app, user);
    for (const path of [
      '/mango',
      '/mango?limit=8',
      '/mango?sort=plantName&limit=3',
      `/mango/${id}`,
      '/mango/stats',
      '/mango/facets',
    ]) {
      const visitor = await request(app).get(path).expect(200);
      expect(visitor.headers['cache-control'], path).toBe(PUBLIC_CACHE);
      expect(visitor.headers['etag'], path).toMatch(/^"/);
      expect(visitor.headers['vary'], path).toMatch(/Authorization/);
      const signedIn = await request(app).get(path).set(bearer(user)).expect(200);
      expect(signedIn.headers['cache-control'], path).toBe(PRIVATE_CACHE);
      expect(signedIn.headers['etag'], path).toBeUndefined();
    }
    expect(PUBLIC_CACHE).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
  });
});

describe('what one address may make the API read as a visitor', () => {
  it('answers 429 with Retry-After once an address has read its allowance; other addresses and signed-in users read on', async () => {
    const owner = await createTestUser('Visited Gardener');
    for (let i = 0; i < 3; i += 1) await createPlantAs(testApp(), owner, aPlant({ plantName: `Visited ${i}` }));
    const { app, advance } = limitedApp({ visitorReadBurst: 5, visitorReadsPerMinute: 6 });
    // The address Google's front end saw is the last; the first is whatever the client wrote.
    const from = (address: string) => ({ 'X-Forwarded-For': `10.0.0.1, ${address}` });
    // A page before a time: read each time (the newest list without one is kept by the instance).
    const page = { limit: 3, before: '2100-01-01T00:00:00.000Z' };

    // A page of 3 plants reads 3 documents (and one look-ahead): the second spends the rest.
    await request(app).get('/mango').query(page).set(from('203.0.113.7')).expect(200);
    await request(app).get('/mango').query(page).set(from('203.0.113.7')).expect(200);
    const refused = await request(app).get('/mango').query(page).set(from('203.0.113.7')).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toMatch(
      /^This address is reading more than Mango Grove Tracker allows visitors\. Please wait \d+ seconds and try again, or sign in\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(10);

    await request(app).get('/mango').query(page).set(from('198.51.100.2')).expect(200);
    await request(app).get('/mango').query(page).set(from('203.0.113.7')).set(bearer(owner)).expect(200);

    // The allowance refills: after the wait it says, the address reads again.
    advance(Number(refused.headers['retry-after']));
    await request(app)
      .get('/mango')
      .query({ ...page, limit: 1 })
      .set(from('203.0.113.7'))
      .expect(200);
  });
});
