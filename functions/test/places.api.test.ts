import ICAL from 'ical.js';
import Papa from 'papaparse';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../src/lib/firebase';
import { READS_HEADER } from '../src/lib/read-meter';
import type { TaskFunction, TaskQueues } from '../src/lib/task-queue';
import { PLACES_PER_HOUSEHOLD, PLACES_PER_PERSON, type Place, type Plant, type PlantEvent } from '../src/model';
import { IMPORT_MAX_PLANTS, type ImportResult } from '../src/model/transfer';
import { HOUSEHOLD_PLACES_COLLECTION, PERSON_PLACES_COLLECTION } from '../src/places/place-books.repository';
import { MOVE_OUT_PER_COMMIT, type EmptyPlaceTask } from '../src/places/places.repository';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import type { PlantsExport } from '../src/transfer/transfer-format';
import { testApp, testRooms } from './support/app';
import { joinHousehold, startHousehold } from './support/households';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

/** Species of the bundled catalogue by the light they need (species.data.json). */
const NEEDS_LOW = 'adiantum-pedatum';
const NEEDS_FULL_SUN = 'abelmoschus-esculentus';

const START = new Date('2026-06-01T10:00:00.000Z');
/** The sitters' last day: from its next midnight (UTC) they may do nothing in the household. */
const UNTIL = '2026-06-03';
const AFTER_UNTIL = new Date('2026-06-04T00:00:00.000Z');
let now = START;

/** Cloud Tasks as the API sees it: what it queues, kept to be run by hand as the task would run. */
const queued: { fn: TaskFunction; data: Record<string, unknown>; id?: string }[] = [];
const tasks: TaskQueues = {
  async enqueue(fn, data, options = {}) {
    if (options.id && queued.some((task) => task.id === options.id)) return 'already-queued';
    queued.push({ fn, data, id: options.id });
    return 'queued';
  },
};
const app = testApp({ clock: () => now, tasks });
/** The emptyPlace task's work at the test's moment, as the task function runs it (jobs.ts). */
const placeJobs = () => testRooms({ clock: () => now }).places;

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, path: string, user?: TestUser) => {
  const req = request(app)[method](`/mango${path}`);
  return user ? req.set(bearer(user)) : req;
};

const usersNamed = <N extends string[]>(...names: N) =>
  Promise.all(names.map((name) => createTestUser(name))) as Promise<{ [K in keyof N]: TestUser }>;

/** POST /mango/places, a second after the last: places no walk orders yet follow in the order they were made. */
async function makePlace(user: TestUser, body: Record<string, unknown>): Promise<Place> {
  now = new Date(now.getTime() + 1000);
  const response = await call('post', '/places', user).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Place;
}

const placesOf = async (user: TestUser) => (await call('get', '/places', user).expect(200)).body.places as Place[];
const viewOf = async (user: TestUser | undefined, id: string) =>
  (await call('get', `/${id}`, user).expect(200)).body as Plant;
const eventsOf = async (user: TestUser, id: string) =>
  (await call('get', `/${id}/events`, user).expect(200)).body as PlantEvent[];
const actor = (user: TestUser) => ({ uid: user.uid, displayName: user.displayName });

/** The books of places, and the plants named with their events, as stored: what a refusal must leave alone. */
async function store(plantIds: readonly string[] = []): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  for (const name of [PERSON_PLACES_COLLECTION, HOUSEHOLD_PLACES_COLLECTION])
    for (const doc of (await getDb().collection(name).get()).docs) all[doc.ref.path] = doc.data();
  for (const id of plantIds) {
    const plant = getDb().collection(PLANTS_COLLECTION).doc(id);
    all[plant.path] = (await plant.get()).data();
    for (const event of (await plant.collection(EVENTS_COLLECTION).get()).docs) all[event.ref.path] = event.data();
  }
  return all;
}

/** Runs a refused call: its status and code, a sentence (naming `field` when given), and the store as it was. */
async function refused(
  status: number,
  code: string,
  send: () => PromiseLike<request.Response>,
  { field, plants = [] }: { field?: string; plants?: readonly string[] } = {},
) {
  const before = await store(plants);
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.message).toMatch(/^[A-Z“].*\.$/);
  if (field) expect(Object.keys(response.body.error.fields ?? {})).toEqual([field]);
  expect(await store(plants)).toEqual(before);
  return response;
}

/** The documents an answer says it read. */
function documentsRead(response: { headers: Record<string, string> }): number {
  const match = /^documents=(\d+), aggregations=\d+$/.exec(response.headers[READS_HEADER.toLowerCase()] ?? '');
  expect(match, 'the answer says what it read').not.toBeNull();
  return Number(match![1]);
}

/** The count() queries an answer says it ran. */
function aggregationsRun(response: { headers: Record<string, string> }): number {
  const match = /^documents=\d+, aggregations=(\d+)$/.exec(response.headers[READS_HEADER.toLowerCase()] ?? '');
  expect(match, 'the answer says what it read').not.toBeNull();
  return Number(match![1]);
}

/** Plants pointing at a place, read straight from the store. */
const plantsIn = async (placeId: string) =>
  (await getDb().collection(PLANTS_COLLECTION).where('placeId', '==', placeId).count().get()).data().count;
/** `moved` events that moved plants out of a deleted place of this name. */
const movedOutOf = async (name: string) =>
  (
    await getDb()
      .collectionGroup(EVENTS_COLLECTION)
      .where('type', '==', 'moved')
      .where('fromPlace', '==', name)
      .where('placeDeleted', '==', true)
      .count()
      .get()
  ).data().count;

function importCsv(user: TestUser, rows: Record<string, string>[], dryRun = false) {
  return call('post', '/import', user)
    .query({ dryRun: dryRun ? '1' : '0' })
    .set('Content-Type', 'text/csv')
    .send(Papa.unparse(rows));
}

/** `count` plants imported into the caller's place called `place` (made by the import when they have none). */
async function importInto(user: TestUser, place: string, count: number, label = place) {
  const rows = Array.from({ length: count }, (_, i) => ({
    plantName: `${label} ${i + 1}`,
    category: 'fern',
    wateringFrequency: 'Every 4 days',
    place,
  }));
  const response = await importCsv(user, rows);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body as ImportResult).plants.map((plant) => plant._id!);
}

