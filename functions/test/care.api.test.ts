import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_COLLECTION } from '../src/activity/activity.repository';
import { getDb } from '../src/lib/firebase';
import type { Plant, PlantEvent } from '../src/model';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { aPlant, anUpdate, createPlantAs, storedPlant } from './support/plants';
import { bearer, createTestUser, type TestUser } from './support/users';

const app = testApp();

/** A plant watered every 3 days, fertilized monthly (last on 1 March, next on 31 March) and repotted yearly. */
const withCare = (overrides: Record<string, unknown> = {}) =>
  aPlant({
    plantName: 'Care Fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-03-01',
    nextWateringDate: '2026-03-04',
    care: { fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31' }, repot: { frequency: 'every 2 years', lastDate: '2025-04-01' } },
    ...overrides,
  });

const MONTHLY = { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31', intervalDays: 30 };
const TWO_YEARS = { frequency: 'every 2 years', lastDate: '2025-04-01', nextDate: null, intervalDays: 730 };

const put = (user: TestUser, id: string, body: object) => request(app).put(`/mango/${id}`).set(bearer(user)).send(body);

async function eventsOf(user: TestUser, id: string): Promise<PlantEvent[]> {
  return (await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as PlantEvent[];
}

async function ownerView(user: TestUser, id: string): Promise<Plant> {
  return (await request(app).get(`/mango/${id}`).set(bearer(user)).expect(200)).body as Plant;
}

async function activityOf(id: string): Promise<{ type: string; plantName: string }[]> {
  const snapshot = await getDb().collection(ACTIVITY_COLLECTION).where('plantId', '==', id).get();
  return snapshot.docs.map((doc) => doc.data() as { type: string; plantName: string; at: { toMillis(): number } }).sort((a, b) => a.at.toMillis() - b.at.toMillis());
}

async function storedEventCount(id: string): Promise<number> {
  return (await getDb().collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`).get()).size;
}

describe('care schedules on POST /mango and PUT /mango/:id', () => {
  it("answers the owner the schedules with the interval the server reads, and strips them for everyone else", async () => {
    const [owner, other] = await Promise.all([createTestUser('Schedule Keeper'), createTestUser('Schedule Peeker')]);
    const id = await createPlantAs(app, owner, withCare({ care: { ...withCare().care as object, mist: { frequency: 'when dry', nextDate: '' } } }));
    const plant = await ownerView(owner, id);
    expect(plant.care).toEqual({ fertilize: MONTHLY, repot: TWO_YEARS, mist: { frequency: 'when dry', lastDate: null, nextDate: null, intervalDays: null } });
    const visitor = (await request(app).get(`/mango/${id}`).expect(200)).body as Plant;
    expect(visitor).not.toHaveProperty('care');
    expect((await request(app).get(`/mango/${id}`).set(bearer(other)).expect(200)).body).not.toHaveProperty('care');
    const newest = (await request(app).get('/mango').query({ limit: 5 }).set(bearer(other)).expect(200)).body as Plant[];
    expect(newest.map((plant) => plant._id)).toContain(id);
    for (const listed of newest) expect(listed).not.toHaveProperty('care');
    // A plant without schedules shows an empty set to its owner.
    const plain = await createPlantAs(app, owner, aPlant());
    expect((await ownerView(owner, plain)).care).toEqual({});
    // The 'added' event records the schedules it started.
    const [added] = await eventsOf(owner, id);
    expect(added!.changes).toMatchObject({ 'care.fertilize.frequency': { from: null, to: 'Monthly' }, 'care.repot.lastDate': { from: null, to: '2025-04-01' }, healthStatus: { from: null, to: 'Healthy' } });
  });

  it('refuses bad schedules with 400 sentences naming the field, and stores nothing', async () => {
    const owner = await createTestUser('Sloppy Scheduler');
    for (const [care, field, message] of [
      [{ fertilize: { nextDate: '2026-02-30' } }, 'care.fertilize.nextDate', 'Next fertilizing date must be a real date written YYYY-MM-DD.'],
      [{ repot: { frequency: 'x'.repeat(61) } }, 'care.repot.frequency', 'Repotting frequency must be at most 60 characters.'],
      [{ prune: 'yearly' }, 'care.prune', 'care.prune must be an object with frequency, lastDate and nextDate, or null to stop tracking pruning.'],
      [{ water: { frequency: 'daily' } }, 'care.water', 'care tracks only these tasks: fertilize, repot, prune, mist (watering has its own fields).'],
      ['monthly', 'care', 'care must be an object naming tasks (fertilize, repot, prune, mist).'],
    ] as const) {
      const response = await request(app).post('/mango').set(bearer(owner)).send(aPlant({ care })).expect(400);
      expect(response.body.error).toEqual({ code: 'invalid_input', message, fields: { [field]: message } });
    }
    const id = await createPlantAs(app, owner, withCare());
    const before = await storedPlant(id);
    const refused = await put(owner, id, anUpdate({ care: { mist: { lastDate: 'yesterday' } } })).expect(400);
    expect(refused.body.error.fields).toEqual({ 'care.mist.lastDate': 'Last misting date must be a real date written YYYY-MM-DD.' });
    expect(await storedPlant(id)).toEqual(before);
  });

  it("PUT changes a task, stops tracking another, leaves the rest, and records it in the history; the same PUT again changes nothing", async () => {
    const owner = await createTestUser('Schedule Editor');
    const id = await createPlantAs(app, owner, withCare());
    const created = await ownerView(owner, id);
    const update = { ...created, plantName: 'Renamed Care Fern', care: { fertilize: { frequency: 'every 2 months', lastDate: '2026-03-01', nextDate: '2026-05-01' }, repot: null } };

    // Absent care leaves the schedules as they are.
    await put(owner, id, { ...created, plantName: 'Renamed Care Fern', care: undefined }).expect(200, { modifiedCount: 1 });
    expect((await ownerView(owner, id)).care).toEqual(created.care);

    await put(owner, id, update).expect(200, { modifiedCount: 1 });
    const after = await ownerView(owner, id);
    expect(after.care).toEqual({ fertilize: { frequency: 'every 2 months', lastDate: '2026-03-01', nextDate: '2026-05-01', intervalDays: 60 } });
    expect(after.updatedAt > created.updatedAt).toBe(true);
    const [latest] = await eventsOf(owner, id);
    expect(latest).toMatchObject({ type: 'updated', lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' });
    expect(latest!.changes).toEqual({
      'care.fertilize.frequency': { from: 'Monthly', to: 'every 2 months' },
      'care.fertilize.nextDate': { from: '2026-03-31', to: '2026-05-01' },
      'care.repot.frequency': { from: 'every 2 years', to: null },
      'care.repot.lastDate': { from: '2025-04-01', to: null },
    });
    expect((await activityOf(id)).map((record) => record.type)).toEqual(['added', 'updated', 'updated']);

    const events = await storedEventCount(id);
    await put(owner, id, update).expect(200, { modifiedCount: 0 });
    expect(await storedEventCount(id)).toBe(events);
    expect((await ownerView(owner, id)).updatedAt).toBe(after.updatedAt);
  });
});
