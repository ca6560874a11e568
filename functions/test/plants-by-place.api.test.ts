import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { getDb } from '../src/lib/firebase';
import { READS_HEADER } from '../src/lib/read-meter';
import { backfill } from '../src/migrations';
import type { Place, Plant } from '../src/model';
import type { PlantPage } from '../src/model/plant-list';
import { HOUSEHOLD_PLACES_COLLECTION, PERSON_PLACES_COLLECTION } from '../src/places/place-books.repository';
import { PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { joinHousehold, startHousehold } from './support/households';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();

async function makePlace(user: TestUser, body: Record<string, unknown>): Promise<Place> {
  const response = await request(app).post('/mango/places').set(bearer(user)).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Place;
}

/** GET /mango: `user`'s own plants by name, in one place (`placeId`), or in none. */
const page = (user: TestUser, query: Record<string, unknown>) =>
  request(app)
    .get('/mango')
    .query({ email: user.email, sort: 'plantName', ...query })
    .set(bearer(user));

const names = (response: request.Response) => (response.body as PlantPage<Plant>).plants.map((p) => p.plantName);

/** The documents an answer says it read. */
function documentsRead(response: request.Response): number {
  const match = /^documents=(\d+), aggregations=\d+$/.exec(String(response.headers[READS_HEADER.toLowerCase()]));
  expect(match, 'the answer says what it read').not.toBeNull();
  return Number(match![1]);
}

/** The user's plants and every book of places, as stored: what a refusal must leave alone. */
async function store(user: TestUser): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  for (const name of [PERSON_PLACES_COLLECTION, HOUSEHOLD_PLACES_COLLECTION])
    for (const doc of (await getDb().collection(name).get()).docs) all[doc.ref.path] = doc.data();
  for (const doc of (await getDb().collection(PLANTS_COLLECTION).where('ownerUid', '==', user.uid).get()).docs)
    all[doc.ref.path] = doc.data();
  return all;
}

/** Rosa's plants: three on the Shelf, one at the Desk, two in no place (one of them moved out of the Shelf). */
async function rosasPlants() {
  const rosa = await createTestUser('Rosa Filter');
  const shelf = await makePlace(rosa, { name: 'Shelf', light: 'medium' });
  const desk = await makePlace(rosa, { name: 'Desk', light: 'low' });
  for (const name of ['Aloe', 'Basil', 'Cactus'])
    await createPlantAs(app, rosa, aPlant({ plantName: name, placeId: shelf.id }));
  await createPlantAs(app, rosa, aPlant({ plantName: 'Dill', placeId: desk.id }));
  await createPlantAs(app, rosa, aPlant({ plantName: 'Fern' }));
  const moved = await createPlantAs(app, rosa, aPlant({ plantName: 'Mint', placeId: shelf.id }));
  await request(app)
    .put(`/mango/${moved}`)
    .set(bearer(rosa))
    .send(anUpdate({ plantName: 'Mint', placeId: null }))
    .expect(200);
  return { rosa, shelf, desk };
}