/** Ana owns a household, Ben is a member, Sam sits until UNTIL; Oli is in none. */
async function aHousehold() {
  const [ana, ben, sam, oli] = await usersNamed('Ana Owner', 'Ben Member', 'Sam Sitter', 'Oli Outsider');
  await startHousehold(app, ana);
  await joinHousehold(app, ana, ben);
  await joinHousehold(app, ana, sam, { role: 'sitter', until: UNTIL });
  return { ana, ben, sam, oli };
}

beforeEach(() => {
  now = START;
  queued.length = 0;
});

describe('GET and POST /mango/places', () => {
  it("makes the caller's own places, privately, each at the end of their walk", async () => {
    const [rosa] = await usersNamed('Rosa Walker');
    const made = await call('post', '/places', rosa).send({ name: '  Bedroom  ', light: 'medium' }).expect(201);
    expect(made.headers['location']).toBe(`/mango/places/${made.body.id}`);
    expect(made.headers['cache-control']).toBe('private, no-store');
    expect(made.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      name: 'Bedroom',
      light: 'medium',
      outdoor: false,
      order: 1,
      shared: false,
      plantCount: 0,
    });
    // Outdoors, a place of which no light is said gets full sun.
    const balcony = await makePlace(rosa, { name: 'Balcony', outdoor: true });
    expect(balcony).toMatchObject({ light: 'full-sun', outdoor: true, order: 2, shared: false });

    const listed = await call('get', '/places', rosa).expect(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    expect(listed.body).toEqual({ places: [made.body, balcony] });
    // Nobody else sees them; a visitor is asked who they are.
    const [other] = await usersNamed('Someone Else');
    expect(await placesOf(other)).toEqual([]);
    await refused(401, 'unauthenticated', () => call('get', '/places'));
    await refused(401, 'unauthenticated', () => call('post', '/places').send({ name: 'Hall', light: 'low' }));
  });

  it('refuses bad input with a sentence naming the field, and stores nothing', async () => {
    const [rosa] = await usersNamed('Rosa Careful');
    await makePlace(rosa, { name: 'Kitchen', light: 'bright-indirect' });
    for (const [body, field] of [
      [{ light: 'low' }, 'name'],
      [{ name: '   ', light: 'low' }, 'name'],
      [{ name: 'x'.repeat(41), light: 'low' }, 'name'],
      [{ name: 7, light: 'low' }, 'name'],
      [{ name: 'Hall', light: 'dim' }, 'light'],
      [{ name: 'Hall' }, 'light'],
      [{ name: 'Hall', light: 'low', outdoor: 'yes' }, 'outdoor'],
      [{ name: 'Hall', light: 'low', shared: 'no' }, 'shared'],
      [{ name: 'Hall', light: 'low', plantCount: 3 }, 'plantCount'],
    ] as const)
      await refused(400, 'invalid_input', () => call('post', '/places', rosa).send(body), { field });
    await refused(415, 'unsupported_media_type', () =>
      call('post', '/places', rosa).set('Content-Type', 'text/plain').send('Hall'),
    );
    await refused(400, 'invalid_body', () => call('post', '/places', rosa).send([{ name: 'Hall', light: 'low' }]));
    expect((await placesOf(rosa)).map((place) => place.name)).toEqual(['Kitchen']);
  });

  it("keeps names unique per owner in any letter case (409 name_taken); another person's may match", async () => {
    const [rosa, tom] = await usersNamed('Rosa Namer', 'Tom Namer');
    await makePlace(rosa, { name: 'Bedroom', light: 'medium' });
    const taken = await refused(409, 'name_taken', () =>
      call('post', '/places', rosa).send({ name: ' BEDROOM ', light: 'low' }),
    );
    expect(taken.body.error.fields).toEqual({ name: expect.stringContaining('BEDROOM') });
    await makePlace(tom, { name: 'bedroom', light: 'low' });
  });

  it(`keeps at most ${PLACES_PER_PERSON} places a person (409 too_many_places); deleting one makes room`, async () => {
    const [rosa] = await usersNamed('Rosa Collector');
    const made: Place[] = [];
    for (let i = 1; i <= PLACES_PER_PERSON; i += 1)
      made.push(await makePlace(rosa, { name: `Shelf ${i}`, light: 'low' }));
    expect(made.at(-1)!.order).toBe(PLACES_PER_PERSON);
    await refused(409, 'too_many_places', () => call('post', '/places', rosa).send({ name: 'One more', light: 'low' }));
    await call('delete', `/places/${made[0]!.id}`, rosa).expect(200);
    await makePlace(rosa, { name: 'One more', light: 'low' });
  });

  it(`keeps at most ${PLACES_PER_HOUSEHOLD} shared places a household, whoever makes them`, async () => {
    const { ana, ben } = await aHousehold();
    for (let i = 1; i <= PLACES_PER_HOUSEHOLD; i += 1)
      await makePlace(i % 2 ? ana : ben, { name: `Room ${i}`, light: 'medium', shared: true });
    await refused(409, 'too_many_places', () =>
      call('post', '/places', ben).send({ name: 'Attic', light: 'low', shared: true }),
    );
    // Their own places are counted apart.
    await makePlace(ben, { name: 'Attic', light: 'low' });
    expect(await placesOf(ana)).toHaveLength(PLACES_PER_HOUSEHOLD);
    expect(await placesOf(ben)).toHaveLength(PLACES_PER_HOUSEHOLD + 1);
  });
});

