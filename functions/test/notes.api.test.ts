import type { Express } from 'express';
import { DEFAULT_LIMITS } from '../src/config/limits';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION } from '../src/accounts/accounts.repository';
import { getDb } from '../src/lib/firebase';
import type { PlantEvent } from '../src/model';
import { PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant, untilPurged } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp.withClock(() => new Date('2026-05-10T12:00:00.000Z'));

const addNote = (user: TestUser, id: string, body: object, on: Express = app) =>
  request(on).post(`/mango/${id}/notes`).set(bearer(user)).send(body);
const deleteNote = (user: TestUser, id: string, noteId: string, on: Express = app) =>
  request(on).delete(`/mango/${id}/notes/${noteId}`).set(bearer(user));

async function eventsOf(user: TestUser, id: string): Promise<PlantEvent[]> {
  return (await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200)).body as PlantEvent[];
}

/** A photo of the plant, as the photos feature stores it (`plants/{plantId}/photos/{photoId}`). */
async function aPhotoOf(plantId: string): Promise<string> {
  const ref = getDb().collection(`${PLANTS_COLLECTION}/${plantId}/photos`).doc();
  await ref.set({ createdAt: new Date() });
  return ref.id;
}

const tokensOf = async (uid: string) =>
  (await getDb().collection(ACCOUNTS_COLLECTION).doc(uid).get()).get('tokens') as number;

