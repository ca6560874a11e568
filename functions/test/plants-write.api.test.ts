import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runScheduledFunction } from '../../scripts/lib/scheduler.mjs';
import { DEFAULT_LIMITS } from '../src/config/limits';
import { RUNTIME_OPTIONS } from '../src/config/runtime';
import { testApp } from './support/app';
import { FUNCTIONS_EMULATOR_URL, PROJECT_ID } from './support/emulators';
import { getDb } from '../src/lib/firebase';
import { keysAreCurrent } from '../src/plants/plant-keys';
import { EVENTS_COLLECTION, PLANTS_COLLECTION, PURGES_COLLECTION } from '../src/plants/plants.repository';
import { addPhoto } from './support/photos';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import {
  createPlantAs,
  documentsUnder,
  storedPlant,
  storedPlantCount,
  untilPurged,
  withoutKeys,
} from './support/plants';
import { createAnonymousUser, createTestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();
/** A history far larger than any one commit may delete (500 writes) or one request should read. */
const BIG_HISTORY = 20_000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /mango', () => {
  it('answers 201 { insertedId } and stores the plant with the owner taken from the token', async () => {
    const user = await createTestUser('Rosa Gardener');
    const before = Date.now();
    const sent = aPlant({ plantName: '  Boston Fern  ', notes: ' Likes steam. ' });
    const response = await request(app).post('/mango').set(bearer(user)).send(sent).expect(201);
    expect(Object.keys(response.body)).toEqual(['insertedId']);
    const id = response.body.insertedId as string;
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(response.headers['location']).toBe(`/mango/${id}`);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const stored = await request(app).get(`/mango/${id}`).set(bearer(user)).expect(200);
    expect(stored.body).toEqual({
      _id: id,
      ...sent,
      // Trimmed, and the interval the server reads in aPlant's 'Every 2 days'.
      plantName: 'Boston Fern',
      notes: 'Likes steam.',
      wateringIntervalDays: 2,
      userEmail: user.email,
      userName: 'Rosa Gardener',
      ownerUid: user.uid,
      // Not in a household: not shared.
      shared: false,
      // The owner's view carries the care schedules beside watering: none yet.
      care: {},
      // And where it stands: nowhere, so its light is not known to suit it or not.
      place: null,
      lightFit: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: stored.body.createdAt,
    });
    expect(Date.parse(stored.body.createdAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(stored.body.createdAt)).toBeLessThanOrEqual(Date.now());
  });

  it('needs only plantName and category, applying the dashboard form defaults and storing nothing else', async () => {
    const user = await createTestUser('Minimal Gardener');
    const id = await createPlantAs(app, user, { plantName: 'Mint', category: 'Herbs', description: '   ', image: '' });
    const stored = (await storedPlant(id))!;
    expect(keysAreCurrent(stored, id)).toBe(true);
    expect(withoutKeys(stored)).toEqual({
      plantName: 'Mint',
      category: 'Herbs',
      careLevel: 'easy',
      healthStatus: 'Healthy',
      wateringIntervalDays: null,
      revision: 1,
      userEmail: user.email,
      userName: 'Minimal Gardener',
      ownerUid: user.uid,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
  });

  it('ignores spoofed owner fields, ids, timestamps and unknown keys in the body', async () => {
    const user = await createTestUser('Honest Gardener');
    const victim = await createTestUser('Victim');
    const id = await createPlantAs(
      app,
      user,
      aPlant({
        userEmail: victim.email,
        userName: 'Victim',
        ownerUid: victim.uid,
        _id: 'chosen-id',
        createdAt: '2001-01-01T00:00:00.000Z',
        updatedAt: '2001-01-01T00:00:00.000Z',
        isAdmin: true,
      }),
    );
    expect(id).not.toBe('chosen-id');
    const stored = await storedPlant(id);
    expect(stored).toMatchObject({ userEmail: user.email, userName: 'Honest Gardener', ownerUid: user.uid });
    expect(stored).not.toHaveProperty('isAdmin');
    expect(stored).not.toHaveProperty('_id');
    expect(Date.parse(stored!.createdAt as string)).toBeGreaterThan(Date.parse('2020-01-01'));
    const victimList = await request(app).get('/mango').query({ email: victim.email }).set(bearer(victim)).expect(200);
    expect(victimList.body).toEqual([]);
  });

  it("names the owner by the email's local part when the account has no display name", async () => {
    const user = await createTestUser(null);
    const id = await createPlantAs(app, user);
    expect((await storedPlant(id))!.userName).toBe(user.email.split('@')[0]);
  });

  it('refuses an account without an email (403): the owner could never list the plant', async () => {
    const anonymous = await createAnonymousUser();
    const response = await request(app).post('/mango').set(bearer(anonymous)).send(aPlant()).expect(403);
    expect(response.body.error).toEqual({
      code: 'email_required',
      message: 'Your account has no email address, so it cannot own plants. Sign in with email or Google.',
    });
    expect(await storedPlantCount(anonymous.uid)).toBe(0);
  });

  it('accepts exactly what the /addPlants form sends, including its own userEmail and userName', async () => {
    const user = await createTestUser('Form Sender');
    const id = await createPlantAs(app, user, aPlant({ userEmail: user.email, userName: 'Typed Name' }));
    expect(await storedPlant(id)).toMatchObject({
      userEmail: user.email,
      userName: 'Form Sender',
      plantName: 'Test Fern',
    });
  });
});

describe('PUT /mango/:id', () => {
  it('stores the Update form fields, answers { modifiedCount: 1 }, moves updatedAt and keeps the rest', async () => {
    const owner = await createTestUser('Updater');
    const id = await createPlantAs(app, owner, aPlant({ notes: 'Keep me.' }));
    const original = (await storedPlant(id))!;

    const update = anUpdate({ plantName: ' Renamed Fern ' });
    const response = await request(app).put(`/mango/${id}`).set(bearer(owner)).send(update).expect(200);
    expect(response.body).toEqual({ modifiedCount: 1 });
    expect(response.headers['cache-control']).toBe('private, no-store');

    const stored = (await storedPlant(id))!;
    expect(keysAreCurrent(stored, id)).toBe(true);
    expect(withoutKeys(stored)).toEqual({
      ...withoutKeys(original),
      ...update,
      // The name trimmed, and the interval the server reads in the update's 'Daily'.
      plantName: 'Renamed Fern',
      wateringIntervalDays: 1,
      revision: 2,
      updatedAt: expect.stringMatching(ISO),
    });
    expect(stored.image).toBe('https://example.com/fern.jpg');
    expect(stored.notes).toBe('Keep me.');
    expect(Date.parse(stored.updatedAt as string)).toBeGreaterThan(Date.parse(original.updatedAt as string));
  });

  it('answers { modifiedCount: 0 } and leaves updatedAt alone when nothing changed', async () => {
    const owner = await createTestUser('Idle Updater');
    const id = await createPlantAs(app, owner);
    await request(app).put(`/mango/${id}`).set(bearer(owner)).send(anUpdate()).expect(200, { modifiedCount: 1 });
    const afterFirst = await storedPlant(id);

    const again = await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ plantName: '  Renamed Fern' }))
      .expect(200);
    expect(again.body).toEqual({ modifiedCount: 0 });
    expect(await storedPlant(id)).toEqual(afterFirst);
  });

  it('clears the description when the form sends it blank', async () => {
    const owner = await createTestUser('Eraser');
    const id = await createPlantAs(app, owner);
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ description: '' }))
      .expect(200, { modifiedCount: 1 });
    const plant = await request(app).get(`/mango/${id}`).expect(200);
    expect(plant.body).not.toHaveProperty('description');
    expect(plant.body.plantName).toBe('Renamed Fern');
    // Cleared means gone from the stored document, not kept as '' or null.
    const stored = (await storedPlant(id))!;
    expect(stored).not.toHaveProperty('description');
    expect(Object.values(stored)).not.toContain('');
    // Blank again, or left out: nothing to change.
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ description: '   ' }))
      .expect(200, { modifiedCount: 0 });
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ description: undefined }))
      .expect(200, { modifiedCount: 0 });
  });

  it('answers 404 JSON for a plant that does not exist', async () => {
    const owner = await createTestUser('Lost Updater');
    const response = await request(app)
      .put('/mango/AAAAAAAAAAAAAAAAAAAA')
      .set(bearer(owner))
      .send(anUpdate())
      .expect(404);
    expect(response.body.error).toEqual({
      code: 'not_found',
      message: 'That plant does not exist. It may have been deleted.',
    });
  });
});

