import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config/limits';
import { READS_HEADER } from '../src/lib/read-meter';
import type { Plant } from '../src/model';
import { LIST_LIMITS, type PlantFacets, type PlantPage } from '../src/model/plant-list';
import { keysAreCurrent } from '../src/plants/plant-keys';
import { SEARCH_BUDGET_PAGES } from '../src/plant-list/plant-list.repository';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant } from './support/plants';
import { ALL_ORDERS, todaysOrder, type Sort } from './support/todays-order';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';
import { PUBLIC_CACHE } from '../src/lib/http-cache';

// 500 plants from three accounts in a few seconds, each read as a visitor in every order, is far
// past a person's write budget and one address's reads: this test says so with limits of its own
// (config/limits.ts).
const LIMITS = { ...DEFAULT_LIMITS, writeBurst: 1000, writesPerMinute: 60_000, visitorReadBurst: 1_000_000 };
const app = testApp({ limits: LIMITS });
const RUN = randomUUID().slice(0, 6);

/** A small deterministic random source, so a failure can be replayed from its seed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
const next = random(20261122);
const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;

const WORDS = [
  'fern',
  'Fern',
  'FÉRN',
  'aloë',
  'Aloe',
  'rose',
  'Rosé',
  'basil',
  'Monstera',
  'ivy',
  'Ivy',
  'zz',
  'Ñame',
  'ab',
  'abc',
  '2',
  '10',
  '007',
  'x9',
  '-',
  ' ',
];
const CATEGORIES = ['succulent', 'fern', 'flowering', 'bonsai', 'Fruit', 'Flower', 'Vegetable', 'Herbs'];
const LEVELS = ['easy', 'moderate', 'difficult'];
const DATES = ['2026-03-01', '2026-03-02', '2026-07-15', '2025-12-31', '2027-01-01', undefined, undefined];

function randomPlant(): Record<string, unknown> {
  const name = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(WORDS)).join(' ');
  return {
    plantName: `${name} ${RUN}`.trim(),
    category: pick(CATEGORIES),
    careLevel: pick(LEVELS),
    nextWateringDate: pick(DATES),
  };
}

type Page = PlantPage<Plant>;

function getPage(query: Record<string, string | number | undefined>, user?: TestUser) {
  const call = request(app).get('/mango').query(query);
  if (user) call.set(bearer(user));
  return call;
}

/** Every page of a view, following nextCursor, with random page sizes to shake the page edges. */
async function allPages(query: Record<string, string>, user?: TestUser): Promise<{ plants: Plant[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const limit = 1 + Math.floor(next() * 100);
    const response = await getPage({ ...query, limit, ...(cursor ? { cursor } : {}) }, user);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = response.body as Page;
    expect(page.plants.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length, 'paging ends').toBeLessThan(500);
  } while (cursor);
  return { plants: pages.flatMap((page) => page.plants), pages };
}

/**
 * Every plant, from the plain list (1,000 at most) paged back with `before` (100 a page), as
 * stored now: from an instance that has kept no plain list (an instance keeps the one it read for 30 s).
 */
async function everyPlant(): Promise<Plant[]> {
  const reader = testApp({ limits: LIMITS });
  const plants: Plant[] = [];
  for (let before: string | undefined; ;) {
    const page = (
      await request(reader)
        .get('/mango')
        .query(before ? { before } : {})
        .expect(200)
    ).body as Plant[];
    plants.push(...page);
    if (page.length < (before ? LIST_LIMITS.maxPage : LIST_LIMITS.newestMax)) return plants;
    before = page.at(-1)!.createdAt;
  }
}

const ids = (plants: readonly Plant[]) => plants.map((plant) => plant._id);
const readsOf = (response: request.Response) => {
  const match = /documents=(\d+), aggregations=(\d+)/.exec(String(response.headers[READS_HEADER.toLowerCase()]));
  if (!match) throw new Error(`no ${READS_HEADER} header`);
  return { documents: Number(match[1]), aggregations: Number(match[2]) };
};

let owners: TestUser[];
const created: string[] = [];

beforeAll(async () => {
  owners = await Promise.all([
    createTestUser('List Owner A'),
    createTestUser('List Owner B'),
    createTestUser('List Owner C'),
  ]);
  const bodies = Array.from({ length: 500 }, randomPlant);
  // Ten at a time: quick, and the writes still go through the API's own path.
  for (let start = 0; start < bodies.length; start += 10) {
    const batch = bodies
      .slice(start, start + 10)
      .map((body, i) => createPlantAs(app, owners[(start + i) % owners.length]!, body));
    created.push(...(await Promise.all(batch)));
  }
}, 120_000);