describe('POST /mango/:id/notes', () => {
  it("adds a dated note to the plant's history and answers it with 201; the plant itself stays as it was", async () => {
    const owner = await createTestUser('Journal Keeper');
    const id = await createPlantAs(app, owner, aPlant({ plantName: 'Journal Fern' }));
    const before = (await request(app).get(`/mango/${id}`).set(bearer(owner)).expect(200)).body;

    const response = await addNote(owner, id, { text: '  First new frond!  ', date: '2026-05-09' }).expect(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const note = response.body as PlantEvent;
    expect(note).toEqual({
      _id: expect.any(String),
      type: 'note',
      at: '2026-05-10T12:00:00.000Z',
      date: '2026-05-09',
      text: 'First new frond!',
      by: { uid: owner.uid, displayName: expect.any(String) },
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-03',
    });
    expect(response.headers.location).toBe(`/mango/${id}/notes/${note._id}`);
    expect((await eventsOf(owner, id))[0]).toEqual(note);
    expect((await request(app).get(`/mango/${id}`).set(bearer(owner)).expect(200)).body).toEqual(before);

    // Without a date: the server's UTC day.
    expect((await addNote(owner, id, { text: 'Moved to the window' }).expect(201)).body.date).toBe('2026-05-10');
    expect((await eventsOf(owner, id)).map((event) => [event.type, event.text])).toEqual([
      ['note', 'Moved to the window'],
      ['note', 'First new frond!'],
      ['added', undefined],
    ]);
  });

  it("names one of the plant's photos; a photo it does not have is 400 with a sentence", async () => {
    const owner = await createTestUser('Photo Journalist');
    const id = await createPlantAs(app, owner, aPlant());
    const other = await createPlantAs(app, owner, aPlant({ plantName: 'Other Fern' }));
    const photoId = await aPhotoOf(id);

    const withPhoto = await addNote(owner, id, { text: 'See how yellow', photoId }).expect(201);
    expect(withPhoto.body).toMatchObject({ type: 'note', text: 'See how yellow', photoId });
    expect((await eventsOf(owner, id))[0]).toMatchObject({ photoId });

    const message = "That photo is not one of this plant's photos. It may have been deleted.";
    for (const [plant, photo] of [
      [id, 'AAAAAAAAAAAAAAAAAAAA'],
      [other, photoId],
    ]) {
      const refused = await addNote(owner, plant!, { text: 'Where is it?', photoId: photo }).expect(400);
      expect(refused.body.error).toEqual({ code: 'invalid_input', message, fields: { photoId: message } });
    }
    const malformed = await addNote(owner, id, { text: 'Odd id', photoId: '../../x' }).expect(400);
    expect(malformed.body.error.fields).toEqual({ photoId: "photoId must be the id of one of this plant's photos." });
    expect((await eventsOf(owner, other)).map((event) => event.type)).toEqual(['added']);
  });

  it('refuses bad text and dates with 400, storing nothing', async () => {
    const owner = await createTestUser('Terse Journalist');
    const id = await createPlantAs(app, owner, aPlant());
    const before = await storedPlant(id);
    for (const [body, field, message] of [
      [{}, 'text', 'Note text is required.'],
      [{ text: '   ' }, 'text', 'Note text is required.'],
      [{ text: 'x'.repeat(1001) }, 'text', 'Note text must be at most 1000 characters.'],
      [{ text: 'Hi', date: '10/05/2026' }, 'date', 'Note date must be a real date written YYYY-MM-DD.'],
      [{ text: 'Hi', date: '2026-05-12' }, 'date', 'The note date cannot be in the future.'],
    ] as const) {
      const response = await addNote(owner, id, body).expect(400);
      expect(response.body.error.fields, JSON.stringify(body)).toEqual({ [field]: message });
    }
    expect(
      (await addNote(owner, id, { text: 'x'.repeat(1000), date: '2026-05-11' }).expect(201)).body.text,
    ).toHaveLength(1000);
    expect((await eventsOf(owner, id)).map((event) => event.type)).toEqual(['note', 'added']);
    expect(await storedPlant(id)).toMatchObject({ ...before, revision: 2 });
  });

  it("is the owner's: a visitor 401, someone else 403, an unknown plant 404; each note spends one write", async () => {
    const [owner, other] = await Promise.all([createTestUser('Private Journalist'), createTestUser('Nosy Journalist')]);
    const id = await createPlantAs(app, owner, aPlant());
    await request(app).post(`/mango/${id}/notes`).send({ text: 'Hi' }).expect(401);
    expect((await addNote(other, id, { text: 'Hi' }).expect(403)).body.error.code).toBe('forbidden');
    await addNote(owner, 'AAAAAAAAAAAAAAAAAAAA', { text: 'Hi' }).expect(404);
    expect((await eventsOf(owner, id)).map((event) => event.type)).toEqual(['added']);

    const tokens = await tokensOf(owner.uid);
    const note = (await addNote(owner, id, { text: 'Hi' }).expect(201)).body as PlantEvent;
    expect(await tokensOf(owner.uid)).toBe(tokens - 1);
    await deleteNote(owner, id, note._id).expect(200);
    expect(await tokensOf(owner.uid)).toBe(tokens - 2);

    const limited = testApp({
      clock: () => new Date('2026-05-10T12:00:00.000Z'),
      limits: { ...DEFAULT_LIMITS, writeBurst: 1, writesPerMinute: 1 },
    });
    const frugal = await createTestUser('Frugal Journalist');
    const plant = await createPlantAs(limited, frugal, aPlant());
    expect((await addNote(frugal, plant, { text: 'One too many' }, limited).expect(429)).body.error.code).toBe(
      'rate_limited',
    );
    expect((await eventsOf(frugal, plant)).map((event) => event.type)).toEqual(['added']);
  });
});

describe('DELETE /mango/:id/notes/:noteId', () => {
  it('removes the note ({ deletedCount: 1 }); then, or for any other id, 404', async () => {
    const [owner, other] = await Promise.all([
      createTestUser('Tidy Journalist'),
      createTestUser('Meddling Journalist'),
    ]);
    const id = await createPlantAs(app, owner, aPlant());
    const note = (await addNote(owner, id, { text: 'Oops, wrong plant' }).expect(201)).body as PlantEvent;
    const kept = (await addNote(owner, id, { text: 'Kept' }).expect(201)).body as PlantEvent;

    await request(app).delete(`/mango/${id}/notes/${note._id}`).expect(401);
    await deleteNote(other, id, note._id).expect(403);
    const response = await deleteNote(owner, id, note._id).expect(200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect((await eventsOf(owner, id)).map((event) => event._id)).toEqual([kept._id, expect.any(String)]);

    const message = 'That note does not exist. It may have been deleted.';
    expect((await deleteNote(owner, id, note._id).expect(404)).body.error).toEqual({ code: 'not_found', message });
    await deleteNote(owner, id, 'no.such.note').expect(404);
    // An event that is not a note is not one.
    const added = (await eventsOf(owner, id)).at(-1)!;
    await deleteNote(owner, id, added._id).expect(404);
    await deleteNote(owner, 'AAAAAAAAAAAAAAAAAAAA', kept._id).expect(404);
    expect((await eventsOf(owner, id)).map((event) => event.type)).toEqual(['note', 'added']);
  });

  it('goes with its plant: deleting the plant deletes its notes after it', async () => {
    const owner = await createTestUser('Departing Journalist');
    const id = await createPlantAs(app, owner, aPlant());
    await addNote(owner, id, { text: 'Last words' }).expect(201);
    await request(app).delete(`/mango/${id}`).set(bearer(owner)).expect(200);
    await untilPurged(id);
    expect((await getDb().collection(`${PLANTS_COLLECTION}/${id}/events`).get()).size).toBe(0);
  });
});
