import type { Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import Papa from 'papaparse';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION } from '../src/accounts/accounts.repository';
import { ACTIVITY_COLLECTION } from '../src/activity/activity.repository';
import { DEFAULT_LIMITS, type AccountLimits } from '../src/config/limits';
import { getDb } from '../src/lib/firebase';
import { PRIVATE_CACHE } from '../src/lib/http-cache';
import { addDays, utcToday, type Plant, type PlantEvent } from '../src/model';
import { IMPORT_MAX_BYTES, IMPORT_MAX_PLANTS, type ImportResult } from '../src/model/transfer';
import { CSV_COLUMNS, type PlantsExport } from '../src/transfer/transfer-format';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { PLANTS_PER_BATCH } from '../src/transfer/transfer.repository';
import { testApp } from './support/app';
import { FUNCTION_URL, HOSTING_URL } from './support/emulators';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant, storedPlantCount } from './support/plants';
import { createAnonymousUser, createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

type Format = 'json' | 'csv';
const CONTENT_TYPES: Record<Format, string> = { json: 'application/json', csv: 'text/csv' };

async function exportAs(app: Express, user: TestUser, format: Format) {
  const response = await request(app).get('/mango/export').query({ format }).set(bearer(user));
  expect(response.status, response.text).toBe(200);
  return response;
}

const exportJson = async (app: Express, user: TestUser) =>
  JSON.parse((await exportAs(app, user, 'json')).text) as PlantsExport;

function importAs(
  app: Express,
  user: Pick<TestUser, 'idToken'>,
  body: string | Buffer,
  format: Format,
  dryRun: boolean,
) {
  return request(app)
    .post('/mango/import')
    .query({ dryRun: dryRun ? '1' : '0' })
    .set(bearer(user))
    .set('Content-Type', CONTENT_TYPES[format])
    .send(body);
}

/** A plant as an import must give it back: everything but what the server makes anew (id, times, history). */
function comparable(plant: Plant): Record<string, unknown> {
  const {
    _id: _newId,
    createdAt: _created,
    updatedAt: _updated,
    events: _history,
    ...fields
  } = plant as Plant & { events?: unknown };
  return fields;
}

const account = async (uid: string) => (await getDb().collection(ACCOUNTS_COLLECTION).doc(uid).get()).data();
const activityCount = async (uid: string) =>
  (await getDb().collection(ACTIVITY_COLLECTION).where('ownerUid', '==', uid).get()).size;

/** What the user has stored, to check that a refused or failed import changed none of it. */
async function footprint(user: TestUser) {
  const stored = await account(user.uid);
  return {
    plants: await storedPlantCount(user.uid),
    activity: await activityCount(user.uid),
    plantCount: stored?.plantCount,
    tokens: stored?.tokens as number | undefined,
  };
}

/** A CSV of `count` valid plants, named `${label} 1`... */
function csvOf(count: number, label: string, extra: Record<string, string> = {}): string {
  const rows = Array.from({ length: count }, (_, i) => ({
    plantName: `${label} ${i + 1}`,
    category: 'fern',
    wateringFrequency: 'Every 4 days',
    ...extra,
  }));
  return Papa.unparse(rows);
}

/** Plants whose text exercises the CSV: quotes, commas, line breaks, accents, and formula-looking cells. */
const TRICKY_PLANTS = [
  aPlant({
    plantName: '=HYPERLINK("http://evil.test","Click me")',
    category: 'succulent',
    description: 'Says "hi", then\r\nbreaks a line',
    notes: '@everyone',
  }),
  aPlant({
    plantName: '+Pothos, golden',
    category: 'Herbs',
    careLevel: 'difficult',
    wateringFrequency: 'Twice a week',
    healthStatus: 'Needs Care',
    description: '-2 degrees is too cold',
  }),
  aPlant({
    plantName: "'=Already neutral",
    category: 'bonsai',
    wateringFrequency: '-',
    description: "It's a 'plant'",
    image: '/images/plants/fern.webp',
  }),
  aPlant({
    plantName: 'Ünïcödé Fern 🌿',
    category: 'Fruit',
    lastWateredDate: undefined,
    nextWateringDate: undefined,
    image: undefined,
    description: undefined,
  }),
];

describe('GET /mango/export', () => {
  it('answers 401 without a token, in both formats', async () => {
    const app = testApp();
    for (const format of ['json', 'csv']) {
      const response = await request(app).get('/mango/export').query({ format }).expect(401);
      expect(response.body.error.code).toBe('unauthenticated');
    }
  });

  it("JSON: an attachment with a dated name holding only the caller's plants as the owner sees them, each with its care history", async () => {
    const app = testApp({ clock: () => new Date('2026-06-01T10:00:00.000Z') });
    const user = await createTestUser('Exporting Gardener');
    const other = await createTestUser('Other Gardener');
    const watered = await createPlantAs(
      app,
      user,
      aPlant({ plantName: 'Watered Fern', wateringFrequency: 'Every 3 days' }),
    );
    await request(app).post(`/mango/${watered}/care/water`).set(bearer(user)).send({ date: '2026-05-31' }).expect(200);
    await createPlantAs(app, user, aPlant({ plantName: 'Quiet Cactus', category: 'succulent' }));
    await createPlantAs(app, other, aPlant({ plantName: 'Not Yours' }));

    const response = await exportAs(app, user, 'json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=mango-grove-plants-2026-06-01.json');
    expect(response.headers['cache-control']).toBe(PRIVATE_CACHE);
    const file = JSON.parse(response.text) as PlantsExport;
    expect(file.exportedAt).toBe('2026-06-01T10:00:00.000Z');
    expect(file.plants.map((plant) => plant.plantName).sort()).toEqual(['Quiet Cactus', 'Watered Fern']);
    const fern = file.plants.find((plant) => plant._id === watered)!;
    const { events, rhythm, ...plant } = fern;
    expect(plant).toEqual((await request(app).get(`/mango/${watered}`).set(bearer(user)).expect(200)).body);
    // What it remembers of its rhythm, which the owner's view does not show.
    expect(rhythm).toEqual({ water: { done: ['2026-05-31'], checked: [] } });
    expect(plant).toMatchObject({
      userEmail: user.email,
      ownerUid: user.uid,
      userName: 'Exporting Gardener',
      wateringIntervalDays: 3,
    });
    expect(events).toEqual((await request(app).get(`/mango/${watered}/events`).set(bearer(user)).expect(200)).body);
    expect(events.map((event: PlantEvent) => event.type)).toEqual(['watered', 'added']);
  });

  it('CSV: text/csv attachment, a header row of the field names, one RFC 4180 row per plant, formula-looking cells neutralised', async () => {
    const app = testApp({ clock: () => new Date('2026-06-01T10:00:00.000Z') });
    const user = await createTestUser('Spreadsheet Gardener');
    const ids: string[] = [];
    for (const plant of TRICKY_PLANTS) ids.push(await createPlantAs(app, user, plant));

    const response = await exportAs(app, user, 'csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=mango-grove-plants-2026-06-01.csv');
    expect(response.headers['cache-control']).toBe(PRIVATE_CACHE);
    const csv = response.text;
    expect(csv.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(
      csv.startsWith(
        'plantName,category,careLevel,wateringFrequency,healthStatus,lastWateredDate,nextWateringDate,description,image,_id,',
      ),
    ).toBe(true);
    // Quoted only where RFC 4180 needs it, quotes doubled, a line break kept inside its quotes.
    expect(csv).toContain('"Says ""hi"", then\r\nbreaks a line"');
    expect(csv).toContain(`,It's a 'plant',`);
    // Every cell that a spreadsheet would run as a formula starts with an apostrophe, in quotes.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""Click me"")"`);
    expect(csv).toContain(`"'+Pothos, golden"`);
    expect(csv).toContain(`"'-2 degrees is too cold"`);
    expect(csv).toContain(`"'@everyone"`);
    expect(csv).toContain(`"'-"`);
    expect(csv).toContain(`"''=Already neutral"`);
    const cells = Papa.parse<string[]>(csv, { header: false }).data.slice(1).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    const table = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    expect(table.map((row) => row._id).sort()).toEqual([...ids].sort());
    expect(table.find((row) => row._id === ids[3])).toMatchObject({
      plantName: 'Ünïcödé Fern 🌿',
      category: 'Fruit',
      lastWateredDate: '',
      userEmail: user.email,
    });
  });

  it('refuses an unknown format with 400', async () => {
    const user = await createTestUser('Picky Gardener');
    const response = await request(testApp())
      .get('/mango/export')
      .query({ format: 'xlsx' })
      .set(bearer(user))
      .expect(400);
    expect(response.body.error).toEqual({
      code: 'invalid_input',
      message: 'format must be json or csv.',
      fields: { format: 'format must be json or csv.' },
    });
  });
});

describe('the round trip: export, delete, import', () => {
  it.each(['json', 'csv'] as const)(
    '%s gives back the same plants with the same fields, in the same order, each with a new history',
    async (format) => {
      const app = testApp();
      const user = await createTestUser('Moving Gardener');
      for (const plant of TRICKY_PLANTS) await createPlantAs(app, user, plant);
      const before = await exportJson(app, user);
      const file = format === 'json' ? JSON.stringify(before) : (await exportAs(app, user, 'csv')).text;
      for (const plant of before.plants) await request(app).delete(`/mango/${plant._id}`).set(bearer(user)).expect(200);
      expect(await storedPlantCount(user.uid)).toBe(0);

      const preview = await importAs(app, user, file, format, true).expect(200);
      expect(preview.body).toEqual({
        dryRun: true,
        created: 4,
        skipped: 0,
        errors: [],
        plants: before.plants.map((plant, i) => ({
          row: format === 'csv' ? i + 2 : i + 1,
          plantName: plant.plantName,
          category: plant.category,
        })),
        skippedRows: [],
      });
      expect(await storedPlantCount(user.uid)).toBe(0);

      const imported = await importAs(app, user, file, format, false).expect(200);
      expect(imported.headers['cache-control']).toBe(PRIVATE_CACHE);
      expect((imported.body as ImportResult).created).toBe(4);
      const after = await exportJson(app, user);
      expect(after.plants.map(comparable)).toEqual(before.plants.map(comparable));
      expect(after.plants.map((plant) => plant._id)).toEqual(
        (imported.body as ImportResult).plants.map((plant) => plant._id),
      );
      for (const plant of after.plants) {
        expect(before.plants.some((old) => old._id === plant._id)).toBe(false);
        expect(plant.events.map((event) => event.type)).toEqual(['added']);
        expect(plant.createdAt).toBe(plant.updatedAt);
      }
      // Activity records as for POST, and the account counts the plants exactly.
      expect(await activityCount(user.uid)).toBe(4 + 4 + 4);
      expect((await account(user.uid))?.plantCount).toBe(4);
    },
  );

  it("importing one's own export again duplicates nothing: every row is skipped, and only its reads are spent", async () => {
    const app = testApp({ clock: () => new Date('2026-06-01T10:00:00.000Z') });
    const user = await createTestUser('Twice Gardener');
    for (const plant of TRICKY_PLANTS.slice(0, 2)) await createPlantAs(app, user, plant);
    for (const format of ['json', 'csv'] as const) {
      const file = (await exportAs(app, user, format)).text;
      const before = await footprint(user);
      const response = await importAs(app, user, file, format, false).expect(200);
      expect(response.body).toMatchObject({ dryRun: false, created: 0, skipped: 2, errors: [], plants: [] });
      expect((response.body as ImportResult).skippedRows.map((row) => row.plantName).sort()).toEqual(
        [TRICKY_PLANTS[0]!.plantName, TRICKY_PLANTS[1]!.plantName].sort(),
      );
      expect(await footprint(user)).toEqual(before);
    }
    // The read allowance paid what the exports read (JSON: 2 plants and their 2 histories; CSV: 2
    // plants) and the 2 ids each import looked up.
    expect((await account(user.uid))?.bulkReads.tokens).toBe(DEFAULT_LIMITS.bulkReadsPerDay - 4 - 2 - 2 * 2);
  });

  it("takes the owner from the token and never an id from the file: another user's export becomes new plants of the importer", async () => {
    const app = testApp();
    const giver = await createTestUser('Giving Gardener');
    const taker = await createTestUser('Taking Gardener');
    const id = await createPlantAs(app, giver, aPlant({ plantName: 'Gift Fern' }));
    const file = (await exportAs(app, giver, 'json')).text;
    const response = await importAs(app, taker, file, 'json', false).expect(200);
    expect(response.body).toMatchObject({ created: 1, skipped: 0 });
    const [plant] = (await exportJson(app, taker)).plants;
    expect(plant).toMatchObject({
      plantName: 'Gift Fern',
      userEmail: taker.email,
      ownerUid: taker.uid,
      userName: 'Taking Gardener',
    });
    expect(plant!._id).not.toBe(id);
    expect((await request(app).get(`/mango/${id}`).set(bearer(giver)).expect(200)).body).toMatchObject({
      ownerUid: giver.uid,
    });
  });
});

describe('care schedules, care history and notes in export and import', () => {
  /** An event as an import must give it back: all but its id. */
  const eventWithoutId = ({ _id: _id, ...event }: PlantEvent) => event;
  /** An exported event as an import stores it: marked imported, and who recorded it a name only. */
  const asImported = ({ _id: _id, by, ...event }: PlantEvent): Omit<PlantEvent, '_id'> => ({
    ...event,
    imported: true,
    ...(by ? { by: { displayName: by.displayName } } : {}),
  });

  /** A plant with schedules and a history of every kind: added, watered, updated, care jobs, a snooze, notes. */
  async function aCaredForPlant(app: Express, user: TestUser, plantName: string): Promise<string> {
    const id = await createPlantAs(
      app,
      user,
      aPlant({
        plantName,
        wateringFrequency: 'Every 3 days',
        care: {
          fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31' },
          repot: { frequency: 'every 2 years' },
        },
      }),
    );
    const send = (method: 'post' | 'put', path: string, body: object) => {
      const call = request(app)[method](path);
      return call
        .set(bearer(user))
        .send(body)
        .expect((r) => expect([200, 201]).toContain(r.status));
    };
    await send('post', `/mango/${id}/care/water`, { date: '2026-03-04' });
    await send('post', `/mango/${id}/notes`, { text: `${plantName}: a new leaf`, date: '2026-03-05' });
    await send('post', `/mango/${id}/care/fertilize`, { date: '2026-03-30' });
    // Snoozed from today (3 April) by 3 days: the next feed on 6 April, not 29 April.
    await send('post', `/mango/${id}/care/fertilize/snooze`, { days: 3 });
    await send('post', '/mango/care', {
      date: '2026-04-01',
      items: [
        { plantId: id, task: 'mist' },
        { plantId: id, task: 'repot' },
      ],
    });
    const plant = (await request(app).get(`/mango/${id}`).set(bearer(user)).expect(200)).body as Plant;
    await send('put', `/mango/${id}`, {
      ...plant,
      healthStatus: 'Needs Care',
      care: { repot: { frequency: 'every 3 years', lastDate: '2026-04-01', nextDate: '2029-04-01' } },
    });
    await send('post', `/mango/${id}/notes`, { text: 'Repotted into terracotta', date: '2026-04-02' });
    return id;
  }

  it('JSON: export then import gives back the same schedules, history and notes, in order, and their undo as it was', async () => {
    const app = testApp({ clock: () => new Date('2026-04-03T10:00:00.000Z') });
    const user = await createTestUser('Careful Mover');
    const ids = [await aCaredForPlant(app, user, 'Moving Monstera'), await aCaredForPlant(app, user, 'Moving Fig')];
    const before = await exportJson(app, user);
    const monstera = before.plants.find((plant) => plant._id === ids[0])!;
    expect(monstera.care).toEqual({
      fertilize: { frequency: 'Monthly', lastDate: '2026-03-30', nextDate: '2026-04-06', intervalDays: 30 },
      repot: { frequency: 'every 3 years', lastDate: '2026-04-01', nextDate: '2029-04-01', intervalDays: 1095 },
      mist: { frequency: null, lastDate: '2026-04-01', nextDate: null, intervalDays: null },
    });
    expect(monstera.events.map((event) => event.type)).toEqual([
      'note',
      'updated',
      'repotted',
      'misted',
      'snoozed',
      'fertilized',
      'note',
      'watered',
      'added',
    ]);
    for (const id of ids) await request(app).delete(`/mango/${id}`).set(bearer(user)).expect(200);

    const imported = await importAs(app, user, JSON.stringify(before), 'json', false).expect(200);
    expect(imported.body).toMatchObject({ created: 2, errors: [] });
    const after = await exportJson(app, user);
    expect(after.plants.map(comparable)).toEqual(before.plants.map(comparable));
    for (const [i, plant] of after.plants.entries()) {
      expect(plant.events.map(eventWithoutId)).toEqual(before.plants[i]!.events.map(asImported));
      expect(await storedPlant(plant._id)).toMatchObject({ nextDueDate: '2026-03-07', revision: plant.events.length });
    }

    // The undo rules hold on the imported history: the repotting was edited after it, the misting was not.
    const [newMonstera] = (imported.body as ImportResult).plants;
    const refused = await request(app)
      .delete(`/mango/${newMonstera!._id}/care/repot/latest`)
      .set(bearer(user))
      .expect(409);
    expect(refused.body.error.code).toBe('nothing_to_undo');
    const unmisted = await request(app)
      .delete(`/mango/${newMonstera!._id}/care/mist/latest`)
      .set(bearer(user))
      .expect(200);
    expect(unmisted.body.care).not.toHaveProperty('mist');
    // Notes are notes again: they can be deleted.
    const [latestNote] = (await request(app).get(`/mango/${newMonstera!._id}/events`).set(bearer(user)).expect(200))
      .body as PlantEvent[];
    await request(app)
      .delete(`/mango/${newMonstera!._id}/notes/${latestNote!._id}`)
      .set(bearer(user))
      .expect(200, { deletedCount: 1 });
  });

  it('JSON: a history of 1,000 events (more writes than a batch takes) comes back whole and in order; 1,001 is refused', async () => {
    const app = testApp();
    const user = await createTestUser('Long Memory');
    const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    // Newest first, as an export lists them: note 999 (the newest) ... note 1, then 'added'.
    const history = [
      ...Array.from({ length: 999 }, (_, i) => ({
        type: 'note',
        at: `${day(999 - i)}T08:00:00.000Z`,
        date: day(999 - i),
        text: `Note ${999 - i}`,
        lastWateredDate: null,
        nextWateringDate: null,
      })),
      {
        type: 'added',
        at: `${day(0)}T08:00:00.000Z`,
        changes: { healthStatus: { from: null, to: 'Healthy' } },
        lastWateredDate: null,
        nextWateringDate: null,
      },
    ];
    const file = (events: unknown[]) =>
      JSON.stringify({ plants: [aPlant({ plantName: 'Old Oak', events }), aPlant({ plantName: 'Young Oak' })] });

    const tooLong = await importAs(
      app,
      user,
      file([{ ...history[0]!, text: 'One too many' }, ...history]),
      'json',
      false,
    ).expect(400);
    expect(tooLong.body.errors).toEqual([
      { row: 1, field: 'events', message: "A plant's history may hold at most 1,000 events; this one has 1,001." },
    ]);
    expect(await storedPlantCount(user.uid)).toBe(0);

    // 1,002 writes (the plant, its events, its record) go in batches of 500, 500 and 2, the young
    // oak in one more; the reservation is batch 1. When batch 3 fails, the undo deletes batch 2's
    // 500 documents, nothing is left, and the plant count is given back.
    const failing = failingAtBatch(getDb(), 3);
    await importAs(testApp({ db: () => failing.db }), user, file(history), 'json', false).expect(503);
    expect(failing.deletes()).toBe(500);
    expect(await storedPlantCount(user.uid)).toBe(0);
    expect((await account(user.uid))?.plantCount).toBe(0);

    await importAs(app, user, file(history), 'json', false).expect(200);
    const exported = await exportJson(app, user);
    expect(exported.plants.map((plant) => [plant.plantName, plant.events.length])).toEqual([
      ['Old Oak', 1000],
      ['Young Oak', 1],
    ]);
    expect(exported.plants[0]!.events.map(eventWithoutId)).toEqual(
      history.map((event) => ({ ...event, imported: true })),
    );
  });

  it("JSON: an imported event keeps who recorded it as a name only, never an account's uid, the importer's own included", async () => {
    const app = testApp();
    const importer = await createTestUser('Honest Importer');
    const ana = await createTestUser('Ana');
    const watering = (at: string, by?: unknown) => ({
      type: 'watered',
      at,
      date: at.slice(0, 10),
      previous: { lastWateredDate: null, nextWateringDate: null },
      ...(by ? { by } : {}),
      lastWateredDate: at.slice(0, 10),
      nextWateringDate: null,
    });
    const file = JSON.stringify({
      plants: [
        aPlant({
          plantName: 'Claimed Fern',
          events: [
            watering('2026-03-04T08:00:00.000Z', { uid: ana.uid, displayName: 'Ana' }),
            watering('2026-03-03T08:00:00.000Z', { uid: importer.uid, displayName: 'Honest Importer' }),
            watering('2026-03-02T08:00:00.000Z', { displayName: 'Grandma' }),
            watering('2026-03-01T08:00:00.000Z'),
          ],
        }),
      ],
    });
    const imported = await importAs(app, importer, file, 'json', false).expect(200);
    const [plant] = (imported.body as ImportResult).plants;
    const events = (await request(app).get(`/mango/${plant!._id}/events`).set(bearer(importer)).expect(200))
      .body as PlantEvent[];
    expect(events.map(({ by, imported }) => ({ by, imported }))).toEqual([
      { by: { displayName: 'Ana' }, imported: true },
      { by: { displayName: 'Honest Importer' }, imported: true },
      { by: { displayName: 'Grandma' }, imported: true },
      { by: undefined, imported: true },
    ]);
    const stored = await getDb().collection(`${PLANTS_COLLECTION}/${plant!._id}/${EVENTS_COLLECTION}`).get();
    expect(stored.docs.map((doc) => doc.get('by.uid'))).toEqual([undefined, undefined, undefined, undefined]);

    // Its export (a name without a uid, marked imported) imports again as a copy, still as a name.
    const copy = JSON.stringify({
      plants: (await exportJson(app, importer)).plants.map(({ _id: _id, ...rest }) => rest),
    });
    const [second] = ((await importAs(app, importer, copy, 'json', false).expect(200)).body as ImportResult).plants;
    const copied = (await request(app).get(`/mango/${second!._id}/events`).set(bearer(importer)).expect(200))
      .body as PlantEvent[];
    expect(copied.map(eventWithoutId)).toEqual(events.map(eventWithoutId));
  });

  it("JSON: a history that is not an export's is refused, naming the plant and the event; nothing is stored", async () => {
    const app = testApp();
    const user = await createTestUser('Forging Mover');
    const event = {
      type: 'fertilized',
      at: '2026-03-01T10:00:00.000Z',
      task: 'fertilize',
      date: '2026-03-01',
      before: null,
      after: { lastDate: '2026-03-01', nextDate: null },
    };
    const file = JSON.stringify({
      plants: [
        aPlant({ events: [event] }),
        aPlant({ events: [{ ...event, task: 'repot' }] }),
        aPlant({ events: [event, { type: 'note', at: '2026-03-01T10:00:00.000Z', date: '2026-03-01' }] }),
        aPlant({ events: 'all of them' }),
      ],
    });
    const refused = await importAs(app, user, file, 'json', false).expect(400);
    expect(refused.body.errors).toEqual([
      {
        row: 2,
        field: 'events',
        message: 'Event 1 of the history is not one an export gives: task is missing or not valid.',
      },
      {
        row: 3,
        field: 'events',
        message: 'Event 2 of the history is not one an export gives: text is missing or not valid.',
      },
      { row: 4, field: 'events', message: "events must be the list of the plant's history, as an export gives it." },
    ]);
    expect(await storedPlantCount(user.uid)).toBe(0);
  });

  it("CSV: each task's frequency and next date as columns after the others, read back into the schedules; errors name the column", async () => {
    const app = testApp();
    const user = await createTestUser('Spreadsheet Carer');
    await createPlantAs(
      app,
      user,
      aPlant({
        plantName: 'Sheet Fern',
        care: {
          fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31' },
          mist: { frequency: 'daily' },
        },
      }),
    );
    const csv = (await exportAs(app, user, 'csv')).text;
    const header = csv.split('\r\n')[0]!;
    expect(
      header.endsWith(
        ',createdAt,updatedAt,thumbUrl,fertilizeFrequency,fertilizeNextDate,repotFrequency,repotNextDate,pruneFrequency,pruneNextDate,mistFrequency,mistNextDate,speciesId,wateringFollows,place,placeLight',
      ),
    ).toBe(true);
    const [row] = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    // Misting daily without a next date got one on creation: today + 1.
    const tomorrow = addDays(utcToday(), 1);
    expect(row).toMatchObject({
      fertilizeFrequency: 'Monthly',
      fertilizeNextDate: '2026-03-31',
      repotFrequency: '',
      mistFrequency: 'daily',
      mistNextDate: tomorrow,
    });

    const mover = await createTestUser('Spreadsheet Receiver');
    await importAs(app, mover, csv, 'csv', false).expect(200);
    const [plant] = (await exportJson(app, mover)).plants;
    // A CSV carries no last dates.
    expect(plant!.care).toEqual({
      fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-03-31', intervalDays: 30 },
      mist: { frequency: 'daily', lastDate: null, nextDate: tomorrow, intervalDays: 1 },
    });

    // A row with a frequency the server understands and no next date gets one, as on POST.
    const undated =
      'plantName,category,wateringFrequency,fertilizeFrequency,fertilizeNextDate\nUndated Fern,fern,every 3 days,monthly,\n';
    const imported = (await importAs(app, mover, undated, 'csv', false).expect(200)).body as ImportResult;
    const stored = (await exportJson(app, mover)).plants.find((plant) => plant._id === imported.plants[0]!._id)!;
    expect([stored.nextWateringDate, stored.care!.fertilize!.nextDate]).toEqual([
      addDays(utcToday(), 3),
      addDays(utcToday(), 30),
    ]);

    const bad = 'plantName,category,repotFrequency,repotNextDate\nPot Fern,fern,yearly,2026-13-01\n';
    const refused = await importAs(app, mover, bad, 'csv', true).expect(200);
    expect(refused.body.errors).toEqual([
      { row: 2, field: 'repotNextDate', message: 'Next repotting date must be a real date written YYYY-MM-DD.' },
    ]);
  });
});

describe('POST /mango/import: errors', () => {
  const withOneBadRow = Papa.unparse([
    { plantName: 'Good Fern', category: 'fern', lastWateredDate: '2026-03-01' },
    { plantName: 'Bad Tree', category: 'tree', lastWateredDate: '2026-02-30' },
    { plantName: 'Good Rose', category: 'Flower', lastWateredDate: '' },
  ]);
  const expectedErrors = [
    {
      row: 3,
      field: 'category',
      message: 'Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
    },
    { row: 3, field: 'lastWateredDate', message: 'Last watered date must be a real date written YYYY-MM-DD.' },
  ];

  it('a dry run answers every error with its row and field, and stores nothing', async () => {
    const app = testApp();
    const user = await createTestUser('Checking Gardener');
    const response = await importAs(app, user, withOneBadRow, 'csv', true).expect(200);
    expect(response.body).toEqual({
      dryRun: true,
      created: 2,
      skipped: 0,
      errors: expectedErrors,
      plants: [
        { row: 2, plantName: 'Good Fern', category: 'fern' },
        { row: 4, plantName: 'Good Rose', category: 'Flower' },
      ],
      skippedRows: [],
    });
    expect(await footprint(user)).toEqual({ plants: 0, activity: 0, plantCount: undefined, revision: undefined });
  });

  it('a real import with any error answers 400 with the JSON error shape and the errors, and stores nothing (all or nothing)', async () => {
    const app = testApp();
    const user = await createTestUser('Hasty Gardener');
    await createPlantAs(app, user);
    const before = await footprint(user);
    const response = await importAs(app, user, withOneBadRow, 'csv', false).expect(400);
    expect(response.body).toEqual({
      error: {
        code: 'invalid_import',
        message: '2 problems in the file, so nothing was imported. Correct them and import the file again.',
      },
      dryRun: false,
      created: 0,
      skipped: 0,
      errors: expectedErrors,
      plants: [],
      skippedRows: [],
    });
    expect(await footprint(user)).toEqual(before);

    // JSON too: the model's sentences, a row per plant from 1.
    const json = JSON.stringify({ plants: [aPlant(), aPlant({ plantName: 42, careLevel: 'hard' })] });
    const refused = await importAs(app, user, json, 'json', false).expect(400);
    expect(refused.body.error.message).toBe(
      '2 problems in the file, so nothing was imported. Correct them and import the file again.',
    );
    expect(refused.body.errors).toEqual([
      { row: 2, field: 'plantName', message: 'Plant name must be text.' },
      { row: 2, field: 'careLevel', message: 'Care level must be one of: easy, moderate, difficult.' },
    ]);
    expect(await footprint(user)).toEqual(before);
  });

  it.each([
    ['malformed JSON', 'json', '{"plants": [', 400, { code: 'malformed_json', message: 'The file is not valid JSON.' }],
    [
      'JSON that is not an export',
      'json',
      '[{"plantName": "Fern"}]',
      400,
      {
        code: 'invalid_body',
        message: 'A JSON import must be an export of Mango Grove Tracker: an object with a "plants" list.',
      },
    ],
    [
      'malformed CSV',
      'csv',
      'plantName,category\n"Fern,fern\n',
      400,
      { code: 'malformed_csv', message: 'The file is not valid CSV (row 2): Quoted field unterminated.' },
    ],
    [
      'a CSV without a header',
      'csv',
      'Fern,fern\n',
      400,
      {
        code: 'malformed_csv',
        message:
          'The header row has no plantName column: the first row must name the columns (plantName, category, ...).',
      },
    ],
    [
      'an empty CSV',
      'csv',
      '',
      400,
      { code: 'malformed_csv', message: 'The file is empty: there is no CSV to import.' },
    ],
    [
      'an empty JSON file',
      'json',
      '  ',
      400,
      { code: 'malformed_json', message: 'The file is empty: there is no JSON to import.' },
    ],
    [
      'a file that is not UTF-8',
      'csv',
      Buffer.from('plantName,category\nFoug\xe8re,fern\n', 'latin1'),
      400,
      { code: 'malformed_csv', message: 'The file is not UTF-8 text. Save it as CSV in UTF-8 and try again.' },
    ],
  ] as const)('refuses %s with the JSON error shape, storing nothing', async (_case, format, body, status, error) => {
    const user = await createTestUser('Careless Gardener');
    for (const dryRun of [true, false]) {
      const response = await importAs(testApp(), user, body, format, dryRun).expect(status);
      expect(response.body).toEqual({ error });
    }
    expect(await footprint(user)).toEqual({ plants: 0, activity: 0, plantCount: undefined, revision: undefined });
  });

  it('refuses other types (415), a bad dryRun (400), other methods (405) and nobody (401)', async () => {
    const app = testApp();
    const user = await createTestUser('Odd Gardener');
    const xml = await request(app)
      .post('/mango/import')
      .set(bearer(user))
      .set('Content-Type', 'application/xml')
      .send('<plants/>')
      .expect(415);
    expect(xml.body.error).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the file as JSON (Content-Type: application/json) or CSV (Content-Type: text/csv).',
    });
    const dry = await request(app)
      .post('/mango/import')
      .query({ dryRun: 'yes' })
      .set(bearer(user))
      .set('Content-Type', 'text/csv')
      .send(csvOf(1, 'Fern'))
      .expect(400);
    expect(dry.body.error.fields).toEqual({
      dryRun: 'dryRun must be 1 (check the file and store nothing) or 0 (import it).',
    });
    const get = await request(app).get('/mango/import').set(bearer(user)).expect(405);
    expect(get.headers.allow).toBe('POST');
    expect((await request(app).post('/mango/export').set(bearer(user)).expect(405)).headers.allow).toBe('GET, HEAD');
    const nobody = await request(app)
      .post('/mango/import')
      .set('Content-Type', 'text/csv')
      .send(csvOf(1, 'Fern'))
      .expect(401);
    expect(nobody.body.error.code).toBe('unauthenticated');
    const anonymous = await createAnonymousUser();
    const noEmail = await importAs(app, anonymous, csvOf(1, 'Fern'), 'csv', false).expect(403);
    expect(noEmail.body.error.code).toBe('email_required');
    expect(await storedPlantCount(user.uid)).toBe(0);
  });
});