describe('GET /mango, paged: every plant exactly once, in the order of All Plants', () => {
  it.each(ALL_ORDERS)(
    'sort=%s dir=%s',
    async (sort, dir) => {
      const everything = await everyPlant();
      const { plants, pages } = await allPages({ sort, dir });
      expect(new Set(ids(plants)).size, 'no plant twice').toBe(plants.length);
      expect(ids(plants)).toEqual(expect.arrayContaining(created));
      expect(ids(plants)).toEqual(ids([...everything].sort(todaysOrder(sort, dir))));
      for (const page of pages) expect(page).toMatchObject({ total: everything.length, totalExact: true });
    },
    60_000,
  );

  it('answers the spec default view (next watering date, ascending) when no sort is named', async () => {
    const everything = await everyPlant();
    const page = (await getPage({ limit: 20, q: '' }).expect(200)).body as Page;
    expect(ids(page.plants)).toEqual(ids([...everything].sort(todaysOrder('nextWateringDate', 'asc'))).slice(0, 20));
  });

  it('reads at most limit + 1 documents per page (count() aggregations apart)', async () => {
    for (const query of [
      { sort: 'plantName' },
      { sort: 'careLevel', dir: 'desc', category: 'fern' },
      { care: 'EASY', category: 'Herbs', sort: 'nextWateringDate' },
    ]) {
      const first = await getPage({ ...query, limit: 7 }).expect(200);
      expect(readsOf(first).documents).toBeLessThanOrEqual(8);
      const second = await getPage({ ...query, limit: 7, cursor: (first.body as Page).nextCursor! }).expect(200);
      expect(readsOf(second).documents).toBeLessThanOrEqual(8);
    }
  });

  it('never sends the stored sort keys or search grams', async () => {
    const page = (await getPage({ sort: 'plantName', limit: 5 }).expect(200)).body as Page;
    for (const plant of page.plants) {
      expect(Object.keys(plant).filter((key) => /^sort|searchGrams|careKey|keysVersion|revision/.test(key))).toEqual(
        [],
      );
      expect(plant).not.toHaveProperty('userEmail');
    }
  });
});

describe('the plain list paged back with before', () => {
  it("a visitor's page before a time is one page: 100 plants, read", async () => {
    // Each `before` is a URL of its own, which the CDN has never seen: it must not read 1,000. A
    // page never ends inside a millisecond, so plants created in the same one as its 100th (this
    // file creates ten at a time) come along with it.
    const newest = (await request(app).get('/mango').query({ limit: 1 }).expect(200)).body as Plant[];
    const response = await request(app).get('/mango').query({ before: newest[0]!.createdAt }).expect(200);
    const page = response.body as Plant[];
    expect(page.length).toBeGreaterThanOrEqual(LIST_LIMITS.maxPage);
    const last = page[LIST_LIMITS.maxPage - 1]!.createdAt;
    expect(page.slice(LIST_LIMITS.maxPage).every((plant) => plant.createdAt === last)).toBe(true);
    expect(readsOf(response).documents).toBeLessThanOrEqual(page.length + 2);
  });
});