describe('GET /mango/places?plantCount=false (the walk: Today, the Place box, My Plants)', () => {
  it('answers the same walk without plantCount, and runs no count() whatever the number of places', async () => {
    const { ana, ben } = await aHousehold();
    const study = await makePlace(ben, { name: 'Study', light: 'low' });
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'bright-indirect', shared: true });
    const hall = await makePlace(ben, { name: 'Hall', light: 'medium', outdoor: false });
    await call('put', '/places/order', ben)
      .send({ ids: [hall.id, kitchen.id, study.id] })
      .expect(200);
    await createPlantAs(app, ben, aPlant({ plantName: 'In the hall', placeId: hall.id }));
    await createPlantAs(app, ana, aPlant({ plantName: 'In the kitchen', placeId: kitchen.id, shared: true }));

    const counted = await call('get', '/places', ben).expect(200);
    const walk = await call('get', '/places', ben).query({ plantCount: 'false' }).expect(200);
    expect(walk.headers['cache-control']).toBe('private, no-store');
    // The contract of the plain read is as it was: every place with its count, one count() each.
    expect((counted.body.places as Place[]).map((place) => [place.name, place.order, place.plantCount])).toEqual([
      ['Hall', 1, 1],
      ['Kitchen', 2, 1],
      ['Study', 3, 0],
    ]);
    expect(aggregationsRun(counted)).toBe(3);
    // The walk: the same places, fields and order, without plantCount, and no count() at all.
    expect(walk.body).toEqual({
      places: (counted.body.places as Place[]).map(({ plantCount: _count, ...place }) => place),
    });
    expect(aggregationsRun(walk)).toBe(0);
    // The same documents: the membership, and the two books in one getAll.
    expect(documentsRead(walk)).toBe(documentsRead(counted));
    expect(documentsRead(walk)).toBe(3);
    // plantCount=true is the plain read.
    const asked = await call('get', '/places', ben).query({ plantCount: 'true' }).expect(200);
    expect(asked.body).toEqual(counted.body);

    // Someone with no place reads their (missing) book and nothing else.
    const [oli] = await usersNamed('Oli Placeless');
    const none = await call('get', '/places', oli).query({ plantCount: 'false' }).expect(200);
    expect(none.body).toEqual({ places: [] });
    expect(aggregationsRun(none)).toBe(0);
  });

  it('refuses a plantCount that is neither true nor false (400 naming it), and a visitor (401); nothing changes', async () => {
    const [rosa] = await usersNamed('Rosa Asker');
    await makePlace(rosa, { name: 'Kitchen', light: 'medium' });
    for (const value of ['0', 'no', '', 'FALSE'])
      await refused(400, 'invalid_input', () => call('get', '/places', rosa).query({ plantCount: value }), {
        field: 'plantCount',
      });
    await refused(400, 'invalid_input', () => call('get', '/places?plantCount=false&plantCount=false', rosa), {
      field: 'plantCount',
    });
    await refused(401, 'unauthenticated', () => call('get', '/places').query({ plantCount: 'false' }));
  });
});

describe("a household's shared places", () => {
  it("are made by its owner and members, and appear in everyone's walk, each ordering for themself", async () => {
    const { ana, ben, sam, oli } = await aHousehold();
    const study = await makePlace(ben, { name: 'Study', light: 'low' });
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'bright-indirect', shared: true });
    expect(kitchen).toMatchObject({ shared: true, order: 1 });
    const hall = await makePlace(ben, { name: 'Hall', light: 'medium', shared: true });
    expect(hall).toMatchObject({ shared: true, order: 3 });
    // Ben made Hall after Kitchen was made: his walk then held Kitchen, and Hall went after it.
    expect((await placesOf(ben)).map((place) => place.name)).toEqual(['Study', 'Kitchen', 'Hall']);
    expect((await placesOf(ana)).map((place) => place.name)).toEqual(['Kitchen', 'Hall']);
    // A sitter sees them (and may put their own shared plants there), until their last day.
    expect((await placesOf(sam)).map((place) => place.name)).toEqual(['Kitchen', 'Hall']);
    expect(await placesOf(oli)).toEqual([]);

    const ordered = await call('put', '/places/order', ben)
      .send({ ids: [kitchen.id, study.id] })
      .expect(200);
    expect((ordered.body.places as Place[]).map((place) => [place.name, place.order])).toEqual([
      ['Kitchen', 1],
      ['Study', 2],
      ['Hall', 3],
    ]);
    expect((await placesOf(ben)).map((place) => place.name)).toEqual(['Kitchen', 'Study', 'Hall']);
    // Ana's walk is her own.
    expect((await placesOf(ana)).map((place) => place.name)).toEqual(['Kitchen', 'Hall']);
    // A name is unique in the household's places, apart from anyone's own.
    await refused(409, 'name_taken', () =>
      call('post', '/places', ana).send({ name: 'kitchen', light: 'low', shared: true }),
    );
    await makePlace(ana, { name: 'Kitchen', light: 'low' });
  });

  it('refuse a sitter making, changing or deleting one (403), and someone in no household sharing one (409); nothing is stored', async () => {
    const { ana, sam, oli } = await aHousehold();
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'medium', shared: true });
    const made = await refused(403, 'forbidden', () =>
      call('post', '/places', sam).send({ name: 'Porch', light: 'low', shared: true }),
    );
    expect(made.body.error.message).toContain('As a sitter');
    await refused(403, 'forbidden', () =>
      call('put', `/places/${kitchen.id}`, sam).send({ name: 'Galley', light: 'low' }),
    );
    await refused(403, 'forbidden', () => call('delete', `/places/${kitchen.id}`, sam));
    await refused(409, 'conflict', () =>
      call('post', '/places', oli).send({ name: 'Porch', light: 'low', shared: true }),
    );
    // Someone outside the household does not find it at all.
    await refused(404, 'not_found', () =>
      call('put', `/places/${kitchen.id}`, oli).send({ name: 'Galley', light: 'low' }),
    );
    await refused(404, 'not_found', () => call('delete', `/places/${kitchen.id}`, oli));
    // A sitter keeps places of their own.
    await makePlace(sam, { name: 'My desk', light: 'low' });
  });

  it("are gone from a sitter's walk after their last day, and refuse them (403)", async () => {
    const { ana, sam } = await aHousehold();
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'medium', shared: true });
    await makePlace(sam, { name: 'My desk', light: 'low' });
    now = AFTER_UNTIL;
    expect((await placesOf(sam)).map((place) => place.name)).toEqual(['My desk']);
    const late = await refused(403, 'forbidden', () =>
      call('put', `/places/${kitchen.id}`, sam).send({ name: 'Galley', light: 'low' }),
    );
    expect(late.body.error.message).toContain(`ended on ${UNTIL}`);
    await refused(400, 'invalid_input', () => call('put', '/places/order', sam).send({ ids: [kitchen.id] }), {
      field: 'ids',
    });
  });
});