describe('DELETE /mango/:id', () => {
  it('answers { deletedCount: 1 }; the plant is gone and a second delete is a 404', async () => {
    const owner = await createTestUser('Deleter');
    const id = await createPlantAs(app, owner);
    const response = await request(app).delete(`/mango/${id}`).set(bearer(owner)).expect(200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(await storedPlant(id)).toBeUndefined();
    await request(app).get(`/mango/${id}`).expect(404);
    const again = await request(app).delete(`/mango/${id}`).set(bearer(owner)).expect(404);
    expect(again.body.error.code).toBe('not_found');
  });

  it('deletes the care history after the plant: the history reads 404 at once, and no event stays behind', async () => {
    const owner = await createTestUser('Tidy Deleter');
    const id = await createPlantAs(app, owner, aPlant({ wateringFrequency: 'Every 3 days' }));
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-04'])
      await request(app).post(`/mango/${id}/care/water`).set(bearer(owner)).send({ date }).expect(200);
    await request(app).put(`/mango/${id}`).set(bearer(owner)).send(anUpdate()).expect(200);
    const events = getDb().collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`);
    expect((await events.get()).size).toBe(5);
    await request(app).delete(`/mango/${id}`).set(bearer(owner)).expect(200);
    await request(app).get(`/mango/${id}/events`).set(bearer(owner)).expect(404);
    // The commit that deleted the plant noted it for its purge, which the purgePlant task runs.
    expect((await getDb().collection(PURGES_COLLECTION).doc(id).get()).data()).toMatchObject({
      plantId: id,
      ownerUid: owner.uid,
    });
    await untilPurged(id);
    expect((await events.get()).size).toBe(0);
  });

  it(
    `deletes a plant with ${BIG_HISTORY.toLocaleString('en-US')} events and photos, with notes being added as it goes: gone at once, then nothing left`,
    async () => {
      const owner = await createTestUser('Diarist Deleter');
      const id = await createPlantAs(app, owner);
      const photo = await addPhoto(app, owner, id);
      // A history written straight into the store, as years of notes would leave it.
      const writer = getDb().bulkWriter({ throttling: false });
      const events = getDb().collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`);
      for (let i = 0; i < BIG_HISTORY; i += 1) {
        void writer.create(events.doc(), {
          type: 'note',
          at: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
          revision: 2,
          date: '2020-01-01',
          text: `Note ${i}`,
          lastWateredDate: null,
          nextWateringDate: null,
        });
      }
      await writer.close();
      expect((await events.count().get()).data().count).toBe(BIG_HISTORY + 1);

      // Notes keep coming, one after another, while the plant is deleted: none of them can make
      // the delete fail, and each either lands first (and is purged with the rest) or finds it gone.
      // (A write budget of its own, so the notes' own writes never run the delete out of budget.)
      const unlimited = testApp({ limits: { ...DEFAULT_LIMITS, writeBurst: 100_000, writesPerMinute: 100_000 } });
      let deleting = true;
      const statuses: number[] = [];
      const notes = (async () => {
        while (deleting && statuses.length < 200) {
          const note = await request(unlimited)
            .post(`/mango/${id}/notes`)
            .set(bearer(owner))
            .send({ text: `Still here ${statuses.length}` });
          statuses.push(note.status);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const deleted = await request(unlimited).delete(`/mango/${id}`).set(bearer(owner));
      deleting = false;
      await notes;
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      // The request did not delete the history itself: it noted the plant for its purge.
      expect((await getDb().collection(PURGES_COLLECTION).doc(id).get()).exists).toBe(true);
      expect(statuses.filter((status) => status !== 201 && status !== 404)).toEqual([]);
      expect(statuses).toContain(201);

      await request(app).get(`/mango/${id}`).expect(404);
      await request(app).get(`/mango/${id}/events`).set(bearer(owner)).expect(404);
      await request(app).get(photo.url).expect(404);
      expect(await storedPlant(id)).toBeUndefined();
      await untilPurged(id, 5 * 60_000);
      expect(await documentsUnder(id)).toEqual([]);
    },
    6 * 60_000,
  );

  it('finishes a purge that stopped half-way: the hourly sweep, run as Cloud Scheduler runs it, queues it again', async () => {
    const owner = await createTestUser('Interrupted Deleter');
    const id = await createPlantAs(app, owner);
    await request(app).post(`/mango/${id}/notes`).set(bearer(owner)).send({ text: 'Half gone' }).expect(201);
    // What a purge that died (its task given up, or never queued) leaves: the plant gone, its
    // history still there, and the note that it is to be purged, from two hours ago.
    await getDb().collection(PLANTS_COLLECTION).doc(id).delete();
    const deletedAt = new Date(Date.now() - 2 * 60 * 60_000);
    await getDb().collection(PURGES_COLLECTION).doc(id).set({ plantId: id, ownerUid: owner.uid, deletedAt });
    expect((await documentsUnder(id)).length).toBe(2);

    const status = await runScheduledFunction({
      emulatorUrl: FUNCTIONS_EMULATOR_URL,
      projectId: PROJECT_ID,
      name: 'sweepPlantPurges',
      region: RUNTIME_OPTIONS.region,
      scheduledAt: new Date(),
    });
    expect(status).toBe(200);
    await untilPurged(id);
  });
});
