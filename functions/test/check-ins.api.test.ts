import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from './support/app';
import { joinHousehold, startHousehold } from './support/households';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

// Noon UTC on 1 August 2027 (the callers keep UTC, the default zone): their today is the 1st.
let now = new Date('2027-08-01T12:00:00Z');
const app = testApp({ clock: () => now });

const check = (user: TestUser, id: string, task: string, body: unknown) =>
  request(app)
    .post(`/mango/${id}/care/${task}/check`)
    .set(bearer(user))
    .send(body as object);
const plantOf = (user: TestUser, id: string) => request(app).get(`/mango/${id}`).set(bearer(user)).expect(200);
const eventsOf = async (user: TestUser, id: string) =>
  (await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as Record<string, unknown>[];

/** Watered every 9 days, next on `next`; fertilized every 30 days, next on 10 August. */
const plant = (name: string, next: string) =>
  aPlant({
    plantName: name,
    wateringFrequency: 'Every 9 days',
    lastWateredDate: '2027-07-20',
    nextWateringDate: next,
    care: { fertilize: { frequency: 'Every 30 days', nextDate: '2027-08-10' } },
  });

describe('POST /mango/:id/care/:task/check', () => {
  it('moves a due watering a third of its interval from today, records nothing done, and writes "checked" in the journal', async () => {
    const user = await createTestUser('Checking Gardener');
    const id = await createPlantAs(app, user, plant('Moist Fern', '2027-07-29'));
    const checked = await check(user, id, 'water', { result: 'not-yet' }).expect(200);
    // Overdue since 29 July: three days (9 / 3) from today, the 1st; the last watering is still 20 July.
    expect(checked.body).toMatchObject({
      _id: id,
      nextWateringDate: '2027-08-04',
      lastWateredDate: '2027-07-20',
      wateringIntervalDays: 9,
    });
    const [event, ...rest] = await eventsOf(user, id);
    expect(event).toMatchObject({
      type: 'checked',
      task: 'water',
      days: 3,
      date: '2027-08-01',
      by: { uid: user.uid, displayName: 'Checking Gardener' },
      lastWateredDate: '2027-07-20',
      nextWateringDate: '2027-08-04',
    });
    expect(rest.map(({ type }) => type)).toEqual(['added']);
    // The watering's usual undo takes it back.
    const undone = await request(app).delete(`/mango/${id}/care/water/latest`).set(bearer(user)).expect(200);
    expect(undone.body.nextWateringDate).toBe('2027-07-29');
  });

  it('moves a date still ahead from that date, by the days given; a care task by its own interval', async () => {
    const user = await createTestUser('Early Checker');
    const id = await createPlantAs(app, user, plant('Early Palm', '2027-08-03'));
    expect((await check(user, id, 'water', { result: 'not-yet', days: 2 }).expect(200)).body.nextWateringDate).toBe(
      '2027-08-05',
    );
    // Fertilizing every 30 days: ten days after its next date, the 10th.
    const fed = await check(user, id, 'fertilize', { result: 'not-yet' }).expect(200);
    expect(fed.body.care.fertilize).toMatchObject({ nextDate: '2027-08-20', intervalDays: 30 });
    expect((await eventsOf(user, id))[0]).toMatchObject({ type: 'checked', task: 'fertilize', days: 10 });
    const untracked = await check(user, id, 'mist', { result: 'not-yet' }).expect(409);
    expect(untracked.body.error).toMatchObject({ code: 'nothing_to_check' });
  });

  it('refuses bad input (400), an unknown task (404), a visitor (401) and someone else (403); nothing changes', async () => {
    const [owner, stranger] = await Promise.all([createTestUser('Check Owner'), createTestUser('Check Stranger')]);
    const id = await createPlantAs(app, owner, plant('Guarded Fern', '2027-07-30'));
    const before = (await plantOf(owner, id)).body;
    for (const body of [{}, { result: 'dry' }, { result: 'not-yet', extra: 1 }])
      expect((await check(owner, id, 'water', body).expect(400)).body.error.code).toBe('invalid_input');
    for (const days of [0, 1.5, '2', 3651])
      expect(
        (await check(owner, id, 'water', { result: 'not-yet', days }).expect(400)).body.error.fields,
      ).toHaveProperty('days');
    await check(owner, id, 'weed', { result: 'not-yet' }).expect(404);
    await request(app).post(`/mango/${id}/care/water/check`).send({ result: 'not-yet' }).expect(401);
    const refused = await check(stranger, id, 'water', { result: 'not-yet' }).expect(403);
    expect(refused.body.error.message).toBe("Only its owner's household may record care and notes for this plant.");
    await request(app).get(`/mango/${id}/care/water/check`).set(bearer(owner)).expect(405);
    expect((await plantOf(owner, id)).body).toEqual(before);
    expect((await eventsOf(owner, id)).map(({ type }) => type)).toEqual(['added']);
  });

  it("lets the household's member and sitter check a shared plant, and not a sitter after their last day", async () => {
    const [owner, member, sitter] = await Promise.all([
      createTestUser('Check House Owner'),
      createTestUser('Checking Member'),
      createTestUser('Checking Sitter'),
    ]);
    await startHousehold(app, owner);
    await joinHousehold(app, owner, member);
    await joinHousehold(app, owner, sitter, { role: 'sitter', until: '2027-08-03' });
    const id = await createPlantAs(app, owner, plant('Shared Ivy', '2027-08-01'));
    expect((await check(member, id, 'water', { result: 'not-yet', days: 1 }).expect(200)).body.nextWateringDate).toBe(
      '2027-08-02',
    );
    expect((await check(sitter, id, 'water', { result: 'not-yet', days: 1 }).expect(200)).body.nextWateringDate).toBe(
      '2027-08-03',
    );
    expect((await eventsOf(owner, id)).slice(0, 2).map(({ by }) => (by as { uid: string }).uid)).toEqual([
      sitter.uid,
      member.uid,
    ]);
    try {
      now = new Date('2027-08-04T12:00:00Z');
      const before = (await plantOf(owner, id)).body;
      await check(sitter, id, 'water', { result: 'not-yet' }).expect(403);
      expect((await plantOf(owner, id)).body).toEqual(before);
    } finally {
      now = new Date('2027-08-01T12:00:00Z');
    }
  });
});

describe('how far a check-in moves a job', () => {
  it('moves a job at most its interval from today, and check-ins in a row do not add up', async () => {
    const user = await createTestUser('Bounded Checker');
    const id = await createPlantAs(app, user, plant('Bounded Fern', '2027-08-03'));
    // Thirty days asked of a watering every 9 days: the 10th (today + 9), not 2 September.
    const far = await check(user, id, 'water', { result: 'not-yet', days: 30 }).expect(200);
    expect(far.body.nextWateringDate).toBe('2027-08-10');
    expect((await eventsOf(user, id))[0]).toMatchObject({
      type: 'checked',
      task: 'water',
      days: 7,
      nextWateringDate: '2027-08-10',
    });
    // Again and again: it stays where doing it today would put it, and the journal says it moved no day.
    for (let i = 0; i < 5; i += 1) {
      const again = await check(user, id, 'water', { result: 'not-yet' }).expect(200);
      expect(again.body.nextWateringDate).toBe('2027-08-10');
    }
    const [latest] = await eventsOf(user, id);
    expect(latest).toMatchObject({ type: 'checked', task: 'water', nextWateringDate: '2027-08-10' });
    expect(latest).not.toHaveProperty('days');
    // Fertilizing every 30 days: the 31st at most, whatever is asked, however often.
    for (let i = 0; i < 3; i += 1) {
      const fed = await check(user, id, 'fertilize', { result: 'not-yet', days: 3650 }).expect(200);
      expect(fed.body.care.fertilize).toMatchObject({ nextDate: '2027-08-31', intervalDays: 30 });
    }
    // A watering whose frequency the server cannot read: 14 days from today at most.
    const loose = await createPlantAs(
      app,
      user,
      aPlant({
        plantName: 'Loose Fern',
        wateringFrequency: 'When the soil feels dry',
        lastWateredDate: '2027-07-20',
        nextWateringDate: '2027-08-02',
      }),
    );
    const moved = await check(user, loose, 'water', { result: 'not-yet', days: 100 }).expect(200);
    expect(moved.body).toMatchObject({ nextWateringDate: '2027-08-15', wateringIntervalDays: null });
  });

  it("bounds a sitter's check-ins on a shared plant the same way: they cannot push its jobs off", async () => {
    const [owner, sitter] = await Promise.all([createTestUser('Bounded Owner'), createTestUser('Bounded Sitter')]);
    await startHousehold(app, owner);
    await joinHousehold(app, owner, sitter, { role: 'sitter', until: '2027-08-20' });
    const id = await createPlantAs(app, owner, plant('Sat Fern', '2027-08-03'));
    for (let i = 0; i < 10; i += 1) {
      const water = await check(sitter, id, 'water', { result: 'not-yet', days: 3650 }).expect(200);
      expect(water.body.nextWateringDate).toBe('2027-08-10');
      const fed = await check(sitter, id, 'fertilize', { result: 'not-yet', days: 3650 }).expect(200);
      expect(fed.body.care.fertilize.nextDate).toBe('2027-08-31');
    }
    expect((await plantOf(owner, id)).body).toMatchObject({
      nextWateringDate: '2027-08-10',
      care: { fertilize: { nextDate: '2027-08-31' } },
    });
  });
});