describe('PUT /mango/places/:id and /mango/places/order', () => {
  it('changes a place of the caller: its name, light and outdoor; a shared one for its owner and members', async () => {
    const { ana, ben } = await aHousehold();
    const den = await makePlace(ana, { name: 'Den', light: 'low' });
    const changed = await call('put', `/places/${den.id}`, ana)
      .send({ name: ' Reading nook ', light: 'bright-indirect', outdoor: false })
      .expect(200);
    expect(changed.body).toEqual({ ...den, name: 'Reading nook', light: 'bright-indirect' });
    // outdoor left out stays as it is; the same again stores nothing.
    const same = await call('put', `/places/${den.id}`, ana).send({ name: 'Reading nook', light: 'bright-indirect' });
    expect(same.body).toEqual(changed.body);

    const porch = await makePlace(ana, { name: 'Porch', light: 'medium', outdoor: true, shared: true });
    const byBen = await call('put', `/places/${porch.id}`, ben).send({ name: 'Porch', light: 'full-sun' }).expect(200);
    expect(byBen.body).toMatchObject({ id: porch.id, light: 'full-sun', outdoor: true, shared: true });
    expect((await placesOf(ana)).find((place) => place.id === porch.id)).toMatchObject({ light: 'full-sun' });
  });

  it('refuses bad input (400), a name taken (409), a place that is not the caller’s (404); nothing changes', async () => {
    const [rosa, tom] = await usersNamed('Rosa Editor', 'Tom Editor');
    const den = await makePlace(rosa, { name: 'Den', light: 'low' });
    await makePlace(rosa, { name: 'Loft', light: 'medium' });
    for (const [body, field] of [
      [{ name: '', light: 'low' }, 'name'],
      [{ name: 'Den' }, 'light'],
      [{ name: 'Den', light: 'low', outdoor: 1 }, 'outdoor'],
      [{ name: 'Den', light: 'low', shared: true }, 'shared'],
    ] as const)
      await refused(400, 'invalid_input', () => call('put', `/places/${den.id}`, rosa).send(body), { field });
    await refused(409, 'name_taken', () => call('put', `/places/${den.id}`, rosa).send({ name: 'LOFT', light: 'low' }));
    await refused(404, 'not_found', () => call('put', `/places/${den.id}`, tom).send({ name: 'Mine', light: 'low' }));
    await refused(404, 'not_found', () =>
      call('put', '/places/AAAAAAAAAAAAAAAAAAAA', rosa).send({ name: 'X', light: 'low' }),
    );
    await refused(404, 'not_found', () => call('put', '/places/a%2Fb', rosa).send({ name: 'X', light: 'low' }));
    await refused(405, 'method_not_allowed', () => call('get', `/places/${den.id}`, rosa));
  });

  it("sets the caller's walk: the places named first, the rest after as they were; 400 for a place not theirs, twice, or not a list", async () => {
    const [rosa, tom] = await usersNamed('Rosa Orderer', 'Tom Orderer');
    const [a, b, c] = [
      await makePlace(rosa, { name: 'A', light: 'low' }),
      await makePlace(rosa, { name: 'B', light: 'low' }),
      await makePlace(rosa, { name: 'C', light: 'low' }),
    ];
    const tomsOwn = await makePlace(tom, { name: 'T', light: 'low' });
    const ordered = await call('put', '/places/order', rosa)
      .send({ ids: [c.id, a.id] })
      .expect(200);
    expect((ordered.body.places as Place[]).map((place) => [place.name, place.order])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expect(await placesOf(rosa)).toEqual(ordered.body.places);
    // /order is not taken for a place's id.
    await refused(405, 'method_not_allowed', () => call('delete', '/places/order', rosa));
    for (const [body, field] of [
      [{ ids: [tomsOwn.id] }, 'ids'],
      [{ ids: [b.id, b.id] }, 'ids'],
      [{ ids: b.id }, 'ids'],
      [{}, 'ids'],
      [{ ids: ['a/b'] }, 'ids.0'],
      [{ ids: [a.id], extra: 1 }, 'extra'],
    ] as const)
      await refused(400, 'invalid_input', () => call('put', '/places/order', rosa).send(body), { field });
  });
});

describe('plants in places', () => {
  it('puts a plant in a place on POST and PUT /mango; every signed-in view says where it stands and whether its light suits it', async () => {
    const [rosa] = await usersNamed('Rosa Planter');
    const shade = await makePlace(rosa, { name: 'Shady corner', light: 'low' });
    const sun = await makePlace(rosa, { name: 'Sunny sill', light: 'full-sun' });
    const okra = await createPlantAs(
      app,
      rosa,
      aPlant({ plantName: 'Okra', speciesId: NEEDS_FULL_SUN, placeId: shade.id }),
    );
    const fern = await createPlantAs(app, rosa, aPlant({ plantName: 'Maidenhair', speciesId: NEEDS_LOW }));
    const plain = await createPlantAs(app, rosa, aPlant({ plantName: 'Plain', placeId: sun.id }));

    expect(await viewOf(rosa, okra)).toMatchObject({
      place: { id: shade.id, name: 'Shady corner', light: 'low' },
      lightFit: 'too-dark',
    });
    expect(await viewOf(rosa, fern)).toMatchObject({ place: null, lightFit: null });
    // No species: its light cannot be judged.
    expect(await viewOf(rosa, plain)).toMatchObject({ place: { id: sun.id }, lightFit: null });
    expect(await viewOf(rosa, okra)).not.toHaveProperty('placeId');

    await call('put', `/${fern}`, rosa)
      .send(anUpdate({ plantName: 'Maidenhair', placeId: sun.id }))
      .expect(200);
    expect(await viewOf(rosa, fern)).toMatchObject({ place: { name: 'Sunny sill' }, lightFit: 'too-bright' });
    await call('put', `/${okra}`, rosa)
      .send(anUpdate({ plantName: 'Okra', placeId: sun.id }))
      .expect(200);
    expect(await viewOf(rosa, okra)).toMatchObject({ place: { name: 'Sunny sill' }, lightFit: 'ok' });
    // Renaming or relighting the place is seen at once by every plant in it.
    await call('put', `/places/${sun.id}`, rosa).send({ name: 'Bright sill', light: 'bright-indirect' }).expect(200);
    expect(await viewOf(rosa, fern)).toMatchObject({ place: { name: 'Bright sill' }, lightFit: 'ok' });

    // The lists, Today and the export say it too, and the places count their plants.
    const own = await call('get', '/', rosa).query({ email: rosa.email }).expect(200);
    const byName = new Map((own.body as Plant[]).map((plant) => [plant.plantName, plant]));
    expect(byName.get('Okra')).toMatchObject({ place: { name: 'Bright sill' }, lightFit: 'too-dark' });
    expect(byName.get('Maidenhair')).toMatchObject({ place: { name: 'Bright sill' }, lightFit: 'ok' });
    const due = await call('get', '/due', rosa).query({ until: '2027-01-01' }).expect(200);
    for (const plant of due.body.plants as Plant[]) expect(plant).toHaveProperty('place');
    expect((await placesOf(rosa)).map((place) => [place.name, place.plantCount])).toEqual([
      ['Shady corner', 0],
      ['Bright sill', 3],
    ]);
    const file = JSON.parse(
      (await call('get', '/export', rosa).query({ format: 'json' }).expect(200)).text,
    ) as PlantsExport;
    expect(file.plants.every((plant) => plant.place?.name === 'Bright sill')).toBe(true);
  });

  it("writes a moved event in the plant's journal for each move: into a place, to another, out of it", async () => {
    const [rosa] = await usersNamed('Rosa Mover');
    const bedroom = await makePlace(rosa, { name: 'Bedroom', light: 'medium' });
    const hall = await makePlace(rosa, { name: 'Hall', light: 'low' });
    const id = await createPlantAs(app, rosa, aPlant({ plantName: 'Pothos' }));
    const before = (await storedPlant(id))!;

    await call('put', `/${id}`, rosa)
      .send(anUpdate({ placeId: bedroom.id }))
      .expect(200);
    await call('put', `/${id}`, rosa)
      .send(anUpdate({ placeId: hall.id }))
      .expect(200);
    // Absent: it stays where it is; the same place again changes nothing.
    expect((await call('put', `/${id}`, rosa).send(anUpdate()).expect(200)).body).toEqual({ modifiedCount: 0 });
    expect(
      (
        await call('put', `/${id}`, rosa)
          .send(anUpdate({ placeId: hall.id }))
          .expect(200)
      ).body,
    ).toEqual({
      modifiedCount: 0,
    });
    await call('put', `/${id}`, rosa)
      .send(anUpdate({ placeId: null }))
      .expect(200);

    const moves = (await eventsOf(rosa, id)).filter((event) => event.type === 'moved');
    expect(moves).toEqual([
      expect.objectContaining({ fromPlace: 'Hall', toPlace: null, by: actor(rosa) }),
      expect.objectContaining({ fromPlace: 'Bedroom', toPlace: 'Hall', by: actor(rosa) }),
      expect.objectContaining({ fromPlace: null, toPlace: 'Bedroom', by: actor(rosa) }),
    ]);
    expect(await viewOf(rosa, id)).toMatchObject({ place: null, lightFit: null });
    const after = (await storedPlant(id))!;
    expect(after).not.toHaveProperty('placeId');
    expect(after.revision).toBeGreaterThan(before.revision as number);
  });

  it('refuses a place the plant may not stand in (400 naming placeId), and stores nothing', async () => {
    const { ana, ben, oli } = await aHousehold();
    const anasOwn = await makePlace(ana, { name: 'Ana’s room', light: 'medium' });
    const bensOwn = await makePlace(ben, { name: 'Ben’s room', light: 'medium' });
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'bright-indirect', shared: true });
    const shared = await createPlantAs(app, ana, aPlant({ plantName: 'Shared Fern' }));
    const unshared = await createPlantAs(app, ana, aPlant({ plantName: 'Private Fern', shared: false }));
    const before = (await storedPlant(shared))!;

    const cases: [string, () => request.Test][] = [
      ['an id no place has', () => call('put', `/${shared}`, ana).send(anUpdate({ placeId: 'AAAAAAAAAAAAAAAAAAAA' }))],
      ["someone else's own place", () => call('put', `/${shared}`, ana).send(anUpdate({ placeId: bensOwn.id }))],
      [
        "a member putting the owner's plant in a place of his own",
        () => call('put', `/${shared}`, ben).send(anUpdate({ placeId: bensOwn.id })),
      ],
      [
        'an unshared plant in a shared place',
        () => call('put', `/${unshared}`, ana).send(anUpdate({ placeId: kitchen.id })),
      ],
      [
        'a plant unshared and kept in a shared place at once',
        () => call('put', `/${shared}`, ana).send(anUpdate({ placeId: kitchen.id, shared: false })),
      ],
      [
        'an outsider’s plant in the household’s place',
        () => call('post', '/', oli).send(aPlant({ placeId: kitchen.id })),
      ],
      ['a place id that cannot be one', () => call('put', `/${shared}`, ana).send(anUpdate({ placeId: 'a/b' }))],
      ['a number', () => call('put', `/${shared}`, ana).send(anUpdate({ placeId: 5 }))],
    ];
    for (const [what, send] of cases) {
      const response = await refused(400, 'invalid_input', send, { field: 'placeId', plants: [shared, unshared] });
      expect(response.body.error.fields.placeId, what).toEqual(expect.any(String));
    }
    // A POST refused stores no plant.
    await refused(400, 'invalid_input', () => call('post', '/', ana).send(aPlant({ placeId: bensOwn.id })), {
      field: 'placeId',
    });
    expect(await storedPlant(shared)).toEqual(before);
    // What the rule allows: the owner's own place for her own plant, shared or not.
    await call('put', `/${shared}`, ana)
      .send(anUpdate({ placeId: anasOwn.id }))
      .expect(200);
    await call('put', `/${unshared}`, ana)
      .send(anUpdate({ placeId: anasOwn.id }))
      .expect(200);
  });

  it("lets the household's owner and members put its shared plants in its shared places; a sitter sees where they stand but may not move them", async () => {
    const { ana, ben, sam, oli } = await aHousehold();
    const kitchen = await makePlace(ben, { name: 'Kitchen', light: 'bright-indirect', shared: true });
    const hall = await makePlace(ana, { name: 'Hall', light: 'low', shared: true });
    const anasRoom = await makePlace(ana, { name: 'Ana’s room', light: 'medium' });
    const id = await createPlantAs(app, ana, aPlant({ plantName: 'Calathea', placeId: kitchen.id }));
    const own = await createPlantAs(app, ana, aPlant({ plantName: 'Desk Cactus', placeId: anasRoom.id }));

    await call('put', `/${id}`, ben)
      .send(anUpdate({ plantName: 'Calathea', placeId: hall.id }))
      .expect(200);
    expect((await eventsOf(ana, id))[0]).toMatchObject({
      type: 'moved',
      fromPlace: 'Kitchen',
      toPlace: 'Hall',
      by: actor(ben),
    });
    for (const person of [ana, ben, sam])
      expect(await viewOf(person, id)).toMatchObject({ place: { id: hall.id, name: 'Hall', light: 'low' } });
    // Ana's own place is hers: the household sees her plant there as standing nowhere they know.
    expect(await viewOf(ana, own)).toMatchObject({ place: { name: 'Ana’s room' } });
    expect(await viewOf(ben, own)).toMatchObject({ place: null, lightFit: null });
    // The household's list and Today say it too.
    const shared = await call('get', '/household/plants', ben).expect(200);
    expect((shared.body.plants as Plant[]).find((plant) => plant._id === id)).toMatchObject({
      place: { name: 'Hall' },
    });

    await refused(403, 'forbidden', () => call('put', `/${id}`, sam).send(anUpdate({ placeId: kitchen.id })), {
      plants: [id],
    });
    // Someone outside the household gets the public view: nothing of where it stands.
    const outsider = await viewOf(oli, id);
    for (const field of ['place', 'lightFit', 'placeId', 'placeHousehold']) expect(outsider).not.toHaveProperty(field);
    // After the sitter's last day, the public view too.
    now = AFTER_UNTIL;
    expect(await viewOf(sam, id)).not.toHaveProperty('place');
  });

  it("moves a plant out of the household's place when its owner stops sharing it", async () => {
    const { ana, ben } = await aHousehold();
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'medium', shared: true });
    const id = await createPlantAs(app, ana, aPlant({ plantName: 'Fig', placeId: kitchen.id }));
    await call('put', `/${id}`, ana)
      .send(anUpdate({ plantName: 'Fig', shared: false }))
      .expect(200);
    expect(await viewOf(ana, id)).toMatchObject({ shared: false, place: null });
    expect((await eventsOf(ana, id))[0]).toMatchObject({ type: 'moved', fromPlace: 'Kitchen', toPlace: null });
    expect((await placesOf(ben))[0]).toMatchObject({ name: 'Kitchen', plantCount: 0 });
    expect(await plantsIn(kitchen.id)).toBe(0);
  });

  it('never tells a visitor where a plant stands: not its page, not a public list', async () => {
    const [rosa] = await usersNamed('Rosa Private');
    const bedroom = await makePlace(rosa, { name: 'Secret bedroom', light: 'medium' });
    const id = await createPlantAs(
      app,
      rosa,
      aPlant({ plantName: 'Hidden Fern', speciesId: NEEDS_LOW, placeId: bedroom.id }),
    );
    const page = await call('get', `/${id}`).expect(200);
    for (const field of ['place', 'lightFit', 'placeId', 'placeHousehold']) expect(page.body).not.toHaveProperty(field);
    expect(page.text).not.toContain(bedroom.id);
    for (const query of [{}, { limit: 5 }, { q: 'hidden' }, { sort: 'plantName', limit: 5 }]) {
      const list = await call('get', '/').query(query).expect(200);
      expect(list.text, JSON.stringify(query)).not.toContain(bedroom.id);
      expect(list.text).not.toContain('Secret bedroom');
      expect(list.text).not.toContain('lightFit');
    }
  });

  it('reads at most one more document for a page of plants in the reader’s places, and two for one that mixes theirs and the household’s', async () => {
    const { ana } = await aHousehold();
    const [rosa] = await usersNamed('Rosa Reader');
    const page = (user: TestUser) => call('get', '/', user).query({ email: user.email, limit: 20 }).expect(200);
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createPlantAs(app, rosa, aPlant({ plantName: `Counted ${i}` }))),
    );
    const unplaced = documentsRead(await page(rosa));
    const shelf = await makePlace(rosa, { name: 'Shelf', light: 'medium' });
    for (const id of ids)
      await call('put', `/${id}`, rosa)
        .send(anUpdate({ plantName: id, placeId: shelf.id }))
        .expect(200);
    expect(documentsRead(await page(rosa))).toBe(unplaced + 1);

    // Ana's page holds plants in her own place and in the household's: her book and the household's, one getAll.
    const own = await makePlace(ana, { name: 'Ana’s room', light: 'medium' });
    const kitchen = await makePlace(ana, { name: 'Kitchen', light: 'medium', shared: true });
    const mixed = await Promise.all([
      createPlantAs(app, ana, aPlant({ plantName: 'Mine' })),
      createPlantAs(app, ana, aPlant({ plantName: 'Ours' })),
    ]);
    const before = documentsRead(await page(ana));
    await call('put', `/${mixed[0]}`, ana)
      .send(anUpdate({ plantName: 'Mine', placeId: own.id }))
      .expect(200);
    await call('put', `/${mixed[1]}`, ana)
      .send(anUpdate({ plantName: 'Ours', placeId: kitchen.id }))
      .expect(200);
    expect(documentsRead(await page(ana))).toBe(before + 2);
    const today = await call('get', '/due', ana).query({ until: '2027-01-01' }).expect(200);
    expect((today.body.plants as Plant[]).map((plant) => plant.place?.name).sort()).toEqual(['Ana’s room', 'Kitchen']);
  });
});

