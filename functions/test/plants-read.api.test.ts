import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Plant } from '../src/model';
import { LIST_LIMITS } from '../src/model/plant-list';
import { testApp } from './support/app';
import { HOSTING_URL } from './support/emulators';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';
import { PUBLIC_CACHE } from '../src/lib/http-cache';

const app = testApp();
/**
 * A visitor's plain list as stored now: an instance keeps the one it read for 30 s (the CDN's
 * window), so a test that has just written reads it from an instance that has kept none.
 */
const freshList = (path: string) => request(testApp()).get(path).expect(200);

function expectNewestFirst(plants: Plant[]) {
  const times = plants.map((p) => Date.parse(p.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
}

describe('GET /mango', () => {
  it('answers the newest plants as a JSON array (1,000 at most without a limit), newest first, without owner-only fields', async () => {
    const owner = await createTestUser('Newest Planter');
    const newest = await createPlantAs(app, owner, aPlant({ plantName: 'Newest Fern' }));
    const response = await freshList('/mango');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const plants = response.body as Plant[];
    const { total } = (await request(app).get('/mango/facets').expect(200)).body as { total: number };
    expect(plants).toHaveLength(Math.min(total, LIST_LIMITS.newestMax));
    expect(plants[0]!._id).toBe(newest);
    expectNewestFirst(plants);
    for (const plant of plants) {
      expect(plant).not.toHaveProperty('userEmail');
      expect(plant).not.toHaveProperty('ownerUid');
      expect(plant.userName).toEqual(expect.any(String));
    }
  });

  it('is public, kept by the CDN for a short time, revalidated by browsers: an ETag, and Vary: Authorization', async () => {
    const response = await request(app).get('/mango?limit=3').expect(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(response.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(response.headers['vary']).toMatch(/Authorization/);
  });

  it('answers 304 without a body when the ETag still matches, and 200 with the new plant once something changed', async () => {
    const owner = await createTestUser('Etag Owner');
    const id = await createPlantAs(app, owner, aPlant({ plantName: 'Etag Fern' }));
    const first = await request(app).get(`/mango/${id}`).expect(200);
    const etag = first.headers['etag'] as string;

    const unchanged = await request(app).get(`/mango/${id}`).set('If-None-Match', etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBeFalsy();
    expect(unchanged.headers['etag']).toBe(etag);

    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send({ ...first.body, plantName: 'Etag Fern, renamed' })
      .expect(200);
    const changed = await request(app).get(`/mango/${id}`).set('If-None-Match', etag).expect(200);
    expect(changed.body.plantName).toBe('Etag Fern, renamed');
    expect(changed.headers['etag']).not.toBe(etag);
  });

  it('answers 304 for an unchanged list page', async () => {
    // Plants stored long ago, a page no other test changes.
    const owner = await createTestUser('Old Timer');
    for (let day = 1; day <= 6; day += 1)
      await createPlantAs(
        testApp.withClock(() => new Date(Date.UTC(2001, 0, day))),
        owner,
        aPlant({ plantName: `Old ${day}` }),
      );
    const url = `/mango?before=${encodeURIComponent('2001-01-07T00:00:00.000Z')}&limit=5`;
    const page = await request(app).get(url).expect(200);
    expect(page.body).toHaveLength(5);
    await request(app)
      .get(url)
      .set('If-None-Match', page.headers['etag'] as string)
      .expect(304);
    // As browsers and proxies send it: weak comparison, a list of tags, and a reload's no-cache.
    await request(app)
      .get(url)
      .set('If-None-Match', `"other", W/${page.headers['etag']}`)
      .set('Cache-Control', 'no-cache')
      .expect(304);
    await request(app).get(url).set('If-None-Match', '"other"').expect(200);
  });

  it('?limit=N answers the newest N plants', async () => {
    const fresh = testApp();
    const all = (await request(fresh).get('/mango').expect(200)).body as Plant[];
    const response = await request(fresh).get('/mango?limit=2').expect(200);
    expect((response.body as Plant[]).map((p) => p._id)).toEqual(all.slice(0, 2).map((p) => p._id));
  });

  it('?before=<createdAt> pages back: the pages join up to the whole list', async () => {
    const owner = await createTestUser('Pager');
    for (let i = 0; i < 10; i++) await createPlantAs(app, owner, aPlant({ plantName: `Paged ${i}` }));
    const all = (await freshList('/mango')).body as Plant[];
    expect(all.length).toBeGreaterThanOrEqual(10);
    const first = (await freshList('/mango?limit=4')).body as Plant[];
    const before = first[first.length - 1]!.createdAt;
    const second = (
      await request(app)
        .get(`/mango?limit=4&before=${encodeURIComponent(before)}`)
        .expect(200)
    ).body as Plant[];
    expect([...first, ...second].map((p) => p._id)).toEqual(all.slice(0, 8).map((p) => p._id));
    for (const plant of second) expect(Date.parse(plant.createdAt)).toBeLessThan(Date.parse(before));
  });

  it('with a token, shows the caller the owner fields of their own plants only, privately', async () => {
    const user = await createTestUser('List Viewer');
    const mine = await createPlantAs(app, user, aPlant({ plantName: 'Listed With Token' }));
    const response = await request(app).get('/mango').set(bearer(user)).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['etag']).toBeUndefined();
    expect(response.headers['vary']).toMatch(/Authorization/);
    const plants = response.body as Plant[];
    expect(plants.find((p) => p._id === mine)).toMatchObject({ userEmail: user.email, ownerUid: user.uid });
    for (const plant of plants.filter((p) => p._id !== mine)) {
      expect(plant).not.toHaveProperty('userEmail');
      expect(plant).not.toHaveProperty('ownerUid');
    }
  });

  it('is reachable through the Hosting rewrite, as the browser calls it', async () => {
    const response = await fetch(`${HOSTING_URL}/mango`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE);
    const plants = (await response.json()) as Plant[];
    expect(plants.length).toBeGreaterThan(0);
    expectNewestFirst(plants);
  });
});

describe('GET /mango?email=E', () => {
  let owner: TestUser;
  let ids: string[];

  beforeAll(async () => {
    owner = await createTestUser('Email Lister');
    ids = [];
    for (const name of ['First', 'Second', 'Third'])
      ids.push(await createPlantAs(app, owner, aPlant({ plantName: `${name} Plant` })));
  });

  it("answers the caller's own plants, newest first, with the owner fields, never cached", async () => {
    const response = await request(app).get('/mango').query({ email: owner.email }).set(bearer(owner)).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['vary']).toMatch(/Authorization/);
    const plants = response.body as Plant[];
    expect(plants.map((p) => p._id)).toEqual([...ids].reverse());
    for (const plant of plants) {
      expect(plant).toMatchObject({ userEmail: owner.email, ownerUid: owner.uid, userName: 'Email Lister' });
    }
  });

  it('matches the email in any letter case', async () => {
    const response = await request(app)
      .get('/mango')
      .query({ email: owner.email.toUpperCase() })
      .set(bearer(owner))
      .expect(200);
    expect((response.body as Plant[]).map((p) => p._id)).toEqual([...ids].reverse());
  });

  it('pages with limit and before like the public list', async () => {
    const first = (
      await request(app).get('/mango').query({ email: owner.email, limit: 2 }).set(bearer(owner)).expect(200)
    ).body as Plant[];
    expect(first.map((p) => p._id)).toEqual([ids[2], ids[1]]);
    const rest = (
      await request(app)
        .get('/mango')
        .query({ email: owner.email, before: first[1]!.createdAt })
        .set(bearer(owner))
        .expect(200)
    ).body as Plant[];
    expect(rest.map((p) => p._id)).toEqual([ids[0]]);
  });

  it('never skips a plant stored in the same millisecond as the last plant of a page', async () => {
    const twins = await createTestUser('Twin Planter');
    // Five plants stored in one millisecond, then one older.
    const instant = new Date('2026-02-02T02:02:02.002Z');
    const atOnce = testApp.withClock(() => instant);
    const older = await createPlantAs(
      testApp.withClock(() => new Date(instant.getTime() - 1)),
      twins,
      aPlant({ plantName: 'Older' }),
    );
    const same: string[] = [];
    for (let i = 0; i < 5; i += 1) same.push(await createPlantAs(atOnce, twins, aPlant({ plantName: `Twin ${i}` })));
    const list = (query: Record<string, unknown>) =>
      request(app)
        .get('/mango')
        .query({ email: twins.email, ...query })
        .set(bearer(twins))
        .expect(200);

    // A page of 2 that would end inside the millisecond takes the rest of it, ordered by id.
    const first = (await list({ limit: 2 })).body as Plant[];
    expect(first.map((p) => p._id)).toEqual([...same].sort().reverse());
    expect(new Set(first.map((p) => p.createdAt))).toEqual(new Set([instant.toISOString()]));
    const next = (await list({ limit: 2, before: first.at(-1)!.createdAt })).body as Plant[];
    expect(next.map((p) => p._id)).toEqual([older]);
    // The public list pages the same way.
    const everyone = (
      await request(app)
        .get('/mango')
        .query({ limit: 1, before: new Date(instant.getTime() + 1).toISOString() })
        .expect(200)
    ).body as Plant[];
    expect(everyone.filter((p) => p.createdAt === instant.toISOString()).map((p) => p._id)).toEqual(
      expect.arrayContaining(same),
    );
  });

  it('answers an empty array for a user without plants', async () => {
    const newcomer = await createTestUser('Newcomer');
    const response = await request(app)
      .get('/mango')
      .query({ email: newcomer.email })
      .set(bearer(newcomer))
      .expect(200);
    expect(response.body).toEqual([]);
  });
});

describe('GET /mango/:id', () => {
  const sent = aPlant({ plantName: 'Single Fern', notes: 'Mist on Mondays.' });
  let owner: TestUser;
  let id: string;

  beforeAll(async () => {
    owner = await createTestUser('Single Owner');
    id = await createPlantAs(app, owner, sent);
  });

  it('answers a visitor the plant without userEmail and ownerUid, publicly cacheable', async () => {
    const response = await request(app).get(`/mango/${id}`).expect(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(response.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(response.body).toEqual({
      _id: id,
      ...sent,
      // The interval the server reads in aPlant's 'Every 2 days'.
      wateringIntervalDays: 2,
      userName: 'Single Owner',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('answers the owner the plant with userEmail and ownerUid, privately', async () => {
    const response = await request(app).get(`/mango/${id}`).set(bearer(owner)).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['etag']).toBeUndefined();
    expect(response.body).toMatchObject({
      _id: id,
      userEmail: owner.email,
      ownerUid: owner.uid,
      userName: 'Single Owner',
    });
  });

  it('answers another signed-in user without the owner-only fields', async () => {
    const other = await createTestUser('Curious Neighbour');
    const response = await request(app).get(`/mango/${id}`).set(bearer(other)).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toMatchObject({ _id: id, userName: 'Single Owner' });
    expect(response.body).not.toHaveProperty('userEmail');
    expect(response.body).not.toHaveProperty('ownerUid');
  });

  it('answers 404 JSON for an id no plant has', async () => {
    const response = await request(app).get('/mango/AAAAAAAAAAAAAAAAAAAA').expect(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      error: { code: 'not_found', message: 'That plant does not exist. It may have been deleted.' },
    });
  });
});