describe('POST /mango/import: limits', () => {
  it(`takes ${IMPORT_MAX_PLANTS.toLocaleString('en-US')} plants in one import (several batches), and answers 413 for one more, storing nothing`, async () => {
    const app = testApp();
    const user = await createTestUser('Greenhouse Gardener');
    const tooMany = await importAs(app, user, csvOf(IMPORT_MAX_PLANTS + 1, 'Seedling'), 'csv', false).expect(413);
    expect(tooMany.body).toEqual({
      error: {
        code: 'payload_too_large',
        message: 'An import takes at most 1,000 plants; this file has 1,001. Split it into smaller files.',
      },
    });
    const tooManyJson = await importAs(
      app,
      user,
      JSON.stringify({ plants: Array.from({ length: IMPORT_MAX_PLANTS + 1 }, () => aPlant()) }),
      'json',
      true,
    ).expect(413);
    expect(tooManyJson.body.error.code).toBe('payload_too_large');
    expect(await storedPlantCount(user.uid)).toBe(0);

    const response = await importAs(app, user, csvOf(IMPORT_MAX_PLANTS, 'Seedling'), 'csv', false).expect(200);
    expect(response.body).toMatchObject({ created: IMPORT_MAX_PLANTS, skipped: 0, errors: [] });
    expect(IMPORT_MAX_PLANTS).toBeGreaterThan(5 * PLANTS_PER_BATCH);
    expect(await storedPlantCount(user.uid)).toBe(IMPORT_MAX_PLANTS);
    expect(await activityCount(user.uid)).toBe(IMPORT_MAX_PLANTS);
    // One request, one write of the budget (a new account starts with a full one), and one write of
    // the import allowance per document: each plant, its 'added' event and its activity record.
    expect(await account(user.uid)).toMatchObject({
      plantCount: IMPORT_MAX_PLANTS,
      tokens: DEFAULT_LIMITS.writeBurst - 1,
      importWrites: { tokens: DEFAULT_LIMITS.importWritesPerDay - 3 * IMPORT_MAX_PLANTS },
    });
  });

  it('answers a file over 2 MB with 413, in JSON and in CSV, storing nothing', async () => {
    const app = testApp();
    const user = await createTestUser('Wordy Gardener');
    const long = 'x'.repeat(2100);
    const csv = csvOf(IMPORT_MAX_PLANTS, 'Wordy', { description: long });
    expect(Buffer.byteLength(csv)).toBeGreaterThan(IMPORT_MAX_BYTES);
    const json = JSON.stringify({
      plants: Array.from({ length: IMPORT_MAX_PLANTS }, () => aPlant({ description: long })),
    });
    for (const [format, body] of [
      ['csv', csv],
      ['json', json],
    ] as const) {
      const response = await importAs(app, user, body, format, true).expect(413);
      expect(response.body).toEqual({
        error: { code: 'payload_too_large', message: 'The file is too large: an import takes at most 2 MB.' },
      });
    }
    // Just under: accepted.
    const fits = csvOf(900, 'Wordy', { description: long });
    expect(Buffer.byteLength(fits)).toBeLessThan(IMPORT_MAX_BYTES);
    await importAs(app, user, fits, 'csv', true).expect(200);
    expect(await storedPlantCount(user.uid)).toBe(0);
  });

  it('is one write of the budget: with none left, 429 with Retry-After and nothing stored; a dry run still answers', async () => {
    // A test configuration: a budget of 2 writes, refilled at 6 a minute.
    let now = new Date('2026-06-01T10:00:00.000Z');
    const app = testApp({
      clock: () => now,
      limits: { ...DEFAULT_LIMITS, writeBurst: 2, writesPerMinute: 6 } satisfies AccountLimits,
    });
    const user = await createTestUser('Rushed Gardener');
    await createPlantAs(app, user);
    await createPlantAs(app, user);
    const before = await footprint(user);
    const refused = await importAs(app, user, csvOf(3, 'Late'), 'csv', false).expect(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toBe(
      'You are making changes faster than Mango Grove Tracker allows. Please wait 10 seconds and try again.',
    );
    expect(await footprint(user)).toEqual(before);
    await importAs(app, user, csvOf(3, 'Late'), 'csv', true).expect(200);
    now = new Date(now.getTime() + 10_000);
    await importAs(app, user, csvOf(3, 'Late'), 'csv', false).expect(200);
    expect(await storedPlantCount(user.uid)).toBe(5);
  });

  it('checks the quota for all the plants it adds: 403 quota_exceeded with nothing stored, in a dry run too', async () => {
    // A test configuration: an account may keep 4 plants.
    const app = testApp({ limits: { ...DEFAULT_LIMITS, writeBurst: 30, writesPerMinute: 60, plantsPerAccount: 4 } });
    const user = await createTestUser('Crowded Gardener');
    await createPlantAs(app, user);
    await createPlantAs(app, user);
    const before = await footprint(user);
    for (const dryRun of [true, false]) {
      const response = await importAs(app, user, csvOf(3, 'Extra'), 'csv', dryRun).expect(403);
      expect(response.body).toEqual({
        error: {
          code: 'quota_exceeded',
          message:
            'These 3 plants would take you past 4, the most one account can have: you keep 2. Delete some plants or add fewer.',
        },
      });
    }
    expect(await footprint(user)).toEqual(before);
    // Rows skipped as the caller's own do not count.
    const own = (await exportAs(app, user, 'csv')).text;
    const rows = Papa.parse<Record<string, string>>(own, { header: true }).data;
    const mixed = Papa.unparse([
      ...rows,
      { plantName: 'Third', category: 'fern' },
      { plantName: 'Fourth', category: 'fern' },
    ]);
    await importAs(app, user, mixed, 'csv', false).expect(200, /"created":2,"skipped":2/);
    expect(await storedPlantCount(user.uid)).toBe(4);
  });
});

/**
 * The database, except that the `failAt`-th batch it makes fails with UNAVAILABLE when committed
 * and stores nothing (a commit is atomic), and the deletes of every later batch are counted.
 */
function failingAtBatch(db: Firestore, failAt: number) {
  let made = 0;
  let deletes = 0;
  const failing = new Proxy(db, {
    get(target, property) {
      if (property !== 'batch') {
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return () => {
        made += 1;
        const batch = target.batch();
        const number = made;
        return new Proxy(batch, {
          get(inner, name) {
            if (name === 'commit' && number === failAt) {
              return async () => {
                throw Object.assign(new Error('14 UNAVAILABLE: the test cut this commit off'), { code: 14 });
              };
            }
            const member: unknown = Reflect.get(inner, name, inner);
            if (typeof member !== 'function') return member;
            if (name === 'delete' && number > failAt) {
              return (...args: unknown[]) => {
                deletes += 1;
                return (member as (...a: unknown[]) => unknown).apply(inner, args);
              };
            }
            return (member as (...a: unknown[]) => unknown).bind(inner);
          },
        });
      };
    },
  });
  return { db: failing, deletes: () => deletes };
}

describe('POST /mango/import: a batch that fails', () => {
  it('undoes the batches already written (and only those), gives the quota back, answers 503, and the next import works', async () => {
    const now = new Date('2026-06-01T10:00:00.000Z');
    const user = await createTestUser('Unlucky Gardener');
    await createPlantAs(testApp({ clock: () => now }), user, aPlant({ plantName: 'Kept Fern' }));
    const before = await footprint(user);
    // The reservation is the account's own commit (batch 1); then three batches of plants: the
    // first two commit, the third (batch 4) fails.
    const count = 2 * PLANTS_PER_BATCH + 50;
    const failing = failingAtBatch(getDb(), 4);
    const app = testApp({ clock: () => now, db: () => failing.db });
    const response = await importAs(app, user, csvOf(count, 'Doomed'), 'csv', false).expect(503);
    expect(response.body).toEqual({
      error: {
        code: 'unavailable',
        message: 'The plant database is not answering right now. Please try again in a moment.',
      },
    });

    const after = await footprint(user);
    expect({ plants: after.plants, activity: after.activity, plantCount: after.plantCount }).toEqual({
      plants: before.plants,
      activity: before.activity,
      plantCount: before.plantCount,
    });
    // The undo deleted the three documents of each plant the two stored batches wrote, nothing more.
    expect(failing.deletes()).toBe(2 * PLANTS_PER_BATCH * 3);
    // One write of the budget for the reservation; giving the plants back is free. Of the import
    // allowance, the documents the stored batches wrote stay spent, the rest are given back.
    expect(after.tokens).toBe(before.tokens! - 1);
    expect((await account(user.uid))?.importWrites.tokens).toBe(
      DEFAULT_LIMITS.importWritesPerDay - 2 * PLANTS_PER_BATCH * 3,
    );
    const left = await exportJson(testApp(), user);
    expect(left.plants.map((plant) => plant.plantName)).toEqual(['Kept Fern']);

    const retried = await importAs(testApp(), user, csvOf(count, 'Doomed'), 'csv', false).expect(200);
    expect(retried.body.created).toBe(count);
    expect((await account(user.uid))?.plantCount).toBe(count + 1);
    expect(await storedPlantCount(user.uid)).toBe(count + 1);
  });
});

/*
 * Through the Cloud Functions runtime (the Functions emulator) and the Hosting rewrite, where the
 * runtime has read the body before Express runs (req.rawBody).
 */
describe.each([
  ['the Functions emulator', FUNCTION_URL],
  ['the Hosting rewrite', HOSTING_URL],
])('through %s', (_where, base) => {
  const post = (user: TestUser, body: string | Buffer, type: string, dryRun = false) =>
    fetch(`${base}/mango/import?dryRun=${dryRun ? 1 : 0}`, {
      method: 'POST',
      headers: { ...bearer(user), 'Content-Type': type },
      body,
    });

  it('exports CSV as an attachment and imports JSON and a CSV with a BOM', async () => {
    const user = await createTestUser('Runtime Mover');
    await createPlantAs(testApp(), user, aPlant({ plantName: '=Formula Fern' }));
    const exported = await fetch(`${base}/mango/export?format=csv`, { headers: bearer(user) });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename=mango-grove-plants-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await exported.text();
    expect(csv).toContain(`"'=Formula Fern"`);

    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvOf(2, 'Bom Fern'))]);
    const preview = await post(user, bom, 'text/csv; charset=utf-8', true);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ dryRun: true, created: 2, errors: [] });
    const fromCsv = await post(user, bom, 'text/csv');
    expect(await fromCsv.json()).toMatchObject({ created: 2 });

    const file = await (await fetch(`${base}/mango/export?format=json`, { headers: bearer(user) })).text();
    const again = await post(user, file, 'application/json');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: 0, skipped: 3 });
    const mover = await createTestUser('Runtime Receiver');
    const fromJson = await post(mover, file, 'application/json');
    expect(await fromJson.json()).toMatchObject({ created: 3, skipped: 0 });
    expect(await storedPlantCount(mover.uid)).toBe(3);
  });

  it('answers a file over 2 MB with our 413 JSON, although the runtime accepted it, and stores nothing', async () => {
    const user = await createTestUser('Runtime Hoarder');
    const csv = csvOf(IMPORT_MAX_PLANTS, 'Hoard', { description: 'y'.repeat(2100) });
    for (const [type, body] of [
      ['text/csv', csv],
      ['application/json', JSON.stringify({ plants: Papa.parse(csv, { header: true }).data })],
    ] as const) {
      const response = await post(user, body, type);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: { code: 'payload_too_large', message: 'The file is too large: an import takes at most 2 MB.' },
      });
    }
    expect(await storedPlantCount(user.uid)).toBe(0);
  });

  it("malformed CSV is our 400 JSON; malformed JSON is the runtime's own 400 (HTML) before the API runs; nothing is stored", async () => {
    // The runtime's JSON parser refuses the body before Express runs (README: "One exception to
    // the JSON errors"); createApp() alone answers our JSON (see the error tests above).
    const user = await createTestUser('Runtime Sloppy');
    const csv = await post(user, 'plantName,category\n"Fern,fern\n', 'text/csv');
    expect(csv.status).toBe(400);
    expect(await csv.json()).toEqual({
      error: { code: 'malformed_csv', message: 'The file is not valid CSV (row 2): Quoted field unterminated.' },
    });
    const json = await post(user, '{"plants": [', 'application/json');
    expect(json.status).toBe(400);
    expect(json.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await storedPlantCount(user.uid)).toBe(0);
  });
});