describe('DELETE /mango/places/:id', () => {
  it(`moves up to ${MOVE_OUT_PER_COMMIT} plants out in the same commit, each with a moved event, leaving none pointing at it`, async () => {
    const [rosa] = await usersNamed('Rosa Clearer');
    const ids = await importInto(rosa, 'Greenhouse A', MOVE_OUT_PER_COMMIT);
    const greenhouse = (await placesOf(rosa)).find((place) => place.name === 'Greenhouse A')!;
    expect(greenhouse.plantCount).toBe(MOVE_OUT_PER_COMMIT);

    const deleted = await call('delete', `/places/${greenhouse.id}`, rosa).expect(200);
    expect(deleted.body).toEqual({ deletedCount: 1, movedOut: MOVE_OUT_PER_COMMIT, pending: false });
    expect(queued).toEqual([]);
    expect(await plantsIn(greenhouse.id)).toBe(0);
    expect(await movedOutOf('Greenhouse A')).toBe(MOVE_OUT_PER_COMMIT);
    expect(await placesOf(rosa)).toEqual([]);
    expect(await viewOf(rosa, ids[0]!)).toMatchObject({ place: null });
    expect((await eventsOf(rosa, ids[0]!))[0]).toMatchObject({
      type: 'moved',
      fromPlace: 'Greenhouse A',
      toPlace: null,
      placeDeleted: true,
      by: actor(rosa),
    });
    const book = (await getDb().collection(PERSON_PLACES_COLLECTION).doc(rosa.uid).get()).data()!;
    expect(book.places).toEqual({});
    expect(book.order).toEqual([]);
  });

  it(`hands more than ${MOVE_OUT_PER_COMMIT} plants (2,000) to the task queue: the place is gone to every reader at once, and no plant points at it once the task has run`, async () => {
    const [rosa] = await usersNamed('Rosa Queuer');
    // Two imports of the most one takes, into the same place (found by name the second time).
    const count = 2 * IMPORT_MAX_PLANTS;
    const ids = [
      ...(await importInto(rosa, 'Greenhouse B', IMPORT_MAX_PLANTS)),
      ...(await importInto(rosa, 'Greenhouse B', IMPORT_MAX_PLANTS, 'More of Greenhouse B')),
    ];
    expect(ids).toHaveLength(count);
    const greenhouse = (await placesOf(rosa)).find((place) => place.name === 'Greenhouse B')!;

    const deleted = await call('delete', `/places/${greenhouse.id}`, rosa).expect(200);
    expect(deleted.body).toEqual({ deletedCount: 1, movedOut: count, pending: true });
    expect(queued).toEqual([
      {
        fn: 'emptyPlace',
        data: { household: null, bookId: rosa.uid, placeId: greenhouse.id },
        id: expect.stringMatching(new RegExp(`^empty-${greenhouse.id}-\\d+$`)),
      },
    ]);
    // Until the task runs: gone from the walk and from every plant's view, its name free, no plant put in it.
    expect(await placesOf(rosa)).toEqual([]);
    expect(await viewOf(rosa, ids[0]!)).toMatchObject({ place: null, lightFit: null });
    await refused(400, 'invalid_input', () => call('post', '/', rosa).send(aPlant({ placeId: greenhouse.id })), {
      field: 'placeId',
    });
    const again = await makePlace(rosa, { name: 'Greenhouse B', light: 'full-sun' });
    expect(again.id).not.toBe(greenhouse.id);

    const moved = await placeJobs().emptyPlace(queued[0]!.data as unknown as EmptyPlaceTask);
    expect(moved).toBe(count);
    expect(await plantsIn(greenhouse.id)).toBe(0);
    expect(await movedOutOf('Greenhouse B')).toBe(count);
    const book = (await getDb().collection(PERSON_PLACES_COLLECTION).doc(rosa.uid).get()).data()!;
    expect(Object.keys(book.places as object)).toEqual([again.id]);
    // Run again (Cloud Tasks may), it finds nothing to do.
    expect(await placeJobs().emptyPlace(queued[0]!.data as unknown as EmptyPlaceTask)).toBe(0);
  });

  it('stores nothing when the task queue does not answer (503)', async () => {
    const [rosa] = await usersNamed('Rosa Unlucky');
    const ids = await importInto(rosa, 'Greenhouse C', MOVE_OUT_PER_COMMIT + 1);
    const greenhouse = (await placesOf(rosa)).find((place) => place.name === 'Greenhouse C')!;
    const down = testApp({
      clock: () => now,
      tasks: {
        enqueue: async () => {
          throw new Error('Cloud Tasks is down');
        },
      },
    });
    await refused(503, 'unavailable', () => request(down).delete(`/mango/places/${greenhouse.id}`).set(bearer(rosa)), {
      plants: ids.slice(0, 3),
    });
    expect(await plantsIn(greenhouse.id)).toBe(MOVE_OUT_PER_COMMIT + 1);
  });

  it("moves the household's plants out of a shared place deleted by a member; refuses a sitter and strangers, changing nothing", async () => {
    const { ana, ben, sam, oli } = await aHousehold();
    const kitchen = await makePlace(ana, { name: 'Shared kitchen', light: 'medium', shared: true });
    const plants = [
      await createPlantAs(app, ana, aPlant({ plantName: 'Ana’s Basil', placeId: kitchen.id })),
      await createPlantAs(app, ben, aPlant({ plantName: 'Ben’s Mint', placeId: kitchen.id })),
    ];
    expect((await placesOf(ana))[0]).toMatchObject({ plantCount: 2 });
    await refused(403, 'forbidden', () => call('delete', `/places/${kitchen.id}`, sam), { plants });
    await refused(404, 'not_found', () => call('delete', `/places/${kitchen.id}`, oli), { plants });
    await refused(404, 'not_found', () => call('delete', '/places/AAAAAAAAAAAAAAAAAAAA', ben), { plants });
    const deleted = await call('delete', `/places/${kitchen.id}`, ben).expect(200);
    expect(deleted.body).toEqual({ deletedCount: 1, movedOut: 2, pending: false });
    expect(await plantsIn(kitchen.id)).toBe(0);
    for (const [owner, id] of [
      [ana, plants[0]!],
      [ben, plants[1]!],
    ] as const)
      expect((await eventsOf(owner, id))[0]).toMatchObject({
        type: 'moved',
        fromPlace: 'Shared kitchen',
        by: actor(ben),
      });
    expect(await placesOf(ana)).toEqual([]);
    await refused(404, 'not_found', () => call('delete', `/places/${kitchen.id}`, ben));
  });
});