describe('filters and search', () => {
  async function expectView(
    query: Record<string, string>,
    keep: (plant: Plant) => boolean,
    sort: Sort = 'nextWateringDate',
    dir: 'asc' | 'desc' = 'asc',
  ) {
    const everything = await everyPlant();
    const expected = everything.filter(keep).sort(todaysOrder(sort, dir));
    const { plants, pages } = await allPages({ ...query, sort, dir });
    expect(ids(plants)).toEqual(ids(expected));
    expect(expected.length, 'the view is not empty').toBeGreaterThan(0);
    return { pages, expected };
  }

  it('category is exact', async () => {
    await expectView({ category: 'Herbs' }, (p) => p.category === 'Herbs', 'plantName');
    const { plants } = await allPages({ category: 'herbs' });
    expect(plants).toEqual([]);
  });

  it('care ignores letter case', async () => {
    await expectView({ care: 'DIFFICULT' }, (p) => p.careLevel.toLowerCase() === 'difficult', 'careLevel', 'desc');
  });

  it('combines search, category and care', async () => {
    const { pages } = await expectView(
      { q: 'er', category: 'fern', care: 'easy' },
      (p) => p.category === 'fern' && p.careLevel === 'easy' && p.plantName.toLowerCase().includes('er'),
    );
    expect(pages[0]).toMatchObject({ totalExact: true });
  });

  it('finds a substring from inside a word, in any letter case', async () => {
    const owner = owners[0]!;
    const id = await createPlantAs(app, owner, aPlant({ plantName: `Monstera Deliciosa ${RUN}`, category: 'Flower' }));
    const { expected } = await expectView({ q: `ELICIOSA ${RUN}`.toUpperCase() }, (p) =>
      p.plantName.toLowerCase().includes(`eliciosa ${RUN}`.toLowerCase()),
    );
    expect(ids(expected)).toEqual([id]);
    for (const q of ['ELI', 'lIcIo', 'a d', 'o', 'rN']) {
      await expectView({ q }, (p) => p.plantName.toLowerCase().includes(q.toLowerCase()), 'plantName');
    }
  });

  it('a long search reads within its budget, goes on with a cursor, and still finds exactly the matches', async () => {
    // 'fern ' is common among the random names: many candidates hold its grams.
    const q = `fern ${RUN}`.slice(0, 8);
    const everything = await everyPlant();
    const expected = everything
      .filter((p) => p.plantName.toLowerCase().includes(q.toLowerCase()))
      .sort(todaysOrder('plantName', 'asc'));
    const found: Plant[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 200; pages += 1) {
      const response = await getPage({ q, sort: 'plantName', limit: 5, ...(cursor ? { cursor } : {}) }).expect(200);
      expect(readsOf(response).documents).toBeLessThanOrEqual(SEARCH_BUDGET_PAGES * 6);
      const page = response.body as Page;
      found.push(...page.plants);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(ids(found)).toEqual(ids(expected));
  });

  it('says how many match: exact when counted, an upper bound flagged as such otherwise', async () => {
    const short = (await getPage({ q: 'ivy', limit: 1 }).expect(200)).body as Page;
    const everything = await everyPlant();
    expect(short).toMatchObject({
      total: everything.filter((p) => p.plantName.toLowerCase().includes('ivy')).length,
      totalExact: true,
    });

    const owner = owners[1]!;
    const token = randomUUID().slice(0, 8);
    await createPlantAs(app, owner, aPlant({ plantName: `Rare ${token}` }));
    const rare = (await getPage({ q: token, limit: 10 }).expect(200)).body as Page;
    expect(rare).toMatchObject({ total: 1, totalExact: true, nextCursor: null });

    const broad = (await getPage({ q: `ern ${RUN}`, limit: 1 }).expect(200)).body as Page;
    const matching = everything.filter((p) => p.plantName.toLowerCase().includes(`ern ${RUN}`.toLowerCase())).length;
    expect(broad.totalExact).toBe(false);
    expect(broad.total).toBeGreaterThanOrEqual(matching);
  });

  it('match=name-or-category finds the text in the name or the category (the dashboard All Items search)', async () => {
    await expectView(
      { q: 'ERB', match: 'name-or-category' },
      (p) => p.plantName.toLowerCase().includes('erb') || p.category.toLowerCase().includes('erb'),
      'plantName',
    );
    await expectView(
      { q: 'egetab', match: 'name-or-category' },
      (p) => p.plantName.toLowerCase().includes('egetab') || p.category.toLowerCase().includes('egetab'),
      'plantName',
    );
    // The plain search looks at names only.
    const namesOnly = await everyPlant();
    const { plants } = await allPages({ q: 'egetab' });
    expect(ids(plants)).toEqual(ids(namesOnly.filter((p) => p.plantName.toLowerCase().includes('egetab'))));
  });
});

describe("a user's own plants, paged", () => {
  it("email + sort lists only the caller's plants, privately, in the same orders", async () => {
    const owner = owners[2]!;
    const { plants, pages } = await allPages({ email: owner.email.toUpperCase(), sort: 'plantName' }, owner);
    expect(plants.length).toBeGreaterThan(100);
    expect(plants.every((p) => p.ownerUid === owner.uid)).toBe(true);
    expect(ids(plants)).toEqual(ids([...plants].sort(todaysOrder('plantName', 'asc'))));
    expect(pages[0]!.total).toBe(plants.length);
    const response = await getPage({ email: owner.email, sort: 'plantName', limit: 3 }, owner).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("refuses someone else's email (403) and no token (401)", async () => {
    await getPage({ email: owners[0]!.email, sort: 'plantName' }, owners[1]).expect(403);
    const anonymous = await getPage({ email: owners[0]!.email, sort: 'plantName' }).expect(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
  });
});

describe('GET /mango/facets', () => {
  it('offers the categories and care levels found in the data, from count() aggregations only', async () => {
    const response = await request(app).get('/mango/facets').expect(200);
    const facets = response.body as PlantFacets;
    const everything = await everyPlant();
    expect([...facets.categories].sort()).toEqual([...new Set(everything.map((p) => p.category))].sort());
    expect(facets.careLevels).toEqual(
      ['difficult', 'easy', 'moderate'].filter((level) => everything.some((p) => p.careLevel === level)),
    );
    expect(facets.total).toBe(everything.length);
    expect(readsOf(response).documents).toBe(0);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE);
  });
});

describe('the keys follow every change', () => {
  it('create, update, watering and undo leave the stored keys current, in the same write', async () => {
    const owner = owners[0]!;
    const id = await createPlantAs(app, owner, aPlant({ plantName: `Keyed ${RUN}` }));
    const current = async () => keysAreCurrent((await storedPlant(id))!, id);
    expect(await current()).toBe(true);
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ plantName: `Renamed 2 ${RUN}`, careLevel: 'easy', nextWateringDate: '2026-05-01' }))
      .expect(200);
    expect(await current()).toBe(true);
    // anUpdate's frequency is 'Daily': the next watering is the day after.
    await request(app).post(`/mango/${id}/care/water`).set(bearer(owner)).send({ date: '2026-05-02' }).expect(200);
    expect(await current()).toBe(true);
    expect((await storedPlant(id))!.sortNextAsc).toMatch(/^02026-05-03/);
    await request(app).delete(`/mango/${id}/care/water/latest`).set(bearer(owner)).expect(200);
    expect(await current()).toBe(true);
    expect((await storedPlant(id))!.sortNextAsc).toMatch(/^02026-05-01/);
  });
});

