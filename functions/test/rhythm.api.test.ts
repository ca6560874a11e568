import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app';
import { joinHousehold, startHousehold } from './support/households';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

// Noon UTC on 1 August 2027: the callers' today is the 1st.
const AUGUST_1 = new Date('2027-08-01T12:00:00Z');
let now = AUGUST_1;
const app = testApp({ clock: () => now });

const plantOf = async (user: TestUser | null, id: string) => {
  const asked = request(app).get(`/mango/${id}`);
  return (await (user ? asked.set(bearer(user)) : asked).expect(200)).body as Record<string, unknown>;
};
const eventsOf = async (user: TestUser, id: string) =>
  (await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as Record<string, unknown>[];
const water = (user: TestUser, id: string, date: string) =>
  request(app).post(`/mango/${id}/care/water`).set(bearer(user)).send({ date }).expect(200);
const answer = (user: TestUser, id: string, task: string, body: unknown) =>
  request(app)
    .post(`/mango/${id}/care/${task}/suggestion`)
    .set(bearer(user))
    .send(body as object);

/** Watered every 7 days since 1 June; fertilized every 30 days since 1 June. */
const plant = (name: string) =>
  aPlant({
    plantName: name,
    wateringFrequency: 'Every 7 days',
    lastWateredDate: '2027-06-01',
    nextWateringDate: '2027-06-08',
    care: { fertilize: { frequency: 'Every 30 days', lastDate: '2027-06-01' } },
  });

/** A plant its owner watered every ten days, four times, the last on 11 July. */
async function wateredEveryTenDays(user: TestUser, name: string): Promise<string> {
  const id = await createPlantAs(app, user, plant(name));
  for (const date of ['2027-06-11', '2027-06-21', '2027-07-01', '2027-07-11']) await water(user, id, date);
  return id;
}

const TEN_DAYS = { task: 'water', everyDays: 10, basis: 'watered every 10 days on average, not every 7' };

describe("a plant's rhythm learned from its jobs", () => {
  it('is suggested to those who may edit the plant once four jobs keep another interval, and goes with an undo', async () => {
    const [owner, member, sitter] = await Promise.all([
      createTestUser('Rhythm Owner'),
      createTestUser('Rhythm Member'),
      createTestUser('Rhythm Sitter'),
    ]);
    await startHousehold(app, owner);
    await joinHousehold(app, owner, member);
    await joinHousehold(app, owner, sitter, { role: 'sitter', until: '2027-08-20' });
    const id = await createPlantAs(app, owner, plant('Thirsty Less Fern'));
    for (const date of ['2027-06-11', '2027-06-21', '2027-07-01']) await water(owner, id, date);
    // Three jobs are too few to learn from.
    expect(await plantOf(owner, id)).not.toHaveProperty('suggestion');
    // The fourth: the answer to the job carries it already.
    expect((await water(owner, id, '2027-07-11')).body.suggestion).toEqual(TEN_DAYS);
    expect((await plantOf(owner, id)).suggestion).toEqual(TEN_DAYS);
    expect((await plantOf(member, id)).suggestion).toEqual(TEN_DAYS);
    // A sitter may not change the schedule, and a visitor sees only the public plant.
    expect(await plantOf(sitter, id)).not.toHaveProperty('suggestion');
    expect(await plantOf(null, id)).not.toHaveProperty('suggestion');
    for (const viewer of [owner, member, sitter, null]) expect(await plantOf(viewer, id)).not.toHaveProperty('rhythm');
    // Undoing the fourth watering takes back what it taught.
    await request(app).delete(`/mango/${id}/care/water/latest`).set(bearer(owner)).expect(200);
    expect(await plantOf(owner, id)).not.toHaveProperty('suggestion');
  });

  it('"Use every N days" sets the interval, counts the next date from the last job, and is in the history', async () => {
    const owner = await createTestUser('Rhythm User');
    const id = await wateredEveryTenDays(owner, 'Used Palm');
    const used = await answer(owner, id, 'water', { answer: 'use', everyDays: 10 }).expect(200);
    expect(used.body).toMatchObject({
      _id: id,
      wateringFrequency: 'Every 10 days',
      wateringIntervalDays: 10,
      lastWateredDate: '2027-07-11',
      nextWateringDate: '2027-07-21',
    });
    expect(used.body).not.toHaveProperty('suggestion');
    expect((await eventsOf(owner, id))[0]).toMatchObject({
      type: 'updated',
      changes: {
        wateringFrequency: { from: 'Every 7 days', to: 'Every 10 days' },
        nextWateringDate: { from: '2027-07-18', to: '2027-07-21' },
      },
    });
  });

  it('learns a care task too, and from check-ins that found the soil still moist', async () => {
    const owner = await createTestUser('Rhythm Feeder');
    const id = await createPlantAs(app, owner, plant('Fed Monstera'));
    for (const date of ['2027-06-21', '2027-07-11', '2027-07-31']) {
      await request(app).post(`/mango/${id}/care/fertilize`).set(bearer(owner)).send({ date }).expect(200);
    }
    // Three jobs are too few (the date of 1 June was typed into the form: no job done in the app).
    expect(await plantOf(owner, id)).not.toHaveProperty('suggestion');
    now = new Date('2027-08-20T12:00:00Z');
    try {
      await request(app).post(`/mango/${id}/care/fertilize`).set(bearer(owner)).send({}).expect(200);
      const fed = await plantOf(owner, id);
      expect(fed.suggestion).toEqual({
        task: 'fertilize',
        everyDays: 20,
        basis: 'fertilized every 20 days on average, not every 30',
      });
      const used = await answer(owner, id, 'fertilize', { answer: 'use', everyDays: 20 }).expect(200);
      expect(used.body.care.fertilize).toMatchObject({
        frequency: 'Every 20 days',
        intervalDays: 20,
        lastDate: '2027-08-20',
        nextDate: '2027-09-09',
      });
    } finally {
      now = AUGUST_1;
    }

    // Watered every 7 days as scheduled: nothing to say, until check-ins find the soil moist for two weeks.
    const checked = await createPlantAs(app, owner, plant('Checked Ivy'));
    for (const date of ['2027-07-04', '2027-07-11', '2027-07-18', '2027-07-25']) await water(owner, checked, date);
    expect(await plantOf(owner, checked)).not.toHaveProperty('suggestion');
    now = new Date('2027-08-08T12:00:00Z');
    try {
      await request(app)
        .post(`/mango/${checked}/care/water/check`)
        .set(bearer(owner))
        .send({ result: 'not-yet' })
        .expect(200);
      // (7 + 7 + 7 + 14) / 4 = 8.75 days: 9, a quarter more than 7.
      expect((await plantOf(owner, checked)).suggestion).toEqual({
        task: 'water',
        everyDays: 9,
        basis: 'watered every 9 days on average, not every 7',
      });
    } finally {
      now = AUGUST_1;
    }
  });

  it('"Keep" is not asked again for 60 days, and changes nothing anyone sees', async () => {
    const owner = await createTestUser('Rhythm Keeper');
    const id = await wateredEveryTenDays(owner, 'Kept Cactus');
    const before = await plantOf(owner, id);
    const kept = await answer(owner, id, 'water', { answer: 'keep' }).expect(200);
    const { suggestion: _suggestion, updatedAt: _updated, ...unchanged } = before;
    expect(kept.body).toEqual({ ...unchanged, updatedAt: kept.body.updatedAt });
    expect(await plantOf(owner, id)).not.toHaveProperty('suggestion');
    expect((await eventsOf(owner, id))[0]).toMatchObject({ type: 'watered', date: '2027-07-11' });
    const stats = await request(app).get('/mango/stats').set(bearer(owner)).expect(200);
    const recent = stats.body.mine.recentActivity as { type: string }[];
    expect(recent.map(({ type }) => type)).not.toContain('updated');
    expect(recent.length).toBeGreaterThan(0);
    try {
      now = new Date('2027-09-29T12:00:00Z');
      expect(await plantOf(owner, id)).not.toHaveProperty('suggestion');
      now = new Date('2027-09-30T12:00:00Z');
      expect((await plantOf(owner, id)).suggestion).toEqual(TEN_DAYS);
    } finally {
      now = AUGUST_1;
    }
  });

  it('refuses bad input (400), no suggestion or another one (409), an unknown task (404), a visitor (401), a stranger and a sitter (403); nothing changes', async () => {
    const [owner, stranger, sitter] = await Promise.all([
      createTestUser('Answer Owner'),
      createTestUser('Answer Stranger'),
      createTestUser('Answer Sitter'),
    ]);
    await startHousehold(app, owner);
    await joinHousehold(app, owner, sitter, { role: 'sitter', until: '2027-08-20' });
    const id = await wateredEveryTenDays(owner, 'Guarded Aloe');
    const before = await plantOf(owner, id);
    const history = await eventsOf(owner, id);

    for (const body of [
      {},
      { answer: 'maybe' },
      { answer: 'use' },
      { answer: 'use', everyDays: 2.5 },
      { answer: 'keep', x: 1 },
    ])
      expect((await answer(owner, id, 'water', body).expect(400)).body.error.code).toBe('invalid_input');
    const changed = await answer(owner, id, 'water', { answer: 'use', everyDays: 9 }).expect(409);
    expect(changed.body.error).toMatchObject({
      code: 'suggestion_changed',
      message: 'The suggestion for watering this plant is now every 10 days: look at it again before using it.',
    });
    const none = await answer(owner, id, 'fertilize', { answer: 'keep' }).expect(409);
    expect(none.body.error).toMatchObject({
      code: 'no_suggestion',
      message: 'There is no suggestion for fertilizing this plant now.',
    });
    await answer(owner, id, 'weed', { answer: 'keep' }).expect(404);
    await request(app).post(`/mango/${id}/care/water/suggestion`).send({ answer: 'keep' }).expect(401);
    await answer(stranger, id, 'water', { answer: 'use', everyDays: 10 }).expect(403);
    const refused = await answer(sitter, id, 'water', { answer: 'keep' }).expect(403);
    expect(refused.body.error.message).toBe(
      'As a sitter you can record care jobs and notes, but not change the plant.',
    );
    await request(app).get(`/mango/${id}/care/water/suggestion`).set(bearer(owner)).expect(405);

    expect(await plantOf(owner, id)).toEqual(before);
    expect(await eventsOf(owner, id)).toEqual(history);
  });
});
