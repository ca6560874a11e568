import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../src/lib/firebase';
import { plantKeys, type KeyedPlant } from '../src/plants/plant-keys';
import { PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp, testRooms } from './support/app';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlantCount } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

// Noon UTC on 1 September 2027: summer in the north until the equinox of 23 September.
const SEPTEMBER_1 = new Date('2027-09-01T12:00:00Z');
let now = SEPTEMBER_1;
const app = testApp({ clock: () => now });
const seasons = testRooms({ clock: () => now }).seasons;

/** Monstera deliciosa: every 7 days in summer, every 14 in winter. */
const MONSTERA = 'monstera-deliciosa';

const plantOf = async (user: TestUser | null, id: string) => {
  const asked = request(app).get(`/mango/${id}`);
  return (await (user ? asked.set(bearer(user)) : asked).expect(200)).body as Record<string, unknown>;
};
const eventsOf = async (user: TestUser, id: string) =>
  (await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as Record<string, unknown>[];
/** PUT /mango/:id with the plant's form fields as they are, and `changes`; answered `status`. */
async function put(user: TestUser, id: string, changes: Record<string, unknown>, status = 200) {
  const { plantName, category, careLevel, wateringFrequency, healthStatus, lastWateredDate, nextWateringDate } =
    await plantOf(user, id);
  const form = { plantName, category, careLevel, wateringFrequency, healthStatus, lastWateredDate, nextWateringDate };
  return request(app)
    .put(`/mango/${id}`)
    .set(bearer(user))
    .send({ ...form, ...changes })
    .expect(status);
}
const monstera = (name: string, fields: Record<string, unknown> = {}) =>
  aPlant({
    plantName: name,
    speciesId: MONSTERA,
    lastWateredDate: '2027-08-30',
    nextWateringDate: undefined,
    wateringFrequency: undefined,
    ...fields,
  });

const SUMMER_NORTH = { season: 'summer', changesOn: '2027-09-23', nextDays: 14 };

describe('a watering that follows its species through the seasons', () => {
  it("follows the species' summer interval when created with a species and no frequency, or the one the form filled in", async () => {
    const owner = await createTestUser('Season Owner');
    const id = await createPlantAs(app, owner, monstera('Seasonal Monstera'));
    expect(await plantOf(owner, id)).toMatchObject({
      wateringFollows: 'species',
      wateringFrequency: 'Every 7 days',
      wateringIntervalDays: 7,
      nextWateringDate: '2027-09-06',
      wateringSeason: SUMMER_NORTH,
    });
    const visitor = await plantOf(null, id);
    expect(visitor).not.toHaveProperty('wateringFollows');
    expect(visitor).not.toHaveProperty('wateringSeason');

    const filled = await createPlantAs(app, owner, monstera('Filled Monstera', { wateringFrequency: 'Every 7 days' }));
    expect(await plantOf(owner, filled)).toMatchObject({ wateringFollows: 'species', wateringSeason: SUMMER_NORTH });
    const typed = await createPlantAs(app, owner, monstera('Typed Monstera', { wateringFrequency: 'Every 5 days' }));
    const own = await plantOf(owner, typed);
    expect(own).toMatchObject({ wateringFollows: 'own', wateringFrequency: 'Every 5 days' });
    expect(own).not.toHaveProperty('wateringSeason');
    // Asked to follow, the species' interval wins over a typed one.
    const asked = await createPlantAs(
      app,
      owner,
      monstera('Asked Monstera', { wateringFrequency: 'Every 5 days', wateringFollows: 'species' }),
    );
    expect(await plantOf(owner, asked)).toMatchObject({
      wateringFollows: 'species',
      wateringFrequency: 'Every 7 days',
    });
  });

  it("counts the seasons in the owner's hemisphere: winter in Sydney in September", async () => {
    const owner = await createTestUser('Sydney Owner');
    await request(app)
      .put('/mango/reminders/settings')
      .set(bearer(owner))
      .send({ timeZone: 'Australia/Sydney' })
      .expect(200);
    const id = await createPlantAs(app, owner, monstera('Southern Monstera'));
    expect(await plantOf(owner, id)).toMatchObject({
      wateringFollows: 'species',
      wateringFrequency: 'Every 14 days',
      wateringSeason: { season: 'winter', changesOn: '2027-09-23', nextDays: 7 },
    });
  });

  it("becomes the owner's own when the frequency is typed, and follows the species again when asked", async () => {
    const owner = await createTestUser('Typing Owner');
    const id = await createPlantAs(app, owner, monstera('Typed Later'));
    await put(owner, id, { wateringFrequency: 'Every 4 days' });
    const own = await plantOf(owner, id);
    expect(own).toMatchObject({ wateringFollows: 'own', wateringFrequency: 'Every 4 days', wateringIntervalDays: 4 });
    expect(own).not.toHaveProperty('wateringSeason');
    // The same frequency sent again keeps it the owner's own.
    await put(owner, id, {});
    expect((await plantOf(owner, id)).wateringFollows).toBe('own');

    await put(owner, id, { wateringFollows: 'species' });
    expect(await plantOf(owner, id)).toMatchObject({
      wateringFollows: 'species',
      wateringFrequency: 'Every 7 days',
      nextWateringDate: '2027-09-06',
      wateringSeason: SUMMER_NORTH,
    });
    // Without its species it cannot follow one: its own again.
    await put(owner, id, { speciesId: null });
    const bare = await plantOf(owner, id);
    expect(bare).toMatchObject({ wateringFrequency: 'Every 7 days' });
    expect(bare).not.toHaveProperty('wateringFollows');
    expect(bare).not.toHaveProperty('wateringSeason');
  });

  it('refuses to follow a species a plant does not have, and a value it does not know (400); nothing changes', async () => {
    const owner = await createTestUser('Refused Owner');
    const refused = await request(app)
      .post('/mango')
      .set(bearer(owner))
      .send(aPlant({ plantName: 'No Species', wateringFollows: 'species' }))
      .expect(400);
    expect(refused.body.error).toMatchObject({
      code: 'invalid_input',
      fields: { wateringFollows: 'wateringFollows can be "species" only for a plant with a species (speciesId).' },
    });
    const id = await createPlantAs(app, owner, aPlant({ plantName: 'Plain Fern', wateringFrequency: 'Every 3 days' }));
    const before = await plantOf(owner, id);
    const history = await eventsOf(owner, id);
    await put(owner, id, { wateringFollows: 'species' }, 400);
    const unknown = await put(owner, id, { wateringFollows: 'sometimes' }, 400);
    expect(unknown.body.error.fields).toHaveProperty('wateringFollows');
    expect(await plantOf(owner, id)).toEqual(before);
    expect(await eventsOf(owner, id)).toEqual(history);
    expect(await storedPlantCount(owner.uid)).toBe(1);
  });

  it("turns each plant to its new season on the day it begins in its owner's zone, once, and leaves the others", async () => {
    const [north, south] = await Promise.all([createTestUser('North Turner'), createTestUser('South Turner')]);
    await request(app)
      .put('/mango/reminders/settings')
      .set(bearer(south))
      .send({ timeZone: 'Australia/Sydney' })
      .expect(200);
    const northern = await createPlantAs(app, north, monstera('Northern Turner'));
    const southern = await createPlantAs(app, south, monstera('Southern Turner'));
    const own = await createPlantAs(app, north, monstera('Own Turner', { wateringFrequency: 'Every 5 days' }));
    const ownBefore = await plantOf(north, own);
    try {
      // The day before the equinox: nothing has turned.
      now = new Date('2027-09-22T12:00:00Z');
      await seasons.turnSeasons();
      expect((await plantOf(north, northern)).wateringFrequency).toBe('Every 7 days');

      now = new Date('2027-09-23T12:00:00Z');
      expect(await seasons.turnSeasons()).toBeGreaterThanOrEqual(2);
      expect(await plantOf(north, northern)).toMatchObject({
        wateringFollows: 'species',
        wateringFrequency: 'Every 14 days',
        wateringIntervalDays: 14,
        lastWateredDate: '2027-08-30',
        nextWateringDate: '2027-09-13',
        wateringSeason: { season: 'winter', changesOn: '2028-03-20', nextDays: 7 },
      });
      expect(await plantOf(south, southern)).toMatchObject({
        wateringFrequency: 'Every 7 days',
        nextWateringDate: '2027-09-06',
        wateringSeason: { season: 'summer', changesOn: '2028-03-20', nextDays: 14 },
      });
      expect((await eventsOf(north, northern))[0]).toMatchObject({
        type: 'updated',
        by: { displayName: 'Mango Grove Tracker (the season changed)' },
        changes: { wateringFrequency: { from: 'Every 7 days', to: 'Every 14 days' } },
      });
      expect(await plantOf(north, own)).toEqual(ownBefore);

      // Once: a second run that day finds nothing of these to turn.
      const history = await eventsOf(north, northern);
      await seasons.turnSeasons();
      expect(await eventsOf(north, northern)).toEqual(history);
    } finally {
      now = SEPTEMBER_1;
    }
  });

  it('keeps the following, the remembered rhythm and a "Keep" through an export and an import', async () => {
    const [owner, newcomer] = await Promise.all([createTestUser('Exporting Owner'), createTestUser('Importing Owner')]);
    const id = await createPlantAs(app, owner, monstera('Travelling Monstera', { lastWateredDate: '2027-07-31' }));
    // Watered every ten days, not every seven: suggested, then kept.
    for (const date of ['2027-08-01', '2027-08-11', '2027-08-21', '2027-08-31'])
      await request(app).post(`/mango/${id}/care/water`).set(bearer(owner)).send({ date }).expect(200);
    expect((await plantOf(owner, id)).suggestion).toMatchObject({ everyDays: 10 });
    await request(app)
      .post(`/mango/${id}/care/water/suggestion`)
      .set(bearer(owner))
      .send({ answer: 'keep' })
      .expect(200);

    const file = await request(app).get('/mango/export').query({ format: 'json' }).set(bearer(owner)).expect(200);
    const [exported] = JSON.parse(file.text).plants as Record<string, unknown>[];
    expect(exported).toMatchObject({ wateringFollows: 'species', rhythm: { water: { keptUntil: '2027-10-31' } } });
    const imported = await request(app)
      .post('/mango/import')
      .query({ dryRun: '0' })
      .set(bearer(newcomer))
      .set('Content-Type', 'application/json')
      .send(file.text)
      .expect(200);
    const copy = await plantOf(newcomer, imported.body.plants[0]._id as string);
    expect(copy).toMatchObject({
      wateringFollows: 'species',
      wateringFrequency: 'Every 7 days',
      wateringSeason: SUMMER_NORTH,
    });
    // The "Keep" came along: no suggestion, though summer's ten-day gaps would make one.
    expect(copy).not.toHaveProperty('suggestion');
    expect(copy).not.toHaveProperty('rhythm');
    const again = await request(app).get('/mango/export').query({ format: 'json' }).set(bearer(newcomer)).expect(200);
    expect(JSON.parse(again.text).plants[0].rhythm).toEqual(exported!.rhythm);
    // The same file without its "Keep": the remembered jobs alone make the suggestion.
    const unkept = JSON.parse(file.text) as { plants: { rhythm: { water: { keptUntil?: string } } }[] };
    delete unkept.plants[0]!.rhythm.water.keptUntil;
    const other = await createTestUser('Second Importer');
    const second = await request(app)
      .post('/mango/import')
      .query({ dryRun: '0' })
      .set(bearer(other))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(unkept))
      .expect(200);
    expect((await plantOf(other, second.body.plants[0]._id as string)).suggestion).toMatchObject({
      task: 'water',
      everyDays: 10,
    });
  });

  it('turns a thousand plants in one run, and a plant whose species is gone does not stop it', async () => {
    const owner = await createTestUser('Thousand Owner');
    const template = await createPlantAs(app, owner, monstera('Template Monstera'));
    const plants = getDb().collection(PLANTS_COLLECTION);
    const data = (await plants.doc(template).get()).data()!;
    // Written straight to the store, as the API would have stored them, a day before the equinox:
    // ahead of every other plant in the run's order. The plant whose species the catalogue no
    // longer has comes 200th, the last of the first page.
    const copy = (id: string, fields: Record<string, unknown>) => {
      const plant = { ...data, ...fields, wateringSeason: { ...SUMMER_NORTH, changesOn: '2027-09-22' } };
      return [plants.doc(id), { ...plant, ...plantKeys(plant as KeyedPlant, id) }] as const;
    };
    const ids = Array.from({ length: 1000 }, (_, i) => `bulk-season-${String(i).padStart(4, '0')}`);
    const gone = 'bulk-season-0198-gone';
    const writes = [
      ...ids.map((id, i) => copy(id, { plantName: `Bulk Monstera ${i}` })),
      copy(gone, { plantName: 'Unknown Species', speciesId: 'a-species-no-longer-catalogued' }),
    ];
    for (let start = 0; start < writes.length; start += 500) {
      const batch = getDb().batch();
      for (const [ref, fields] of writes.slice(start, start + 500)) batch.set(ref, fields);
      await batch.commit();
    }
    const goneBefore = (await plants.doc(gone).get()).data();

    try {
      now = new Date('2027-09-23T12:00:00Z');
      expect(await seasons.turnSeasons()).toBeGreaterThanOrEqual(1000);
      const stored = await plants.where('ownerUid', '==', owner.uid).get();
      const bulk = new Set(ids);
      const turned = stored.docs.filter((doc) => bulk.has(doc.id));
      expect(turned).toHaveLength(1000);
      const late = turned.filter((doc) => doc.get('wateringSeason.changesOn') !== '2028-03-20').map((doc) => doc.id);
      expect(late).toEqual([]);
      expect(await plantOf(owner, ids[999]!)).toMatchObject({
        wateringFrequency: 'Every 14 days',
        wateringIntervalDays: 14,
        nextWateringDate: '2027-09-13',
        wateringSeason: { season: 'winter', changesOn: '2028-03-20', nextDays: 7 },
      });
      // The plant of a species that is gone is left as it was: nothing to turn it to.
      expect((await plants.doc(gone).get()).data()).toEqual(goneBefore);
      // Once: a second run that day turns none of them again.
      await seasons.turnSeasons();
      expect((await eventsOf(owner, ids[0]!)).filter((event) => event.type === 'updated')).toHaveLength(1);
    } finally {
      now = SEPTEMBER_1;
    }
  }, 120_000);
});
