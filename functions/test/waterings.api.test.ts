// Watering, the care job with rules of its own: through the paths the web app calls (POST
// /mango/:id/care/water and its undo; Do all due's waterings in POST /mango/care, and their undo in
// one request, DELETE /mango/waterings/latest), and the watering routes retired on 2026-12-02.
import type { Express } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION } from '../src/accounts/accounts.repository';
import { ACTIVITY_COLLECTION } from '../src/activity/activity.repository';
import { getDb } from '../src/lib/firebase';
import type { Plant, PlantEvent } from '../src/model';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';
import { DEFAULT_LIMITS } from '../src/config/limits';

// One test waters a plant 52 times in a row, past a person's burst of 30 writes: this file says so
// with a bigger burst (config/limits.ts).
const app = testApp({ limits: { ...DEFAULT_LIMITS, writeBurst: 100 } });

/** A plant watered every 3 days, last on 1 March, next on 4 March. */
const everyThreeDays = (overrides: Record<string, unknown> = {}) =>
  aPlant({
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-03-01',
    nextWateringDate: '2026-03-04',
    ...overrides,
  });

function water(user: TestUser, id: string, body?: object, on: Express = app) {
  const call = request(on).post(`/mango/${id}/care/water`).set(bearer(user));
  return body === undefined ? call : call.send(body);
}

const undo = (user: TestUser, id: string) => request(app).delete(`/mango/${id}/care/water/latest`).set(bearer(user));

async function eventsOf(user: TestUser, id: string): Promise<PlantEvent[]> {
  const response = await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200);
  return response.body as PlantEvent[];
}

interface StoredEvent {
  type: string;
  revision: number;
  date?: string;
  previous?: { lastWateredDate: string | null; nextWateringDate: string | null };
  lastWateredDate: string | null;
  nextWateringDate: string | null;
  activityId?: string;
}