describe('export and import carry places by name', () => {
  it('CSV: puts each plant in the place of its name (any letter case), making those the importer has not, with the light given', async () => {
    const [rosa] = await usersNamed('Rosa Importer');
    const bedroom = await makePlace(rosa, { name: 'Bedroom', light: 'medium' });
    const rows = [
      { plantName: 'Aloe', category: 'succulent', place: 'BEDROOM', placeLight: '' },
      { plantName: 'Tomato', category: 'Vegetable', place: 'Balcony', placeLight: 'full-sun' },
      { plantName: 'Ivy', category: 'fern', place: 'Landing', placeLight: '' },
      { plantName: 'Cress', category: 'Herbs', place: '', placeLight: '' },
    ];
    const before = await store();
    const dry = await importCsv(rosa, rows, true).expect(200);
    expect(dry.body).toMatchObject({ dryRun: true, created: 4, errors: [] });
    expect(await store()).toEqual(before);

    const done = await importCsv(rosa, rows).expect(200);
    const [aloe, tomato, ivy, cress] = (done.body as ImportResult).plants.map((plant) => plant._id!);
    const places = await placesOf(rosa);
    expect(places.map((place) => [place.name, place.light, place.plantCount])).toEqual([
      ['Bedroom', 'medium', 1],
      ['Balcony', 'full-sun', 1],
      // No light given: a room's bright spot away from the sun.
      ['Landing', 'bright-indirect', 1],
    ]);
    expect(await viewOf(rosa, aloe!)).toMatchObject({ place: { id: bedroom.id } });
    expect(await viewOf(rosa, tomato!)).toMatchObject({ place: { name: 'Balcony', light: 'full-sun' } });
    expect(await viewOf(rosa, ivy!)).toMatchObject({ place: { name: 'Landing' } });
    expect(await viewOf(rosa, cress!)).toMatchObject({ place: null });

    // The export names them, and imported again by someone else, makes the same places.
    const csv = (await call('get', '/export', rosa).query({ format: 'csv' }).expect(200)).text;
    const table = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    expect(table.find((row) => row.plantName === 'Tomato')).toMatchObject({ place: 'Balcony', placeLight: 'full-sun' });
    const [tom] = await usersNamed('Tom Importer');
    await call('post', '/import', tom).set('Content-Type', 'text/csv').send(csv).expect(200);
    expect((await placesOf(tom)).map((place) => [place.name, place.light])).toEqual(
      expect.arrayContaining([
        ['Balcony', 'full-sun'],
        ['Bedroom', 'medium'],
        ['Landing', 'bright-indirect'],
      ]),
    );
  });

  it('JSON: an export imported again keeps each plant in its place, and its journal of moves; the file’s place ids are not used', async () => {
    const [rosa, tom] = await usersNamed('Rosa Exporter', 'Tom Receiver');
    const porch = await makePlace(rosa, { name: 'Porch', light: 'bright-indirect', outdoor: true });
    const id = await createPlantAs(app, rosa, aPlant({ plantName: 'Porch Fern' }));
    await call('put', `/${id}`, rosa)
      .send(anUpdate({ plantName: 'Porch Fern', placeId: porch.id }))
      .expect(200);
    const file = JSON.parse(
      (await call('get', '/export', rosa).query({ format: 'json' }).expect(200)).text,
    ) as PlantsExport;
    expect(file.plants[0]).toMatchObject({ place: { id: porch.id, name: 'Porch', light: 'bright-indirect' } });

    const response = await call('post', '/import', tom)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ plants: file.plants.map((plant) => ({ ...plant, placeId: porch.id })) }))
      .expect(200);
    const imported = (response.body as ImportResult).plants[0]!._id!;
    const [tomsPorch] = await placesOf(tom);
    expect(tomsPorch).toMatchObject({ name: 'Porch', light: 'bright-indirect', plantCount: 1 });
    expect(tomsPorch!.id).not.toBe(porch.id);
    expect(await viewOf(tom, imported)).toMatchObject({ place: { id: tomsPorch!.id } });
    expect((await eventsOf(tom, imported)).find((event) => event.type === 'moved')).toMatchObject({
      toPlace: 'Porch',
      imported: true,
      by: { displayName: rosa.displayName },
    });
  });

  it(`refuses an import that would make more than ${PLACES_PER_PERSON} places, or names a place badly, naming the row; nothing is stored`, async () => {
    const [rosa] = await usersNamed('Rosa Crowded');
    for (let i = 1; i < PLACES_PER_PERSON; i += 1) await makePlace(rosa, { name: `Nook ${i}`, light: 'low' });
    const rows = [
      { plantName: 'One', category: 'fern', place: 'nook 1', placeLight: '' },
      { plantName: 'Two', category: 'fern', place: 'New A', placeLight: '' },
      { plantName: 'Three', category: 'fern', place: 'New B', placeLight: '' },
      { plantName: 'Four', category: 'fern', place: 'x'.repeat(41), placeLight: '' },
      { plantName: 'Five', category: 'fern', place: 'Nook 2', placeLight: 'dim' },
    ];
    const before = await store();
    const refusedImport = await importCsv(rosa, rows).expect(400);
    expect(refusedImport.body.error.code).toBe('invalid_import');
    expect(refusedImport.body.errors).toEqual([
      { row: 4, field: 'place', message: expect.stringContaining(`past ${PLACES_PER_PERSON} places`) },
      { row: 5, field: 'place', message: "A place's name must be at most 40 characters." },
      { row: 6, field: 'placeLight', message: expect.stringContaining('low, medium, bright-indirect, full-sun') },
    ]);
    expect(await store()).toEqual(before);
  });
});

describe('the calendar feed', () => {
  it("names each plant's place in its events", async () => {
    const [rosa] = await usersNamed('Rosa Subscriber');
    const sill = await makePlace(rosa, { name: 'Kitchen sill', light: 'full-sun' });
    const placed = await createPlantAs(app, rosa, aPlant({ plantName: 'Basil', placeId: sill.id }));
    const unplaced = await createPlantAs(app, rosa, aPlant({ plantName: 'Chives' }));
    const url = (await call('get', '/calendar', rosa).expect(200)).body.url as string;
    const feed = await request(app).get(new URL(url).pathname).expect(200);
    const descriptions = new Map(
      new ICAL.Component(ICAL.parse(feed.text))
        .getAllSubcomponents('vevent')
        .map((event) => [
          String(event.getFirstPropertyValue('uid')).slice(0, 20),
          String(event.getFirstPropertyValue('description')),
        ]),
    );
    expect(descriptions.get(placed)).toContain('Place: Kitchen sill');
    expect(descriptions.get(unplaced)).not.toContain('Place:');
  });
});