describe('bad input on the paged list: 400 with the JSON error shape, never 5xx', () => {
  it.each([
    [{ sort: 'name' }, 'sort', 'sort must be one of: plantName, careLevel, nextWateringDate.'],
    [{ sort: 'plantName', dir: 'up' }, 'dir', 'dir must be asc or desc.'],
    [{ sort: 'plantName', limit: '0' }, 'limit', 'limit must be a whole number from 1 to 100.'],
    [{ sort: 'plantName', limit: '101' }, 'limit', 'limit must be a whole number from 1 to 100.'],
    [{ q: 'x'.repeat(101) }, 'q', 'q must be at most 100 characters.'],
    [{ q: 'fern', match: 'everything' }, 'match', 'match must be one of: name, name-or-category.'],
    [
      { sort: 'plantName', before: '2026-03-01T00:00:00.000Z' },
      'before',
      'before pages the newest-first list; with q, filters or sort, page with cursor instead.',
    ],
    [{ cursor: 'garbage' }, 'cursor', 'cursor is not one this API gave out. Start again from the first page.'],
  ])('%j', async (query, field, message) => {
    const response = await getPage(query as Record<string, string>).expect(400);
    expect(response.body).toEqual({ error: { code: 'invalid_input', message, fields: { [field]: message } } });
  });

  it('refuses a parameter it does not know, so every public answer has one URL', async () => {
    for (const url of ['/mango?page=2', '/mango?limit=8&_=123', '/mango?sort=plantName&sortBy=name']) {
      const response = await request(app).get(url).expect(400);
      expect(response.body.error.code, url).toBe('invalid_input');
      expect(response.body.error.message, url).toBe(
        'GET /mango takes only these parameters: limit, before, email, q, category, care, petSafe, placeId, sort, dir, match, cursor.',
      );
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect(Object.keys((await request(app).get('/mango?page=2&limit=3').expect(400)).body.error.fields)).toEqual([
      'page',
    ]);
  });

  it('refuses a repeated parameter', async () => {
    const response = await request(app).get('/mango?sort=plantName&q=a&q=b').expect(400);
    expect(response.body.error.fields).toEqual({ q: 'q must be given once, as text.' });
  });

  it('refuses email combined with a search', async () => {
    const owner = owners[0]!;
    const response = await getPage({ email: owner.email, q: 'fern' }, owner).expect(400);
    expect(response.body.error.fields.email).toMatch(/cannot be combined/);
  });

  it('refuses a tampered cursor, and a cursor of another query', async () => {
    const first = (await getPage({ sort: 'plantName', limit: 2 }).expect(200)).body as Page;
    const cursor = first.nextCursor!;
    const [payload, checksum] = cursor.split('.');
    const tampered = `${payload!.slice(0, -2)}${payload!.endsWith('AA') ? 'BB' : 'AA'}.${checksum}`;
    expect(
      (await getPage({ sort: 'plantName', limit: 2, cursor: tampered }).expect(400)).body.error.fields.cursor,
    ).toMatch(/not one this API gave out/);
    for (const other of [
      { sort: 'careLevel' },
      { sort: 'plantName', dir: 'desc' },
      { sort: 'plantName', category: 'fern' },
      { sort: 'plantName', q: 'fe' },
    ]) {
      const response = await getPage({ ...other, limit: 2, cursor }).expect(400);
      expect(response.body.error.fields.cursor).toMatch(/belongs to another search, filter or sort/);
    }
    // The same query goes on.
    await getPage({ sort: 'plantName', limit: 2, cursor }).expect(200);
  });
});