/** Every event of a plant as stored, in the order the changes were stored (read straight from Firestore). */
async function storedEvents(id: string): Promise<StoredEvent[]> {
  const snapshot = await getDb().collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`).get();
  return snapshot.docs.map((doc) => doc.data() as StoredEvent).sort((a, b) => a.revision - b.revision);
}

async function wateredActivityCount(id: string): Promise<number> {
  const snapshot = await getDb()
    .collection(ACTIVITY_COLLECTION)
    .where('plantId', '==', id)
    .where('type', '==', 'watered')
    .get();
  return snapshot.size;
}

const datesOf = (plant: { lastWateredDate?: unknown; nextWateringDate?: unknown }) => ({
  lastWateredDate: (plant.lastWateredDate as string | undefined) || null,
  nextWateringDate: (plant.nextWateringDate as string | undefined) || null,
});

/**
 * What must hold after any mix of changes, however they raced: the events form one chain in
 * revision order (each watering kept exactly the dates the change before it left), the plant
 * carries the dates of the newest event, and each watering has its one activity record.
 */
async function expectConsistentHistory(id: string): Promise<StoredEvent[]> {
  const events = await storedEvents(id);
  const plant = (await storedPlant(id))!;
  const revisions = events.map((event) => event.revision);
  expect(new Set(revisions).size, `revisions ${revisions.join(', ')} repeat`).toBe(revisions.length);
  expect(events[0]!.type).toBe('added');
  for (let i = 1; i < events.length; i += 1) {
    if (events[i]!.type === 'watered')
      expect(events[i]!.previous, `event ${i} (${events[i]!.date})`).toEqual(datesOf(events[i - 1]!));
  }
  expect(datesOf(plant)).toEqual(datesOf(events.at(-1)!));
  expect(plant.revision as number).toBeGreaterThanOrEqual(revisions.at(-1)!);
  expect(await wateredActivityCount(id)).toBe(events.filter((event) => event.type === 'watered').length);
  return events;
}

describe('POST /mango/:id/care/water', () => {
  it('records the watering: last watered that day, next one the interval later, an event and an activity record', async () => {
    const owner = await createTestUser('Waterer');
    const id = await createPlantAs(app, owner, everyThreeDays({ plantName: 'Thirsty Fern' }));

    const response = await water(owner, id, { date: '2026-03-05' }).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const plant = response.body as Plant;
    expect(plant).toMatchObject({
      _id: id,
      plantName: 'Thirsty Fern',
      lastWateredDate: '2026-03-05',
      nextWateringDate: '2026-03-08',
      wateringIntervalDays: 3,
      userEmail: owner.email,
      ownerUid: owner.uid,
    });
    // The answer is the plant as stored, as GET answers the owner.
    expect((await request(app).get(`/mango/${id}`).set(bearer(owner)).expect(200)).body).toEqual(plant);

    const events = await eventsOf(owner, id);
    expect(events.map((event) => event.type)).toEqual(['watered', 'added']);
    expect(events[0]).toEqual({
      _id: expect.any(String),
      type: 'watered',
      at: plant.updatedAt,
      date: '2026-03-05',
      previous: { lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' },
      by: { uid: owner.uid, displayName: expect.any(String) },
      lastWateredDate: '2026-03-05',
      nextWateringDate: '2026-03-08',
    });
    const activity = await getDb()
      .collection(ACTIVITY_COLLECTION)
      .where('plantId', '==', id)
      .where('type', '==', 'watered')
      .get();
    expect(activity.docs.map((doc) => doc.data())).toEqual([
      { ownerUid: owner.uid, plantId: id, plantName: 'Thirsty Fern', type: 'watered', at: expect.anything() },
    ]);
    await expectConsistentHistory(id);
  });

  it('without an understood interval keeps the previous gap between the dates', async () => {
    const owner = await createTestUser('Gap Keeper');
    const id = await createPlantAs(
      app,
      owner,
      aPlant({
        wateringFrequency: 'when the soil is dry',
        lastWateredDate: '2026-03-01',
        nextWateringDate: '2026-03-06',
      }),
    );
    const response = await water(owner, id, { date: '2026-03-10' }).expect(200);
    expect(response.body).toMatchObject({
      wateringIntervalDays: null,
      lastWateredDate: '2026-03-10',
      nextWateringDate: '2026-03-15',
    });
  });

  it('without an interval or a next date leaves the next date unset', async () => {
    const owner = await createTestUser('Dateless');
    const id = await createPlantAs(app, owner, {
      plantName: 'Loose Mint',
      category: 'Herbs',
      wateringFrequency: 'as needed',
    });
    const response = await water(owner, id, { date: '2026-03-10' }).expect(200);
    expect(response.body).toMatchObject({ lastWateredDate: '2026-03-10' });
    expect(response.body).not.toHaveProperty('nextWateringDate');
    await expectConsistentHistory(id);
  });

  it("takes the server's UTC day without a date, and refuses only dates more than a day after it", async () => {
    const clocked = testApp.withClock(() => new Date('2026-05-10T12:00:00.000Z'));
    const owner = await createTestUser('Clocked Waterer');
    const id = await createPlantAs(clocked, owner, everyThreeDays());

    const byDefault = await water(owner, id, undefined, clocked).expect(200);
    expect(byDefault.body).toMatchObject({ lastWateredDate: '2026-05-10', nextWateringDate: '2026-05-13' });
    // An empty JSON body is the same.
    await water(owner, id, {}, clocked).expect(200);

    // 2026-05-11 is already today in Kiribati (UTC+14) at 12:00 UTC.
    const ahead = await water(owner, id, { date: '2026-05-11' }, clocked).expect(200);
    expect(ahead.body).toMatchObject({ lastWateredDate: '2026-05-11', nextWateringDate: '2026-05-14' });

    const before = await storedPlant(id);
    const future = await water(owner, id, { date: '2026-05-12' }, clocked).expect(400);
    expect(future.body).toEqual({
      error: {
        code: 'invalid_input',
        message: 'The watering date cannot be in the future.',
        fields: { date: 'The watering date cannot be in the future.' },
      },
    });
    expect(await storedPlant(id)).toEqual(before);
  });

  it('refuses a date before the last watering (409) and stores nothing', async () => {
    const owner = await createTestUser('Backdater');
    const id = await createPlantAs(app, owner, everyThreeDays());
    const before = await storedPlant(id);
    const response = await water(owner, id, { date: '2026-02-20' }).expect(409);
    expect(response.body.error).toEqual({
      code: 'watered_later',
      message:
        'This plant was last watered on 2026-03-01, after 2026-02-20. Record a watering on that day or later, or undo the latest watering first.',
    });
    expect(await storedPlant(id)).toEqual(before);
    expect((await storedEvents(id)).map((event) => event.type)).toEqual(['added']);
  });

  it.each<[string, unknown]>([
    ['a date without leading zeros', '2026-3-5'],
    ['a day-first date', '05/03/2026'],
    ['a date that does not exist', '2026-02-30'],
    ['a date with a time', '2026-03-05T10:00:00Z'],
    ['a word', 'today'],
    ['a number', 20260305],
    ['null', null],
    ['an object', { year: 2026 }],
  ])('refuses %s as the date (400 naming the field)', async (_label, date) => {
    const owner = await createTestUser('Bad Dater');
    const id = await createPlantAs(app, owner, everyThreeDays());
    const response = await water(owner, id, { date }).expect(400);
    expect(response.body.error.code).toBe('invalid_input');
    expect(response.body.error.fields.date).toMatch(/^Watering date must be/);
    expect((await storedEvents(id)).map((event) => event.type)).toEqual(['added']);
  });

  it('refuses a body that is not a JSON object', async () => {
    const owner = await createTestUser('Array Sender');
    const id = await createPlantAs(app, owner, everyThreeDays());
    const response = await water(owner, id, ['2026-03-05']).expect(400);
    expect(response.body.error.code).toBe('invalid_body');
  });

  it('is for the owner only: another user 403, a visitor 401, an unknown plant 404, and nothing changes', async () => {
    const [owner, other] = await Promise.all([createTestUser('Plant Keeper'), createTestUser('Helpful Neighbour')]);
    const id = await createPlantAs(app, owner, everyThreeDays());
    const before = await storedPlant(id);

    const forbidden = await water(other, id, { date: '2026-03-05' }).expect(403);
    expect(forbidden.body.error).toEqual({
      code: 'forbidden',
      message: "Only its owner's household may record care and notes for this plant.",
    });
    const visitor = await request(app).post(`/mango/${id}/care/water`).send({ date: '2026-03-05' }).expect(401);
    expect(visitor.body.error.code).toBe('unauthenticated');
    expect(visitor.headers['www-authenticate']).toBe('Bearer');
    const unknown = await water(owner, 'AAAAAAAAAAAAAAAAAAAA', { date: '2026-03-05' }).expect(404);
    expect(unknown.body.error).toEqual({
      code: 'not_found',
      message: 'That plant does not exist. It may have been deleted.',
    });
    await water(owner, 'no.such.id', { date: '2026-03-05' }).expect(404);

    expect(await storedPlant(id)).toEqual(before);
    expect((await storedEvents(id)).map((event) => event.type)).toEqual(['added']);
    expect(await wateredActivityCount(id)).toBe(0);
  });

  it('answers other methods with 405', async () => {
    const owner = await createTestUser('Method Tester');
    const id = await createPlantAs(app, owner, everyThreeDays());
    const response = await request(app).get(`/mango/${id}/care/water`).set(bearer(owner)).expect(405);
    expect(response.headers['allow']).toBe('POST');
  });
});

describe('DELETE /mango/:id/care/water/latest', () => {
  it('undoes the latest watering: the dates it replaced come back, its event and activity record go', async () => {
    const owner = await createTestUser('Undoer');
    const id = await createPlantAs(app, owner, everyThreeDays());
    await water(owner, id, { date: '2026-03-05' }).expect(200);
    await water(owner, id, { date: '2026-03-09' }).expect(200);

    const first = await undo(owner, id).expect(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.body).toMatchObject({
      _id: id,
      lastWateredDate: '2026-03-05',
      nextWateringDate: '2026-03-08',
      userEmail: owner.email,
    });
    expect((await eventsOf(owner, id)).map((event) => [event.type, event.date])).toEqual([
      ['watered', '2026-03-05'],
      ['added', undefined],
    ]);
    expect(await wateredActivityCount(id)).toBe(1);
    await expectConsistentHistory(id);

    const second = await undo(owner, id).expect(200);
    expect(second.body).toMatchObject({ lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' });
    expect((await eventsOf(owner, id)).map((event) => event.type)).toEqual(['added']);
    expect(await wateredActivityCount(id)).toBe(0);

    const nothing = await undo(owner, id).expect(409);
    expect(nothing.body.error).toEqual({
      code: 'nothing_to_undo',
      message: 'There is no watering to undo for this plant.',
    });
  });

  it('restores a next date that was unset', async () => {
    const owner = await createTestUser('Unsetter');
    const id = await createPlantAs(app, owner, {
      plantName: 'Fresh Basil',
      category: 'Herbs',
      wateringFrequency: 'daily',
    });
    // As a plant stored before the server gave every understood schedule a next date, history too.
    const plantRef = getDb().collection(PLANTS_COLLECTION).doc(id);
    await plantRef.update({ nextWateringDate: FieldValue.delete() });
    for (const added of (await plantRef.collection(EVENTS_COLLECTION).get()).docs)
      await added.ref.update({ nextWateringDate: null });
    await water(owner, id, { date: '2026-03-05' }).expect(200);
    const restored = await undo(owner, id).expect(200);
    expect(restored.body).not.toHaveProperty('lastWateredDate');
    expect(restored.body).not.toHaveProperty('nextWateringDate');
    await expectConsistentHistory(id);
  });

  it('refuses (409) once the health or schedule was edited after the watering, and keeps the edit', async () => {
    const owner = await createTestUser('Editor');
    const id = await createPlantAs(app, owner, everyThreeDays());
    await water(owner, id, { date: '2026-03-05' }).expect(200);
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(
        anUpdate({ wateringFrequency: 'Every 3 days', lastWateredDate: '2026-03-05', nextWateringDate: '2026-03-07' }),
      )
      .expect(200);
    const refused = await undo(owner, id).expect(409);
    expect(refused.body.error.code).toBe('nothing_to_undo');
    expect(refused.body.error.message).toMatch(/edit of its health or schedule/);
    expect(await storedPlant(id)).toMatchObject({ lastWateredDate: '2026-03-05', nextWateringDate: '2026-03-07' });
  });

  it('is for the owner only: another user 403, a visitor 401, an unknown plant 404', async () => {
    const [owner, other] = await Promise.all([createTestUser('Undo Owner'), createTestUser('Undo Intruder')]);
    const id = await createPlantAs(app, owner, everyThreeDays());
    await water(owner, id, { date: '2026-03-05' }).expect(200);
    const before = await storedPlant(id);

    await undo(other, id).expect(403);
    await request(app).delete(`/mango/${id}/care/water/latest`).expect(401);
    await undo(owner, 'AAAAAAAAAAAAAAAAAAAA').expect(404);
    expect(await storedPlant(id)).toEqual(before);
    expect((await storedEvents(id)).map((event) => event.type)).toEqual(['added', 'watered']);
  });
});

describe('GET /mango/:id/events', () => {
  it('lists creation, waterings and edits of health or schedule, newest first; other edits leave none', async () => {
    const owner = await createTestUser('Historian');
    const id = await createPlantAs(app, owner, everyThreeDays({ healthStatus: 'Healthy' }));
    await water(owner, id, { date: '2026-03-04' }).expect(200);
    const update = anUpdate({
      wateringFrequency: 'Every 3 days',
      lastWateredDate: '2026-03-04',
      nextWateringDate: '2026-03-07',
    });
    await request(app).put(`/mango/${id}`).set(bearer(owner)).send(update).expect(200, { modifiedCount: 1 });
    // Only the name: no event.
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send({ ...update, plantName: 'Renamed Again' })
      .expect(200, { modifiedCount: 1 });

    const response = await request(app).get(`/mango/${id}/events`).set(bearer(owner)).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const events = response.body as PlantEvent[];
    expect(events.map((event) => event.type)).toEqual(['updated', 'watered', 'added']);
    expect(events[0]).toMatchObject({
      changes: { healthStatus: { from: 'Healthy', to: 'Needs Care' } },
      lastWateredDate: '2026-03-04',
      nextWateringDate: '2026-03-07',
    });
    expect(events[0]!.changes).toEqual({ healthStatus: { from: 'Healthy', to: 'Needs Care' } });
    expect(events[2]).toMatchObject({
      type: 'added',
      changes: {
        healthStatus: { from: null, to: 'Healthy' },
        wateringFrequency: { from: null, to: 'Every 3 days' },
        lastWateredDate: { from: null, to: '2026-03-01' },
        nextWateringDate: { from: null, to: '2026-03-04' },
      },
    });
    const times = events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expectConsistentHistory(id);
  });

  it('answers 50 events at most, the newest', async () => {
    const owner = await createTestUser('Diligent Waterer');
    const id = await createPlantAs(app, owner, everyThreeDays());
    const dates: string[] = [];
    for (let day = 0; day < 52; day += 1) {
      const date = new Date(Date.UTC(2026, 2, 2 + day)).toISOString().slice(0, 10);
      dates.push(date);
      await water(owner, id, { date }).expect(200);
    }
    const events = await eventsOf(owner, id);
    expect(events).toHaveLength(50);
    expect(events.map((event) => event.date)).toEqual(dates.slice(-50).reverse());
  });

  it('is for the owner only: another user 403, a visitor 401, an unknown or deleted plant 404', async () => {
    const [owner, other] = await Promise.all([createTestUser('Private Owner'), createTestUser('Snoop')]);
    const id = await createPlantAs(app, owner, everyThreeDays());
    const forbidden = await request(app).get(`/mango/${id}/events`).set(bearer(other)).expect(403);
    expect(forbidden.body.error.code).toBe('forbidden');
    await request(app).get(`/mango/${id}/events`).expect(401);
    await request(app).get('/mango/AAAAAAAAAAAAAAAAAAAA/events').set(bearer(owner)).expect(404);

    await water(owner, id, { date: '2026-03-05' }).expect(200);
    await request(app).delete(`/mango/${id}`).set(bearer(owner)).expect(200);
    await request(app).get(`/mango/${id}/events`).set(bearer(owner)).expect(404);
    await water(owner, id, { date: '2026-03-06' }).expect(404);
    await undo(owner, id).expect(404);
  });
});

describe('racing changes', () => {
  // Each change reads the plant in a Firestore transaction: racing changes of one plant are made
  // one after the other, each on what the one before stored.
  it('two waterings at once on the same day are both recorded, one after the other', async () => {
    const owner = await createTestUser('Twin Tapper');
    const id = await createPlantAs(app, owner, everyThreeDays());
    for (const round of [0, 1, 2]) {
      const date = `2026-03-0${5 + round}`;
      const answers = await Promise.all([water(owner, id, { date }), water(owner, id, { date })]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    }
    const events = await expectConsistentHistory(id);
    expect(events.map((event) => event.type)).toEqual(['added', ...Array<string>(6).fill('watered')]);
    expect(await storedPlant(id)).toMatchObject({ lastWateredDate: '2026-03-07', nextWateringDate: '2026-03-10' });
  });

  it('two waterings at once on different days leave the later day, or refuse the earlier one, and a consistent history', async () => {
    const owner = await createTestUser('Racing Waterers');
    const id = await createPlantAs(app, owner, everyThreeDays());
    const answers = await Promise.all([
      water(owner, id, { date: '2026-03-05' }),
      water(owner, id, { date: '2026-03-06' }),
    ]);
    expect(answers[1]!.status).toBe(200);
    // The 5th is refused only when the 6th was stored first.
    expect([200, 409]).toContain(answers[0]!.status);
    await expectConsistentHistory(id);
    expect(await storedPlant(id)).toMatchObject({ lastWateredDate: '2026-03-06', nextWateringDate: '2026-03-09' });
  });

  it('a watering racing an undo: one runs after the other, and dates and events agree', async () => {
    const owner = await createTestUser('Undo Racer');
    const id = await createPlantAs(app, owner, everyThreeDays());
    for (const round of [0, 1, 2, 3]) {
      const date = `2026-03-1${round}`;
      await water(owner, id, { date }).expect(200);
      // Either order of sending, so either request may reach Firestore first.
      const answers =
        round % 2
          ? await Promise.all([water(owner, id, { date }), undo(owner, id)])
          : (await Promise.all([undo(owner, id), water(owner, id, { date })])).reverse();
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      await expectConsistentHistory(id);
    }
    // Each round: one watering more than undone.
    expect((await storedEvents(id)).filter((event) => event.type === 'watered')).toHaveLength(4);
  });

  it('five undos at once undo five waterings, never the same one twice', async () => {
    const owner = await createTestUser('Undo Storm');
    const id = await createPlantAs(app, owner, everyThreeDays());
    for (let day = 5; day <= 9; day += 1) await water(owner, id, { date: `2026-03-0${day}` }).expect(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => undo(owner, id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await storedEvents(id)).map((event) => event.type)).toEqual(['added']);
    expect(await storedPlant(id)).toMatchObject({ lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' });
    await expectConsistentHistory(id);
  });
});

describe("Do all due's waterings, POST /mango/care, and their undo, DELETE /mango/waterings/latest", () => {
  /** Do all due with only waterings due, as the web app sends it. */
  const waterAll = (user: TestUser, plantIds: readonly string[], date: string) =>
    request(app)
      .post('/mango/care')
      .set(bearer(user))
      .send({ items: plantIds.map((plantId) => ({ plantId, task: 'water' })), date });
  const undoAll = (user: TestUser, body: object) =>
    request(app).delete('/mango/waterings/latest').set(bearer(user)).send(body);

  async function duePlants(owner: TestUser, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push(await createPlantAs(app, owner, everyThreeDays({ plantName: `Due ${i}` })));
    return ids;
  }

  it("waters every plant named, each by the single watering's rules, in one request, and answers them in the order asked", async () => {
    const owner = await createTestUser('Greenhouse Keeper');
    const ids = await duePlants(owner, 20);
    const started = Date.now();
    const response = await waterAll(owner, ids, '2026-03-05').expect(200);
    const took = Date.now() - started;
    expect(response.headers['cache-control']).toBe('private, no-store');
    const plants = (response.body as { plants: Plant[] }).plants;
    expect(plants.map((plant) => plant._id)).toEqual(ids);
    for (const plant of plants)
      expect(plant).toMatchObject({
        lastWateredDate: '2026-03-05',
        nextWateringDate: '2026-03-08',
        ownerUid: owner.uid,
      });
    for (const id of ids) {
      expect(await storedPlant(id)).toMatchObject({ lastWateredDate: '2026-03-05', nextWateringDate: '2026-03-08' });
      const events = await expectConsistentHistory(id);
      expect(events.map((event) => event.type)).toEqual(['added', 'watered']);
    }
    // One request for twenty plants, on real transactions: well within the two seconds a tap may take.
    expect(took).toBeLessThan(4000);
  });

  it("is all or nothing: someone else's plant (403), an unknown plant (404) or a plant watered later (409) refuses the whole batch, naming the plant", async () => {
    const [owner, other] = await Promise.all([createTestUser('Batch Owner'), createTestUser('Batch Stranger')]);
    const mine = await duePlants(owner, 3);
    const theirs = await createPlantAs(app, other, everyThreeDays({ plantName: 'Not Yours' }));
    const later = await createPlantAs(
      app,
      owner,
      everyThreeDays({ plantName: 'Watered Later', lastWateredDate: '2026-03-20', nextWateringDate: '2026-03-23' }),
    );
    const before = await Promise.all([...mine, theirs, later].map((id) => storedPlant(id)));

    const forbidden = await waterAll(owner, [...mine, theirs], '2026-03-05').expect(403);
    expect(forbidden.body.error).toEqual({
      code: 'forbidden',
      message: "Not Yours: Only its owner's household may record care and notes for this plant. Nothing was changed.",
    });
    const missing = await waterAll(owner, [...mine, 'AAAAAAAAAAAAAAAAAAAA'], '2026-03-05').expect(404);
    expect(missing.body.error.message).toMatch(
      /^The plant AAAAAAAAAAAAAAAAAAAA: That plant does not exist\..* Nothing was changed\.$/,
    );
    const conflict = await waterAll(owner, [...mine, later], '2026-03-05').expect(409);
    expect(conflict.body.error.code).toBe('watered_later');
    expect(conflict.body.error.message).toMatch(/^Watered Later: /);

    expect(await Promise.all([...mine, theirs, later].map((id) => storedPlant(id)))).toEqual(before);
    for (const id of mine) expect((await storedEvents(id)).map((event) => event.type)).toEqual(['added']);
    for (const id of mine) expect(await wateredActivityCount(id)).toBe(0);
  });

  it('refuses bad input to the undo with 400 naming plantIds, and nobody with 401, storing nothing', async () => {
    const owner = await createTestUser('Careful Undoer');
    const [id] = await duePlants(owner, 1);
    await waterAll(owner, [id!], '2026-03-05').expect(200);
    for (const body of [
      {},
      { plantIds: [] },
      { plantIds: [id, id] },
      { plantIds: Array.from({ length: 101 }, (_, i) => `id${i}`) },
      { plantIds: 'all' },
    ]) {
      const response = await undoAll(owner, body).expect(400);
      expect(response.body.error.code, JSON.stringify(body)).toBe('invalid_input');
      expect(Object.keys(response.body.error.fields), JSON.stringify(body)).toEqual(['plantIds']);
    }
    await request(app)
      .delete('/mango/waterings/latest')
      .send({ plantIds: [id] })
      .expect(401);
    const otherMethod = await request(app).get('/mango/waterings/latest').set(bearer(owner)).expect(405);
    expect(otherMethod.headers['allow']).toBe('DELETE');
    expect((await storedEvents(id!)).map((event) => event.type)).toEqual(['added', 'watered']);
  });

  it('its undo takes back the latest watering of each plant in one request, all or nothing', async () => {
    const owner = await createTestUser('Second Thoughts');
    const ids = await duePlants(owner, 3);
    await waterAll(owner, ids, '2026-03-05').expect(200);

    // One plant's latest change is an edit: nothing is undone.
    await request(app)
      .put(`/mango/${ids[2]}`)
      .set(bearer(owner))
      .send(anUpdate({ healthStatus: 'Critical' }))
      .expect(200);
    const refused = await undoAll(owner, { plantIds: ids }).expect(409);
    expect(refused.body.error.code).toBe('nothing_to_undo');
    for (const id of ids.slice(0, 2)) expect(await storedPlant(id)).toMatchObject({ lastWateredDate: '2026-03-05' });

    const undone = await undoAll(owner, { plantIds: ids.slice(0, 2) }).expect(200);
    expect(
      (undone.body as { plants: Plant[] }).plants.map((plant) => [
        plant._id,
        plant.lastWateredDate,
        plant.nextWateringDate,
      ]),
    ).toEqual(ids.slice(0, 2).map((id) => [id, '2026-03-01', '2026-03-04']));
    for (const id of ids.slice(0, 2)) {
      expect((await expectConsistentHistory(id)).map((event) => event.type)).toEqual(['added']);
    }
  });
});

describe('the retired watering routes: POST /mango/waterings, POST /mango/:id/waterings, DELETE /mango/:id/waterings/latest', () => {
  it('answer 404 as a path that never was, whatever the method, and change nothing', async () => {
    const owner = await createTestUser('Old Client');
    const id = await createPlantAs(app, owner, everyThreeDays());
    await water(owner, id, { date: '2026-03-05' }).expect(200);
    const account = async () => (await getDb().collection(ACCOUNTS_COLLECTION).doc(owner.uid).get()).data();
    const [plantBefore, accountBefore] = [await storedPlant(id), await account()];

    const calls: ['get' | 'post' | 'delete', string, object?][] = [
      ['post', '/mango/waterings', { plantIds: [id], date: '2026-03-06' }],
      ['post', `/mango/${id}/waterings`, { date: '2026-03-06' }],
      ['delete', `/mango/${id}/waterings/latest`],
      ['get', '/mango/waterings'],
      ['get', `/mango/${id}/waterings`],
      ['post', `/mango/${id}/waterings/latest`],
      // A path that never was, for comparison.
      ['post', `/mango/${id}/sprinklings`, { date: '2026-03-06' }],
    ];
    for (const [method, path, body] of calls) {
      const asked = request(app)[method](path).set(bearer(owner));
      const response = await (body === undefined ? asked : asked.send(body));
      const what = `${method.toUpperCase()} ${path}`;
      expect(response.status, what).toBe(404);
      expect(response.headers['cache-control'], what).toBe('no-store');
      expect(response.body, what).toEqual({ error: { code: 'not_found', message: `There is nothing at ${what}.` } });
    }

    expect(await storedPlant(id)).toEqual(plantBefore);
    expect(await account()).toEqual(accountBefore);
    expect((await storedEvents(id)).map((event) => event.type)).toEqual(['added', 'watered']);
    expect(await wateredActivityCount(id)).toBe(1);
  });
});
