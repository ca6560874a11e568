import type { Express } from 'express';
import { DEFAULT_LIMITS } from '../src/config/limits';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION } from '../src/accounts/accounts.repository';
import { ACTIVITY_COLLECTION } from '../src/activity/activity.repository';
import { getDb } from '../src/lib/firebase';
import { addDays, utcToday, type Plant, type PlantEvent } from '../src/model';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();

/** A plant watered every 3 days, fertilized monthly (last on 1 March, next on 31 March) and repotted yearly. */
const withCare = (overrides: Record<string, unknown> = {}) =>
  aPlant({
    plantName: 'Care Fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-03-01',
    nextWateringDate: '2026-03-04',
    care: {
      fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31' },
      repot: { frequency: 'every 2 years', lastDate: '2025-04-01' },
    },
    ...overrides,
  });

const MONTHLY = { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31', intervalDays: 30 };
/** Sent without a next date: the server sets the last date + the interval. */
const TWO_YEARS = { frequency: 'every 2 years', lastDate: '2025-04-01', nextDate: '2027-04-01', intervalDays: 730 };

const doJob = (user: TestUser, id: string, task: string, body: object = {}, on: Express = app) =>
  request(on).post(`/mango/${id}/care/${task}`).set(bearer(user)).send(body);
const undoJob = (user: TestUser, id: string, task: string, on: Express = app) =>
  request(on).delete(`/mango/${id}/care/${task}/latest`).set(bearer(user));
const doJobs = (user: TestUser, body: object, on: Express = app) =>
  request(on).post('/mango/care').set(bearer(user)).send(body);
const put = (user: TestUser, id: string, body: object) => request(app).put(`/mango/${id}`).set(bearer(user)).send(body);

async function eventsOf(user: TestUser, id: string): Promise<PlantEvent[]> {
  return (await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as PlantEvent[];
}

async function ownerView(user: TestUser, id: string): Promise<Plant> {
  return (await request(app).get(`/mango/${id}`).set(bearer(user)).expect(200)).body as Plant;
}

async function activityOf(id: string): Promise<{ type: string; plantName: string }[]> {
  const snapshot = await getDb().collection(ACTIVITY_COLLECTION).where('plantId', '==', id).get();
  return snapshot.docs
    .map((doc) => doc.data() as { type: string; plantName: string; at: { toMillis(): number } })
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());
}

async function storedEventCount(id: string): Promise<number> {
  return (await getDb().collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`).get()).size;
}

const tokensOf = async (uid: string) =>
  (await getDb().collection(ACCOUNTS_COLLECTION).doc(uid).get()).get('tokens') as number;

describe('care schedules on POST /mango and PUT /mango/:id', () => {
  it('gives a schedule whose interval is understood a next date when none is sent: last date + interval, else today + interval', async () => {
    const owner = await createTestUser('Date Giver');
    const today = utcToday();
    const id = await createPlantAs(app, owner, {
      plantName: 'Undated Fern',
      category: 'Herbs',
      wateringFrequency: 'Every 3 days',
      care: {
        fertilize: { frequency: 'monthly', lastDate: today, nextDate: null },
        repot: { frequency: 'yearly' },
        mist: { frequency: 'when dry' },
      },
    });
    const created = await ownerView(owner, id);
    expect(created.nextWateringDate).toBe(addDays(today, 3));
    expect(created.care).toEqual({
      fertilize: { frequency: 'monthly', lastDate: today, nextDate: addDays(today, 30), intervalDays: 30 },
      repot: { frequency: 'yearly', lastDate: null, nextDate: addDays(today, 365), intervalDays: 365 },
      mist: { frequency: 'when dry', lastDate: null, nextDate: null, intervalDays: null },
    });
    expect((await storedPlant(id))!.nextDueDate).toBe(addDays(today, 3));

    await put(
      owner,
      id,
      anUpdate({ care: { prune: { frequency: 'every 2 weeks', lastDate: '2026-03-01', nextDate: '' } } }),
    ).expect(200);
    expect((await ownerView(owner, id)).care!.prune).toEqual({
      frequency: 'every 2 weeks',
      lastDate: '2026-03-01',
      nextDate: '2026-03-15',
      intervalDays: 14,
    });
    // A watering frequency the server cannot read leaves the date unset: nothing to guess from.
    const vague = await createPlantAs(app, owner, {
      plantName: 'Vague Fern',
      category: 'fern',
      wateringFrequency: 'when the soil is dry',
    });
    expect(await ownerView(owner, vague)).not.toHaveProperty('nextWateringDate');
  });

  it('answers the owner the schedules with the interval the server reads, and strips them for everyone else', async () => {
    const [owner, other] = await Promise.all([createTestUser('Schedule Keeper'), createTestUser('Schedule Peeker')]);
    const id = await createPlantAs(
      app,
      owner,
      withCare({ care: { ...(withCare().care as object), mist: { frequency: 'when dry', nextDate: '' } } }),
    );
    const plant = await ownerView(owner, id);
    expect(plant.care).toEqual({
      fertilize: MONTHLY,
      repot: TWO_YEARS,
      mist: { frequency: 'when dry', lastDate: null, nextDate: null, intervalDays: null },
    });
    const visitor = (await request(app).get(`/mango/${id}`).expect(200)).body as Plant;
    expect(visitor).not.toHaveProperty('care');
    expect((await request(app).get(`/mango/${id}`).set(bearer(other)).expect(200)).body).not.toHaveProperty('care');
    const newest = (await request(app).get('/mango').query({ limit: 5 }).set(bearer(other)).expect(200))
      .body as Plant[];
    expect(newest.map((plant) => plant._id)).toContain(id);
    for (const listed of newest) expect(listed).not.toHaveProperty('care');
    // A plant without schedules shows an empty set to its owner.
    const plain = await createPlantAs(app, owner, aPlant());
    expect((await ownerView(owner, plain)).care).toEqual({});
    // The 'added' event records the schedules it started.
    const [added] = await eventsOf(owner, id);
    expect(added!.changes).toMatchObject({
      'care.fertilize.frequency': { from: null, to: 'Monthly' },
      'care.repot.lastDate': { from: null, to: '2025-04-01' },
      healthStatus: { from: null, to: 'Healthy' },
    });
  });

  it('refuses bad schedules with 400 sentences naming the field, and stores nothing', async () => {
    const owner = await createTestUser('Sloppy Scheduler');
    for (const [care, field, message] of [
      [
        { fertilize: { nextDate: '2026-02-30' } },
        'care.fertilize.nextDate',
        'Next fertilizing date must be a real date written YYYY-MM-DD.',
      ],
      [
        { repot: { frequency: 'x'.repeat(61) } },
        'care.repot.frequency',
        'Repotting frequency must be at most 60 characters.',
      ],
      [
        { prune: 'yearly' },
        'care.prune',
        'care.prune must be an object with frequency, lastDate and nextDate, or null to stop tracking pruning.',
      ],
      [
        { water: { frequency: 'daily' } },
        'care.water',
        'care tracks only these tasks: fertilize, repot, prune, mist (watering has its own fields).',
      ],
      ['monthly', 'care', 'care must be an object naming tasks (fertilize, repot, prune, mist).'],
    ] as const) {
      const response = await request(app).post('/mango').set(bearer(owner)).send(aPlant({ care })).expect(400);
      expect(response.body.error).toEqual({ code: 'invalid_input', message, fields: { [field]: message } });
    }
    const id = await createPlantAs(app, owner, withCare());
    const before = await storedPlant(id);
    const refused = await put(owner, id, anUpdate({ care: { mist: { lastDate: 'yesterday' } } })).expect(400);
    expect(refused.body.error.fields).toEqual({
      'care.mist.lastDate': 'Last misting date must be a real date written YYYY-MM-DD.',
    });
    expect(await storedPlant(id)).toEqual(before);
  });

  it('PUT changes a task, stops tracking another, leaves the rest, and records it in the history; the same PUT again changes nothing', async () => {
    const owner = await createTestUser('Schedule Editor');
    const id = await createPlantAs(app, owner, withCare());
    const created = await ownerView(owner, id);
    const update = {
      ...created,
      plantName: 'Renamed Care Fern',
      care: { fertilize: { frequency: 'every 2 months', lastDate: '2026-03-01', nextDate: '2026-05-01' }, repot: null },
    };

    // Absent care leaves the schedules as they are.
    await put(owner, id, { ...created, plantName: 'Renamed Care Fern', care: undefined }).expect(200, {
      modifiedCount: 1,
    });
    expect((await ownerView(owner, id)).care).toEqual(created.care);

    await put(owner, id, update).expect(200, { modifiedCount: 1 });
    const after = await ownerView(owner, id);
    expect(after.care).toEqual({
      fertilize: { frequency: 'every 2 months', lastDate: '2026-03-01', nextDate: '2026-05-01', intervalDays: 60 },
    });
    expect(after.updatedAt > created.updatedAt).toBe(true);
    const [latest] = await eventsOf(owner, id);
    expect(latest).toMatchObject({ type: 'updated', lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' });
    expect(latest!.changes).toEqual({
      'care.fertilize.frequency': { from: 'Monthly', to: 'every 2 months' },
      'care.fertilize.nextDate': { from: '2026-03-31', to: '2026-05-01' },
      'care.repot.frequency': { from: 'every 2 years', to: null },
      'care.repot.lastDate': { from: '2025-04-01', to: null },
      'care.repot.nextDate': { from: '2027-04-01', to: null },
    });
    expect((await activityOf(id)).map((record) => record.type)).toEqual(['added', 'updated', 'updated']);

    const events = await storedEventCount(id);
    await put(owner, id, update).expect(200, { modifiedCount: 0 });
    expect(await storedEventCount(id)).toBe(events);
    expect((await ownerView(owner, id)).updatedAt).toBe(after.updatedAt);
  });
});

describe('POST /mango/:id/care/:task', () => {
  it("records the job: the task's dates move by its interval, an event with the dates before and after, and an activity record", async () => {
    const owner = await createTestUser('Fertilizer');
    const id = await createPlantAs(app, owner, withCare());
    const response = await doJob(owner, id, 'fertilize', { date: '2026-03-29' }).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const plant = response.body as Plant;
    expect(plant.care).toEqual({
      fertilize: { ...MONTHLY, lastDate: '2026-03-29', nextDate: '2026-04-28' },
      repot: TWO_YEARS,
    });
    expect(plant).toMatchObject({
      _id: id,
      ownerUid: owner.uid,
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-04',
    });
    expect(await ownerView(owner, id)).toEqual(plant);

    const [event] = await eventsOf(owner, id);
    expect(event).toEqual({
      _id: expect.any(String),
      type: 'fertilized',
      at: plant.updatedAt,
      task: 'fertilize',
      date: '2026-03-29',
      before: { lastDate: '2026-03-01', nextDate: '2026-03-31' },
      after: { lastDate: '2026-03-29', nextDate: '2026-04-28' },
      by: { uid: owner.uid, displayName: expect.any(String) },
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-04',
    });
    expect((await activityOf(id)).map((record) => [record.type, record.plantName])).toEqual([
      ['added', 'Care Fern'],
      ['fertilized', 'Care Fern'],
    ]);
    // Without an interval the previous gap is kept; repotting every 2 years moves two years on.
    const repotted = await doJob(owner, id, 'repot', { date: '2026-04-01' }).expect(200);
    expect(repotted.body.care.repot).toEqual({ ...TWO_YEARS, lastDate: '2026-04-01', nextDate: '2028-03-31' });
  });

  it('records a task that has no schedule: it starts with that day, no frequency and no next date', async () => {
    const owner = await createTestUser('Casual Pruner');
    const id = await createPlantAs(app, owner, aPlant());
    const response = await doJob(owner, id, 'prune', { date: '2026-03-05' }).expect(200);
    expect(response.body.care).toEqual({
      prune: { frequency: null, lastDate: '2026-03-05', nextDate: null, intervalDays: null },
    });
    const [event] = await eventsOf(owner, id);
    expect(event).toMatchObject({
      type: 'pruned',
      task: 'prune',
      date: '2026-03-05',
      before: null,
      after: { lastDate: '2026-03-05', nextDate: null },
    });
  });

  it("water is a job by the watering's rules: its dates, its event, its sentences and its undo", async () => {
    const owner = await createTestUser('Care Path Waterer');
    const id = await createPlantAs(app, owner, withCare());
    const watered = (await doJob(owner, id, 'water', { date: '2026-03-05' }).expect(200)).body as Plant;
    expect(watered).toMatchObject({ lastWateredDate: '2026-03-05', nextWateringDate: '2026-03-08' });
    expect(watered.care).toEqual({ fertilize: MONTHLY, repot: TWO_YEARS });
    expect((await eventsOf(owner, id))[0]).toEqual({
      _id: expect.any(String),
      type: 'watered',
      at: watered.updatedAt,
      date: '2026-03-05',
      previous: { lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' },
      by: { uid: owner.uid, displayName: expect.any(String) },
      lastWateredDate: '2026-03-05',
      nextWateringDate: '2026-03-08',
    });
    // The watering's own sentences.
    const future = await doJob(owner, id, 'water', { date: '2999-01-01' }).expect(400);
    expect(future.body.error.message).toBe('The watering date cannot be in the future.');
    expect((await doJob(owner, id, 'water', { date: '2026-03-01' }).expect(409)).body.error.code).toBe('watered_later');
    // ...and its undo is the watering's.
    const undone = (await undoJob(owner, id, 'water').expect(200)).body as Plant;
    expect(undone).toMatchObject({ lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' });
  });

  it("leaves the watering's undo as it was: only the latest change, so a later note or job refuses it with a sentence", async () => {
    const owner = await createTestUser('Late Undoer');
    const id = await createPlantAs(app, owner, withCare());
    await doJob(owner, id, 'water', { date: '2026-03-05' }).expect(200);
    await doJob(owner, id, 'mist', { date: '2026-03-05' }).expect(200);
    const refused = await undoJob(owner, id, 'water').expect(409);
    expect(refused.body.error).toEqual({
      code: 'nothing_to_undo',
      message:
        'The latest change to this plant is a note or another care job, not a watering, so the watering can no longer be undone here. Edit the plant to correct its dates.',
    });
    // Undone in order, the watering is the latest again.
    await undoJob(owner, id, 'mist').expect(200);
    expect((await undoJob(owner, id, 'water').expect(200)).body).toMatchObject({ lastWateredDate: '2026-03-01' });
  });

  it("refuses a future date (400) and a date before the task's last one (409), storing nothing", async () => {
    const clocked = testApp.withClock(() => new Date('2026-05-10T12:00:00.000Z'));
    const owner = await createTestUser('Time Traveller');
    const id = await createPlantAs(clocked, owner, withCare());
    const before = await storedPlant(id);

    const future = await doJob(owner, id, 'mist', { date: '2026-05-12' }, clocked).expect(400);
    expect(future.body.error).toEqual({
      code: 'invalid_input',
      message: 'The misting date cannot be in the future.',
      fields: { date: 'The misting date cannot be in the future.' },
    });
    const earlier = await doJob(owner, id, 'fertilize', { date: '2026-02-20' }, clocked).expect(409);
    expect(earlier.body.error).toEqual({
      code: 'done_later',
      message:
        'This plant was last fertilized on 2026-03-01, after 2026-02-20. Choose that day or later, or undo the latest fertilizing first.',
    });
    const bad = await doJob(owner, id, 'repot', { date: '2026-13-01' }, clocked).expect(400);
    expect(bad.body.error.fields).toEqual({ date: 'Repotting date must be a real date written YYYY-MM-DD.' });
    expect(await storedPlant(id)).toEqual(before);
    expect(await storedEventCount(id)).toBe(1);

    // Without a date: the server's UTC day; a day ahead of it is still today somewhere.
    expect((await doJob(owner, id, 'fertilize', {}, clocked).expect(200)).body.care.fertilize.lastDate).toBe(
      '2026-05-10',
    );
    expect(
      (await doJob(owner, id, 'fertilize', { date: '2026-05-11' }, clocked).expect(200)).body.care.fertilize.lastDate,
    ).toBe('2026-05-11');
  });

  it('is for the owner only, and knows its tasks: a visitor 401, someone else 403, an unknown plant or task 404', async () => {
    const [owner, other] = await Promise.all([createTestUser('Task Owner'), createTestUser('Task Intruder')]);
    const id = await createPlantAs(app, owner, withCare());
    const before = await storedPlant(id);
    await request(app).post(`/mango/${id}/care/fertilize`).send({}).expect(401);
    expect((await doJob(other, id, 'fertilize').expect(403)).body.error).toEqual({
      code: 'forbidden',
      message: "Only its owner's household may record care and notes for this plant.",
    });
    await doJob(owner, 'AAAAAAAAAAAAAAAAAAAA', 'fertilize').expect(404);
    // An unknown task is a path that names nothing (the task is part of the address, not of the body).
    const unknown = await doJob(owner, id, 'dance').expect(404);
    expect(unknown.body.error).toEqual({
      code: 'not_found',
      message: 'There is no care task "dance". The tasks are: water, fertilize, repot, prune, mist.',
    });
    await undoJob(owner, id, 'Fertilize').expect(404);
    await request(app).get(`/mango/${id}/care/fertilize`).set(bearer(owner)).expect(405);
    expect(await storedPlant(id)).toEqual(before);
  });
});

describe('POST /mango/:id/care/:task with a jobId (a job sent again once its answer was lost)', () => {
  it('records the job once: sent again, it answers the plant as stored, stores nothing and spends nothing', async () => {
    const owner = await createTestUser('Lost Answer');
    const id = await createPlantAs(app, owner, withCare());
    const jobId = 'c0ffee00-1111-4222-8333-444455556666';
    const first = await doJob(owner, id, 'water', { date: '2026-03-05', jobId }).expect(200);
    expect(first.body).toMatchObject({ lastWateredDate: '2026-03-05', nextWateringDate: '2026-03-08' });
    const tokens = await tokensOf(owner.uid);
    const stored = await storedPlant(id);

    const again = await doJob(owner, id, 'water', { date: '2026-03-05', jobId }).expect(200);
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(again.body).toEqual(first.body);
    expect(await storedPlant(id)).toEqual(stored);
    expect(await storedEventCount(id)).toBe(2);
    expect(await tokensOf(owner.uid)).toBe(tokens);
    expect((await activityOf(id)).map((record) => record.type)).toEqual(['added', 'watered']);

    // Even once the plant has moved on (a later watering would refuse it with a 409), the job is
    // answered as done, with the plant as it is now; another id is another job.
    await doJob(owner, id, 'water', { date: '2026-03-08' }).expect(200);
    const late = await doJob(owner, id, 'water', { date: '2026-03-05', jobId }).expect(200);
    expect(late.body.lastWateredDate).toBe('2026-03-08');
    await doJob(owner, id, 'water', { date: '2026-03-05', jobId: 'another-job-id' }).expect(409);
    expect(await storedEventCount(id)).toBe(3);
  });

  it('records a task sent twice at once only once, and keeps each task and plant apart', async () => {
    const owner = await createTestUser('Double Sender');
    const [id, other] = await Promise.all([
      createPlantAs(app, owner, withCare()),
      createPlantAs(app, owner, withCare({ plantName: 'Other Fern' })),
    ]);
    const jobId = 'fertilize-job-0001';
    const answers = await Promise.all([
      doJob(owner, id, 'fertilize', { date: '2026-03-29', jobId }),
      doJob(owner, id, 'fertilize', { date: '2026-03-29', jobId }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.body.care.fertilize).toEqual(answers[0]!.body.care.fertilize);
    const events = await eventsOf(owner, id);
    expect(events.filter((event) => event.type === 'fertilized')).toHaveLength(1);
    // The same id on another plant names another job there.
    await doJob(owner, other, 'fertilize', { date: '2026-03-29', jobId }).expect(200);
    expect((await eventsOf(owner, other)).filter((event) => event.type === 'fertilized')).toHaveLength(1);
  });

  it("refuses a bad jobId (400) and someone else's plant (403) even with a recorded id, storing nothing", async () => {
    const [owner, other] = await Promise.all([createTestUser('Id Owner'), createTestUser('Id Borrower')]);
    const id = await createPlantAs(app, owner, withCare());
    const jobId = 'recorded-job-0001';
    await doJob(owner, id, 'mist', { date: '2026-03-05', jobId }).expect(200);
    const before = await storedPlant(id);
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 42]) {
      const refused = await doJob(owner, id, 'mist', { date: '2026-03-05', jobId: bad }).expect(400);
      expect(refused.body.error.fields).toEqual({
        jobId: typeof bad === 'string' ? 'jobId must be 8 to 64 letters, digits, - or _.' : 'jobId must be text.',
      });
    }
    await doJob(other, id, 'mist', { date: '2026-03-05', jobId }).expect(403);
    expect(await storedPlant(id)).toEqual(before);
    expect(await storedEventCount(id)).toBe(2);
  });
});

describe('DELETE /mango/:id/care/:task/latest', () => {
  it("undoes the task's latest job: its dates come back, its event and activity record go; again, the one before", async () => {
    const owner = await createTestUser('Task Undoer');
    const id = await createPlantAs(app, owner, withCare());
    await doJob(owner, id, 'fertilize', { date: '2026-03-29' }).expect(200);
    await doJob(owner, id, 'fertilize', { date: '2026-04-30' }).expect(200);
    // Other changes in between touch no fertilizing dates: a watering, another task, a note, a rename.
    await doJob(owner, id, 'water', { date: '2026-05-01' }).expect(200);
    await doJob(owner, id, 'mist', { date: '2026-05-01' }).expect(200);
    await request(app)
      .post(`/mango/${id}/notes`)
      .set(bearer(owner))
      .send({ text: 'Fed well', date: '2026-05-01' })
      .expect(201);
    await put(owner, id, { ...(await ownerView(owner, id)), plantName: 'Fed Fern', care: undefined }).expect(200);

    const first = await undoJob(owner, id, 'fertilize').expect(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.body.care.fertilize).toEqual({ ...MONTHLY, lastDate: '2026-03-29', nextDate: '2026-04-28' });
    expect(first.body).toMatchObject({
      plantName: 'Fed Fern',
      lastWateredDate: '2026-05-01',
      care: { mist: { lastDate: '2026-05-01' } },
    });
    const second = await undoJob(owner, id, 'fertilize').expect(200);
    expect(second.body.care.fertilize).toEqual(MONTHLY);
    // (A rename records no event.)
    expect((await eventsOf(owner, id)).map((event) => event.type)).toEqual(['note', 'misted', 'watered', 'added']);
    expect((await activityOf(id)).map((record) => record.type)).toEqual(['added', 'watered', 'misted', 'updated']);

    const nothing = await undoJob(owner, id, 'fertilize').expect(409);
    expect(nothing.body.error).toEqual({
      code: 'nothing_to_undo',
      message: 'There is no fertilizing to undo for this plant.',
    });
    // Undoing a job that started tracking a task stops tracking it again.
    await doJob(owner, id, 'prune', { date: '2026-05-02' }).expect(200);
    const unpruned = await undoJob(owner, id, 'prune').expect(200);
    expect(unpruned.body.care).not.toHaveProperty('prune');
  });

  it("refuses (409) once the task's schedule was edited after the job, and keeps the edit; another task's edit does not", async () => {
    const owner = await createTestUser('Schedule Fixer');
    const id = await createPlantAs(app, owner, withCare());
    await doJob(owner, id, 'fertilize', { date: '2026-03-29' }).expect(200);
    await doJob(owner, id, 'repot', { date: '2026-04-01' }).expect(200);
    const plant = await ownerView(owner, id);
    await put(owner, id, {
      ...plant,
      care: { repot: { frequency: 'yearly', lastDate: '2026-04-01', nextDate: '2027-04-01' } },
    }).expect(200, {
      modifiedCount: 1,
    });

    const refused = await undoJob(owner, id, 'repot').expect(409);
    expect(refused.body.error).toEqual({
      code: 'nothing_to_undo',
      message:
        'The repotting schedule of this plant was edited after its latest repotting, so there is no repotting to undo. Edit the plant to correct its dates.',
    });
    expect((await ownerView(owner, id)).care!.repot).toEqual({
      frequency: 'yearly',
      lastDate: '2026-04-01',
      nextDate: '2027-04-01',
      intervalDays: 365,
    });
    // The fertilizing schedule was not edited.
    expect((await undoJob(owner, id, 'fertilize').expect(200)).body.care.fertilize).toEqual(MONTHLY);
    // Stopping a task's tracking is an edit too.
    await doJob(owner, id, 'mist', { date: '2026-04-02' }).expect(200);
    await put(owner, id, { ...(await ownerView(owner, id)), care: { mist: null } }).expect(200);
    await undoJob(owner, id, 'mist').expect(409);
  });

  it('is for the owner only: a visitor 401, someone else 403, an unknown plant 404', async () => {
    const [owner, other] = await Promise.all([createTestUser('Undo Keeper'), createTestUser('Undo Stranger')]);
    const id = await createPlantAs(app, owner, withCare());
    await doJob(owner, id, 'fertilize', { date: '2026-03-29' }).expect(200);
    const before = await storedPlant(id);
    await request(app).delete(`/mango/${id}/care/fertilize/latest`).expect(401);
    await undoJob(other, id, 'fertilize').expect(403);
    await undoJob(owner, 'AAAAAAAAAAAAAAAAAAAA', 'fertilize').expect(404);
    expect(await storedPlant(id)).toEqual(before);
  });
});

describe('POST /mango/care (several jobs at once)', () => {
  it('does every job, the same plant with several tasks, and answers each plant once in first-mention order', async () => {
    const owner = await createTestUser('Busy Gardener');
    const [fern, palm] = [
      await createPlantAs(app, owner, withCare()),
      await createPlantAs(app, owner, withCare({ plantName: 'Care Palm' })),
    ];
    const response = await doJobs(owner, {
      date: '2026-03-29',
      items: [
        { plantId: palm, task: 'fertilize' },
        { plantId: fern, task: 'water' },
        { plantId: palm, task: 'water' },
        { plantId: fern, task: 'mist' },
        { plantId: fern, task: 'fertilize' },
      ],
    }).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const plants = (response.body as { plants: Plant[] }).plants;
    expect(plants.map((plant) => plant._id)).toEqual([palm, fern]);
    for (const plant of plants) {
      expect(plant).toMatchObject({ lastWateredDate: '2026-03-29', nextWateringDate: '2026-04-01' });
      expect(plant.care!.fertilize).toEqual({ ...MONTHLY, lastDate: '2026-03-29', nextDate: '2026-04-28' });
      expect(await ownerView(owner, plant._id)).toEqual(plant);
    }
    expect(plants[1]!.care!.mist).toEqual({
      frequency: null,
      lastDate: '2026-03-29',
      nextDate: null,
      intervalDays: null,
    });
    // Each job its own event, in the order asked, and its activity record.
    expect((await eventsOf(owner, fern)).map((event) => event.type)).toEqual([
      'fertilized',
      'misted',
      'watered',
      'added',
    ]);
    expect((await eventsOf(owner, palm)).map((event) => event.type)).toEqual(['watered', 'fertilized', 'added']);
    expect((await activityOf(fern)).map((record) => record.type).sort()).toEqual([
      'added',
      'fertilized',
      'misted',
      'watered',
    ]);
    // Each undo walks back its own task.
    expect((await undoJob(owner, fern, 'mist').expect(200)).body.care).not.toHaveProperty('mist');
  });

  it("is all or nothing: someone else's plant (403), an unknown plant (404) or a date before a task's last one (409) refuses the whole batch, naming the plant", async () => {
    const [owner, other] = await Promise.all([createTestUser('Batch Carer'), createTestUser('Batch Outsider')]);
    const mine = await createPlantAs(app, owner, withCare());
    const late = await createPlantAs(
      app,
      owner,
      withCare({ plantName: 'Fed Later', care: { fertilize: { frequency: 'Monthly', lastDate: '2026-04-10' } } }),
    );
    const theirs = await createPlantAs(app, other, withCare({ plantName: 'Not Yours' }));
    const before = await Promise.all([mine, late, theirs].map((id) => storedPlant(id)));
    const tokens = await tokensOf(owner.uid);

    const forbidden = await doJobs(owner, {
      date: '2026-04-01',
      items: [
        { plantId: mine, task: 'fertilize' },
        { plantId: theirs, task: 'mist' },
      ],
    }).expect(403);
    expect(forbidden.body.error.message).toBe(
      "Not Yours: Only its owner's household may record care and notes for this plant. Nothing was changed.",
    );
    const missing = await doJobs(owner, {
      date: '2026-04-01',
      items: [
        { plantId: mine, task: 'fertilize' },
        { plantId: 'AAAAAAAAAAAAAAAAAAAA', task: 'water' },
      ],
    }).expect(404);
    expect(missing.body.error.message).toMatch(
      /^The plant AAAAAAAAAAAAAAAAAAAA: That plant does not exist\..* Nothing was changed\.$/,
    );
    const conflict = await doJobs(owner, {
      date: '2026-04-01',
      items: [
        { plantId: mine, task: 'fertilize' },
        { plantId: late, task: 'fertilize' },
      ],
    }).expect(409);
    expect(conflict.body.error).toEqual({
      code: 'done_later',
      message:
        'Fed Later: This plant was last fertilized on 2026-04-10, after 2026-04-01. Choose that day or later, or undo the latest fertilizing first. Nothing was changed.',
    });

    expect(await Promise.all([mine, late, theirs].map((id) => storedPlant(id)))).toEqual(before);
    for (const id of [mine, late]) expect(await storedEventCount(id)).toBe(1);
    expect(await tokensOf(owner.uid)).toBeGreaterThanOrEqual(tokens);
  });

  it('refuses bad input with 400 and nobody with 401', async () => {
    const owner = await createTestUser('Careless Batcher');
    const id = await createPlantAs(app, owner, withCare());
    for (const [body, field] of [
      [{}, 'items'],
      [{ items: [] }, 'items'],
      [
        {
          items: [
            { plantId: id, task: 'water' },
            { plantId: id, task: 'water' },
          ],
        },
        'items',
      ],
      [{ items: [{ plantId: id, task: 'dance' }] }, 'items.0.task'],
      [{ items: Array.from({ length: 101 }, (_, i) => ({ plantId: `id${i}`, task: 'mist' })) }, 'items'],
      [{ items: [{ plantId: id, task: 'mist' }], date: '2999-01-01' }, 'date'],
    ] as const) {
      const response = await doJobs(owner, body).expect(400);
      expect(Object.keys(response.body.error.fields), JSON.stringify(body)).toEqual([field]);
    }
    await request(app)
      .post('/mango/care')
      .send({ items: [{ plantId: id, task: 'mist' }] })
      .expect(401);
    await request(app).get('/mango/care').set(bearer(owner)).expect(405);
    expect(await storedEventCount(id)).toBe(1);
  });

  it('spends one write of the budget per job: over the budget, 429 and nothing stored', async () => {
    let now = new Date('2026-03-05T10:00:00.000Z');
    const limited = testApp({ clock: () => now, limits: { ...DEFAULT_LIMITS, writeBurst: 5, writesPerMinute: 60 } });
    const owner = await createTestUser('Budget Carer');
    const [a, b] = [await createPlantAs(limited, owner, withCare()), await createPlantAs(limited, owner, withCare())];
    // Two creates spent two writes; three are left.
    const jobs = [
      { plantId: a, task: 'water' },
      { plantId: a, task: 'fertilize' },
      { plantId: b, task: 'mist' },
      { plantId: b, task: 'prune' },
    ];
    const refused = await doJobs(owner, { items: jobs }, limited).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe('1');
    for (const id of [a, b]) expect(await storedEventCount(id)).toBe(1);
    await doJobs(owner, { items: jobs.slice(0, 3) }, limited).expect(200);
    expect(await tokensOf(owner.uid)).toBe(0);
    await doJob(owner, b, 'prune', {}, limited).expect(429);
    now = new Date(now.getTime() + 60_000);
    const tooMany = await doJobs(
      owner,
      { items: [...jobs, { plantId: a, task: 'repot' }, { plantId: b, task: 'repot' }] },
      limited,
    ).expect(429);
    expect(tooMany.body.error.message).toBe(
      'That is 6 changes at once, and Mango Grove Tracker takes at most 5 at a time. Please do them in smaller groups.',
    );
  });
});
