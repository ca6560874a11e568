import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { getDb } from '../../src/lib/firebase';
import { INTERNAL_FIELDS } from '../../src/plants/plant-keys';
import type { DocumentReference } from 'firebase-admin/firestore';
import { EVENTS_COLLECTION, PLANTS_COLLECTION, PURGES_COLLECTION } from '../../src/plants/plants.repository';
import { aPlant } from '../../../scripts/lib/test-plants.mjs';
import type { TestUser } from '../../../scripts/lib/test-users.mjs';
import { bearer } from './users';

/** POST /mango to the app under test as the user (a body of aPlant's by default); the new plant's id. */
export async function createPlantAs(
  app: Express,
  user: TestUser,
  body: Record<string, unknown> = aPlant(),
): Promise<string> {
  const response = await request(app).post('/mango').set(bearer(user)).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { insertedId: string }).insertedId;
}

/** The stored document as firebase-admin reads it (Timestamps as ISO strings), or undefined. */
export async function storedPlant(id: string): Promise<Record<string, unknown> | undefined> {
  const snapshot = await getDb().collection(PLANTS_COLLECTION).doc(id).get();
  const data = snapshot.data();
  if (!data) return undefined;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value?.toDate === 'function' ? (value.toDate() as Date).toISOString() : value,
    ]),
  );
}

/** How many plants a user owns in Firestore (read directly, not through the API). */
export async function storedPlantCount(uid: string): Promise<number> {
  const snapshot = await getDb().collection(PLANTS_COLLECTION).where('ownerUid', '==', uid).get();
  return snapshot.size;
}

/** A stored plant without the derived fields of the paged list (sort keys, care key, search grams), which tests check with keysAreCurrent. */
export function withoutKeys(stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(stored).filter(([key]) => key === 'revision' || !INTERNAL_FIELDS.has(key)));
}

/** Every document path under a plant's own (its history, photos, photo bytes), at any depth. */
export async function documentsUnder(plantId: string): Promise<string[]> {
  const paths: string[] = [];
  const walk = async (doc: DocumentReference): Promise<void> => {
    for (const collection of await doc.listCollections())
      for (const child of await collection.listDocuments()) {
        if ((await child.get()).exists) paths.push(child.path);
        await walk(child);
      }
  };
  await walk(getDb().collection(PLANTS_COLLECTION).doc(plantId));
  return paths.sort();
}

/** How much is left under a plant: its first event (cheap while thousands remain), else every document under it. */
async function leftUnder(plantId: string): Promise<number> {
  const events = await getDb().collection(`${PLANTS_COLLECTION}/${plantId}/${EVENTS_COLLECTION}`).limit(1).get();
  return events.size ? events.size : (await documentsUnder(plantId)).length;
}

/**
 * Waits until a deleted plant's purge (the purgePlant task, run by the Functions emulator) has
 * left nothing under it and its note is gone; fails after `hangMs`, which only a hang reaches.
 */
export async function untilPurged(plantId: string, hangMs = 60_000): Promise<void> {
  const purgeNote = getDb().collection(PURGES_COLLECTION).doc(plantId);
  await expect
    .poll(async () => ({ left: await leftUnder(plantId), noted: (await purgeNote.get()).exists }), {
      timeout: hangMs,
      interval: 250,
    })
    .toEqual({ left: 0, noted: false });
}
