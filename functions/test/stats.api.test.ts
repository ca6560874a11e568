import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../src/lib/firebase';
import { CATEGORIES, CreatePlantInputSchema, weekTrend, type DashboardStats } from '../src/model';
import { createAccountsRepository } from '../src/accounts/accounts.repository';
import { createActivityRepository } from '../src/activity/activity.repository';
import { DEFAULT_LIMITS } from '../src/config/limits';
import { membershipInWriteReader } from '../src/households/memberships.repository';
import { countPlants, createPlantsRepository, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { FUNCTION_URL, HOSTING_URL } from './support/emulators';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';
import { PUBLIC_CACHE } from '../src/lib/http-cache';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * A moment decades ago, at a random day: every other test writes at the real time, so the stats
 * windows ending here hold only what this file puts there, and its figures can be checked exactly.
 */
function quietMoment(): Date {
  const start = Date.UTC(1975, 0, 1);
  const span = Date.UTC(2000, 0, 1) - start;
  return new Date(start + Math.floor(Math.random() * (span / DAY)) * DAY + 12 * HOUR);
}

function plantOf(owner: TestUser, plantName: string, category: string) {
  return {
    ...CreatePlantInputSchema.parse({ plantName, category }),
    userEmail: owner.email,
    userName: owner.displayName ?? 'Stats Gardener',
    ownerUid: owner.uid,
  };
}

async function knownCategoriesInUse(): Promise<number> {
  const snapshot = await getDb().collection(PLANTS_COLLECTION).get();
  const used = new Set(snapshot.docs.map((doc) => doc.get('category') as string));
  return CATEGORIES.filter((category) => used.has(category)).length;
}

describe('GET /mango/stats, against plants and activity with known dates', () => {
  it('counts each figure over the last 7 days and the 7 before, with the trend between them', async () => {
    const T = quietMoment();
    const at = (msBefore: number) => new Date(T.getTime() - msBefore);
    const owner = await createTestUser('Stats Gardener');
    const repository = createPlantsRepository(
      getDb(),
      createAccountsRepository(
        getDb(),
        () => DEFAULT_LIMITS,
        (uid) => countPlants(getDb(), uid),
        membershipInWriteReader(getDb),
      ),
      createActivityRepository(getDb()),
    );
    const noObjection = () => undefined;

    // Written through the API's own repository with chosen times, as the API would have.
    const bonsai = await repository.createPlant(plantOf(owner, 'Stats Bonsai', 'bonsai'), at(20 * DAY)); // before both windows
    const rose = await repository.createPlant(plantOf(owner, 'Stats Rose', 'Flower'), at(12 * DAY)); // last week
    const fern = await repository.createPlant(plantOf(owner, 'Stats Fern', 'fern'), at(10 * DAY)); // last week
    const lemon = await repository.createPlant(plantOf(owner, 'Stats Lemon', 'Fruit'), at(9 * DAY)); // last week
    const mint = await repository.createPlant(plantOf(owner, 'Stats Mint', 'Herbs'), at(4 * DAY)); // this week
    const basil = await repository.createPlant(plantOf(owner, 'Stats Basil', 'Herbs'), at(3 * DAY)); // this week
    await repository.updatePlant(
      basil,
      { uid: owner.uid, displayName: 'Owner' },
      () => ({ healthStatus: 'Needs Care' }),
      at(2 * DAY),
    );
    await repository.updatePlant(
      basil,
      { uid: owner.uid, displayName: 'Owner' },
      () => ({ plantName: 'Stats Sweet Basil' }),
      at(1 * DAY),
    );
    await repository.deletePlant(rose, owner.uid, noObjection, at(5 * HOUR));
    // An update that changes nothing writes nothing, so it leaves no activity either.
    await repository.updatePlant(fern, { uid: owner.uid, displayName: 'Owner' }, () => ({}), at(1 * HOUR));

    const app = testApp.withClock(() => T);
    const visitor = (await request(app).get('/mango/stats').expect(200)).body as DashboardStats;
    const categoriesNow = await knownCategoriesInUse();

    // Activity: this week Mint added, Basil added and updated twice = 4; last week Rose, Fern and
    // Lemon added = 3. Deletes are not activity.
    expect(visitor.activity).toEqual({ value: 4, previous: 3, trend: { direction: 'up', percent: 33 } });
    // Categories: of the plants that still exist, those created before the week are Bonsai,
    // Fern and Lemon (Rose is deleted): bonsai, fern, Fruit.
    expect(visitor.categories).toEqual({
      value: categoriesNow,
      previous: 3,
      known: 8,
      trend: weekTrend(categoriesNow, 3),
    });
    // Total: everything now, less the 2 added this week (Mint, Basil), plus the 1 deleted (Rose).
    const total = visitor.totalPlants.value;
    expect(visitor.totalPlants).toEqual({ value: total, previous: total - 1, trend: weekTrend(total, total - 1) });
    expect(visitor).not.toHaveProperty('mine');

    const signedIn = (await request(app).get('/mango/stats').set(bearer(owner)).expect(200)).body as DashboardStats;
    // Mine: Bonsai, Fern, Lemon, Mint, Basil now (5); a week ago Bonsai, Rose, Fern, Lemon (4).
    expect(signedIn.mine?.plants).toEqual({ value: 5, previous: 4, trend: { direction: 'up', percent: 25 } });
    // Basil needs care since its edit; the other four are healthy.
    expect(signedIn.mine?.healthyPlants).toBe(4);
    expect(signedIn.mine?.recentActivity).toEqual([
      {
        _id: expect.any(String),
        type: 'deleted',
        plantId: rose,
        plantName: 'Stats Rose',
        at: at(5 * HOUR).toISOString(),
      },
      {
        _id: expect.any(String),
        type: 'updated',
        plantId: basil,
        plantName: 'Stats Sweet Basil',
        at: at(1 * DAY).toISOString(),
      },
      {
        _id: expect.any(String),
        type: 'updated',
        plantId: basil,
        plantName: 'Stats Basil',
        at: at(2 * DAY).toISOString(),
      },
    ]);
    expect(signedIn.activity).toEqual(visitor.activity);

    for (const id of [bonsai, fern, lemon, mint, basil])
      await repository.deletePlant(id, owner.uid, noObjection, new Date(T.getTime() + HOUR));
  });
});

describe('GET /mango/stats at the real time', () => {
  const app = testApp();

  it('gives a new user their own figures, starting from nothing, and counts their first plant', async () => {
    const user = await createTestUser('Fresh Gardener');
    const before = (await request(app).get('/mango/stats').set(bearer(user)).expect(200)).body as DashboardStats;
    expect(before.mine).toEqual({
      plants: { value: 0, previous: 0, trend: { direction: 'flat', percent: 0 } },
      healthyPlants: 0,
      recentActivity: [],
    });

    const id = await createPlantAs(app, user, { plantName: 'First Fig', category: 'Fruit' });
    const plant = (await request(app).get(`/mango/${id}`).expect(200)).body as { createdAt: string };
    const after = (await request(app).get('/mango/stats').set(bearer(user)).expect(200)).body as DashboardStats;
    expect(after.mine).toEqual({
      plants: { value: 1, previous: 0, trend: { direction: 'up', percent: 100 } },
      healthyPlants: 1,
      recentActivity: [
        { _id: expect.any(String), type: 'added', plantId: id, plantName: 'First Fig', at: plant.createdAt },
      ],
    });
    // Other suites may write at the same time, so everyone's figures grow at least by this plant.
    expect(after.totalPlants.value).toBeGreaterThanOrEqual(before.totalPlants.value + 1);
    expect(after.activity.value).toBeGreaterThanOrEqual(before.activity.value + 1);
    expect(after.categories.value).toBeGreaterThanOrEqual(1);
    expect(after.categories.known).toBe(8);
  });

  it("shows a user only their own activity, never another user's", async () => {
    const [me, other] = await Promise.all([createTestUser('Private Gardener'), createTestUser('Other Gardener')]);
    await createPlantAs(app, other, { plantName: 'Not Mine', category: 'Flower' });
    const stats = (await request(app).get('/mango/stats').set(bearer(me)).expect(200)).body as DashboardStats;
    expect(stats.mine?.plants.value).toBe(0);
    expect(stats.mine?.recentActivity).toEqual([]);
  });

  it('answers a visitor publicly (ETag, revalidated) and a signed-in caller privately', async () => {
    const visitor = await request(app).get('/mango/stats').expect(200);
    expect(visitor.headers['content-type']).toMatch(/application\/json/);
    expect(visitor.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(visitor.headers['vary']).toMatch(/Authorization/);
    const etag = visitor.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(Object.keys(visitor.body).sort()).toEqual(['activity', 'categories', 'totalPlants']);
    await request(app).get('/mango/stats').set('If-None-Match', etag).expect(304);

    const user = await createTestUser('Private Stats');
    const signedIn = await request(app).get('/mango/stats').set(bearer(user)).expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers['etag']).toBeUndefined();
    expect(signedIn.body).toHaveProperty('mine');
  });

  it('refuses a token that does not verify (401), as the rest of the API does', async () => {
    const response = await request(app).get('/mango/stats').set('Authorization', 'Bearer not-a-token').expect(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.body.error.code).toBe('invalid_token');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 405 with Allow for anything but GET and HEAD', async () => {
    const user = await createTestUser('Stats Poster');
    const response = await request(app).post('/mango/stats').set(bearer(user)).send({}).expect(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
    expect(response.body.error.code).toBe('method_not_allowed');
    await request(app).delete('/mango/stats').set(bearer(user)).expect(405);
  });

  it.each([
    ['the Functions emulator', FUNCTION_URL],
    ['the Hosting rewrite', HOSTING_URL],
  ])('is served through %s, not taken for a plant id', async (_where, base) => {
    const user = await createTestUser('Runtime Stats');
    const visitor = await fetch(`${base}/mango/stats`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toBe(PUBLIC_CACHE);
    const body = (await visitor.json()) as DashboardStats;
    expect(body.totalPlants.value).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('mine');

    const signedIn = await fetch(`${base}/mango/stats`, { headers: bearer(user) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(((await signedIn.json()) as DashboardStats).mine?.plants.value).toBe(0);
  });
});