describe('GET /mango?email=&placeId=: My Plants by place', () => {
  it("lists the reader's plants in one place, or in none, with the count of those alone, reading no more than the page", async () => {
    const { rosa, shelf, desk } = await rosasPlants();
    const onShelf = await page(rosa, { placeId: shelf.id, limit: 20 }).expect(200);
    expect(names(onShelf)).toEqual(['Aloe', 'Basil', 'Cactus']);
    expect(onShelf.body.total).toBe(3);
    expect(onShelf.headers['cache-control']).toBe('private, no-store');
    expect((onShelf.body as PlantPage<Plant>).plants.map((plant) => plant.place?.name)).toEqual([
      'Shelf',
      'Shelf',
      'Shelf',
    ]);
    // The page's plants and Rosa's book of places, which says where they stand: nothing more.
    expect(documentsRead(onShelf)).toBe(3 + 1);
    expect(names(await page(rosa, { placeId: desk.id }).expect(200))).toEqual(['Dill']);

    const nowhere = await page(rosa, { placeId: 'none', limit: 20 }).expect(200);
    expect(names(nowhere)).toEqual(['Fern', 'Mint']);
    expect(nowhere.body.total).toBe(2);
    expect((nowhere.body as PlantPage<Plant>).plants.map((plant) => plant.place)).toEqual([null, null]);
    expect(documentsRead(nowhere)).toBe(2);

    // Every plant, as before: the filter is only what placeId asks.
    expect(names(await page(rosa, { limit: 20 }).expect(200))).toEqual([
      'Aloe',
      'Basil',
      'Cactus',
      'Dill',
      'Fern',
      'Mint',
    ]);
  });

  it('pages through a filtered list with its cursor, which no other filter takes', async () => {
    const { rosa, shelf, desk } = await rosasPlants();
    const first = await page(rosa, { placeId: shelf.id, limit: 2 }).expect(200);
    expect(names(first)).toEqual(['Aloe', 'Basil']);
    expect(first.body.total).toBe(3);
    const cursor = first.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await page(rosa, { placeId: shelf.id, limit: 2, cursor }).expect(200);
    expect(names(second)).toEqual(['Cactus']);
    expect(second.body.nextCursor).toBeNull();

    const unplacedFirst = await page(rosa, { placeId: 'none', limit: 1 }).expect(200);
    const unplacedSecond = await page(rosa, {
      placeId: 'none',
      limit: 1,
      cursor: unplacedFirst.body.nextCursor,
    }).expect(200);
    expect([...names(unplacedFirst), ...names(unplacedSecond)]).toEqual(['Fern', 'Mint']);
    expect(unplacedSecond.body.nextCursor).toBeNull();

    for (const other of [{ placeId: desk.id }, { placeId: 'none' }, {}]) {
      const refused = await page(rosa, { ...other, limit: 2, cursor }).expect(400);
      expect(Object.keys(refused.body.error.fields)).toEqual(['cursor']);
      expect(refused.body.error.message).toMatch(/another search, filter or sort/);
    }
  });

  it("finds a member's plants in the household's shared place; an outsider may not ask for it", async () => {
    const ana = await createTestUser('Ana Filter');
    const ben = await createTestUser('Ben Filter');
    const oli = await createTestUser('Oli Filter');
    await startHousehold(app, ana);
    await joinHousehold(app, ana, ben);
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'bright-indirect', shared: true });
    await createPlantAs(app, ben, aPlant({ plantName: 'Ben’s Basil', placeId: kitchen.id }));
    await createPlantAs(app, ana, aPlant({ plantName: 'Ana’s Thyme', placeId: kitchen.id }));
    await createPlantAs(app, ben, aPlant({ plantName: 'Ben’s Fern' }));
    const bens = await page(ben, { placeId: kitchen.id }).expect(200);
    expect(names(bens)).toEqual(['Ben’s Basil']);
    expect((bens.body as PlantPage<Plant>).plants[0]!.place?.name).toBe('Kitchen');
    expect(names(await page(ana, { placeId: kitchen.id }).expect(200))).toEqual(['Ana’s Thyme']);

    const before = await store(oli);
    const refused = await page(oli, { placeId: kitchen.id }).expect(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['placeId']);
    expect(await store(oli)).toEqual(before);
  });

  it('refuses a placeId that is not one of the reader’s places, or malformed, or without email: 400 naming placeId, nothing changed', async () => {
    const { rosa, shelf } = await rosasPlants();
    const stranger = await createTestUser('Stranger Filter');
    const theirs = await makePlace(stranger, { name: 'Attic', light: 'low' });
    const gone = await makePlace(rosa, { name: 'Porch', light: 'full-sun' });
    await request(app).delete(`/mango/places/${gone.id}`).set(bearer(rosa)).expect(200);
    const asks = [
      () => page(rosa, { placeId: theirs.id }),
      () => page(rosa, { placeId: gone.id }),
      () => page(rosa, { placeId: 'no/such' }),
      () => page(rosa, { placeId: '' }),
      () => page(rosa, { placeId: [shelf.id, shelf.id] }),
      () => request(app).get('/mango').query({ placeId: shelf.id, sort: 'plantName' }).set(bearer(rosa)),
    ];
    for (const ask of asks) {
      const before = await store(rosa);
      const response = await ask();
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.code).toBe('invalid_input');
      expect(Object.keys(response.body.error.fields ?? {})).toEqual(['placeId']);
      expect(response.body.error.fields.placeId).toMatch(/^placeId .*\.$/);
      expect(await store(rosa)).toEqual(before);
    }
  });

  it('finds, once the backfill has run, the plants stored before the place filter', async () => {
    const { rosa, shelf } = await rosasPlants();
    const plants = getDb().collection(PLANTS_COLLECTION);
    // As keys 4 left them: no placeKey.
    for (const doc of (await plants.where('ownerUid', '==', rosa.uid).get()).docs)
      await doc.ref.update({ placeKey: FieldValue.delete(), keysVersion: 4 });
    expect(names(await page(rosa, { placeId: 'none' }).expect(200))).toEqual([]);
    expect(names(await page(rosa, { placeId: shelf.id }).expect(200))).toEqual([]);
    await backfill(getDb());
    expect(names(await page(rosa, { placeId: 'none' }).expect(200))).toEqual(['Fern', 'Mint']);
    expect(names(await page(rosa, { placeId: shelf.id }).expect(200))).toEqual(['Aloe', 'Basil', 'Cactus']);
  });
});
