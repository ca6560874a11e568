import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../src/lib/firebase';
import type { Plant } from '../src/model';
import type { PlantPage } from '../src/model/plant-list';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { DuePage } from '../src/model';
import { backfill } from '../src/migrations';
import { GRAM_FIELDS, KEYS_VERSION, keysAreCurrent } from '../src/plants/plant-keys';
import { ACCOUNTS_COLLECTION } from '../src/accounts/accounts.repository';
import { CALENDAR_FEEDS_COLLECTION } from '../src/calendar/calendar.repository';
import { HOUSEHOLD_INVITES_COLLECTION } from '../src/households/households.repository';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { createSpeciesCatalogue } from '../src/species/species.catalogue';
import speciesRows from '../src/species/species.data.json';
import { testApp } from './support/app';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant } from './support/plants';
import { createTestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();

describe('the backfill of plants stored by earlier versions', () => {
  it("gives them the paged list's fields, so search, filters and sort find them; a second run writes nothing", async () => {
    const tag = `Legacy${randomUUID().slice(0, 6)}`;
    const plants = getDb().collection(PLANTS_COLLECTION);
    const sameInstant = new Date('2020-05-05T10:00:00.000Z');
    const stored = [
      { plantName: `${tag} Zinnia`, careLevel: 'easy', createdAt: sameInstant },
      { plantName: `${tag} Aster`, careLevel: 'moderate', createdAt: sameInstant, nextWateringDate: '2026-01-02' },
      { plantName: `${tag} Moss`, careLevel: 'difficult', createdAt: new Date('2020-05-06T10:00:00.000Z') },
    ];
    // As an earlier version stored them: no sort keys, no care key, no search grams.
    const ids = await Promise.all(
      stored.map(async ({ createdAt, ...fields }) => {
        const ref = plants.doc();
        await ref.set({
          ...fields,
          category: 'fern',
          healthStatus: 'Healthy',
          userName: 'Old',
          ownerUid: 'legacy-owner',
          revision: 3,
          createdAt,
          updatedAt: createdAt,
        });
        return ref.id;
      }),
    );
    const search = () => request(app).get('/mango').query({ q: tag, sort: 'plantName' }).expect(200);
    expect(((await search()).body as PlantPage<Plant>).plants).toEqual([]);

    const report = await backfill(getDb());
    expect(report.updated).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(keysAreCurrent((await storedPlant(id))!, id)).toBe(true);
    const found = ((await search()).body as PlantPage<Plant>).plants;
    expect(found.map((plant) => plant.plantName)).toEqual([`${tag} Aster`, `${tag} Moss`, `${tag} Zinnia`]);
    const byCare = await request(app).get('/mango').query({ q: tag, care: 'DIFFICULT' }).expect(200);
    expect((byCare.body as PlantPage<Plant>).plants.map((plant) => plant._id)).toEqual([ids[2]]);
    // The fields it wrote are the server's own; the plant's own fields and revision are untouched.
    expect(await storedPlant(ids[0]!)).toMatchObject({ plantName: `${tag} Zinnia`, revision: 3 });

    expect((await backfill(getDb())).updated).toBe(0);
  });

  it('gives plants stored before care tasks their nextDueDate, so GET /mango/due and the calendar find them', async () => {
    const owner = await createTestUser('Backfilled Gardener');
    const id = await createPlantAs(
      app,
      owner,
      aPlant({
        plantName: 'Keys One Fern',
        nextWateringDate: '2026-03-20',
        care: { fertilize: { frequency: 'Monthly', nextDate: '2026-03-02' } },
      }),
    );
    // As the previous version of the keys left it: no nextDueDate.
    await getDb().collection(PLANTS_COLLECTION).doc(id).update({ nextDueDate: FieldValue.delete(), keysVersion: 1 });
    const dueIds = async () =>
      (
        (await request(app).get('/mango/due').query({ until: '2026-03-05' }).set(bearer(owner)).expect(200))
          .body as DuePage<Plant>
      ).plants.map((plant) => plant._id);
    expect(await dueIds()).toEqual([]);

    await backfill(getDb());
    expect(await storedPlant(id)).toMatchObject({ nextDueDate: '2026-03-02', keysVersion: KEYS_VERSION });
    expect(await dueIds()).toEqual([id]);
    expect(KEYS_VERSION).toBe(5);
  });

  it('gives plants stored before the pet filter their petSafe key, so All Plants filters them', async () => {
    const owner = await createTestUser('Backfilled Pet Owner');
    const id = await createPlantAs(app, owner, aPlant({ speciesId: 'chlorophytum-comosum' }));
    // As keys 3 stored it: its species' toxicity, no pet key.
    await getDb().collection(PLANTS_COLLECTION).doc(id).update({ petSafe: FieldValue.delete(), keysVersion: 3 });
    const safeIds = async () =>
      (
        (await request(app).get('/mango').query({ petSafe: 'both', limit: 100 }).expect(200)).body as PlantPage<Plant>
      ).plants.map((plant) => plant._id);
    expect(await safeIds()).not.toContain(id);
    await backfill(getDb());
    expect(await storedPlant(id)).toMatchObject({ petSafe: 'both', keysVersion: KEYS_VERSION });
    expect(await safeIds()).toContain(id);
  });

  it("gives plants their species' toxicity as a corrected catalogue says it, with their pet key", async () => {
    const owner = await createTestUser('Corrected Pet Owner');
    const [monstera, spiderPlant, retired] = await Promise.all(
      ['monstera-deliciosa', 'chlorophytum-comosum', 'monstera-deliciosa'].map((speciesId) =>
        createPlantAs(app, owner, aPlant({ speciesId })),
      ),
    );
    // A species a later catalogue no longer has: its plant keeps what it stored.
    await getDb().collection(PLANTS_COLLECTION).doc(retired!).update({ speciesId: 'no-longer-listed' });
    const stored = async (id: string) => {
      const plant = (await storedPlant(id))!;
      return { toxicToCats: plant.toxicToCats, toxicToDogs: plant.toxicToDogs, petSafe: plant.petSafe };
    };
    expect(await stored(monstera!)).toEqual({ toxicToCats: true, toxicToDogs: true, petSafe: null });
    const catSafeIds = async () =>
      (
        (await request(app).get('/mango').query({ petSafe: 'cats', limit: 100 }).expect(200)).body as PlantPage<Plant>
      ).plants.map((plant) => plant._id);
    expect(await catSafeIds()).not.toContain(monstera);

    // The catalogue corrected: safe for cats after all, and nothing known of dogs.
    const corrected = createSpeciesCatalogue(
      speciesRows.map((species) =>
        species._id === 'monstera-deliciosa' ? { ...species, toxicToCats: false, toxicToDogs: null } : species,
      ),
    );
    try {
      const report = await backfill(getDb(), () => {}, corrected);
      expect(report.corrected).toBeGreaterThanOrEqual(1);
      expect(await stored(monstera!)).toEqual({ toxicToCats: false, toxicToDogs: undefined, petSafe: 'cats' });
      expect(await stored(spiderPlant!)).toEqual({ toxicToCats: false, toxicToDogs: false, petSafe: 'both' });
      expect(await stored(retired!)).toEqual({ toxicToCats: true, toxicToDogs: true, petSafe: null });
      expect(await catSafeIds()).toContain(monstera);
      const answered = await request(app).get(`/mango/${monstera}`).expect(200);
      expect(answered.body).toMatchObject({ toxicToCats: false, toxicToDogs: null });
      expect((await backfill(getDb(), () => {}, corrected)).corrected).toBe(0);
    } finally {
      // The bundled catalogue again, for every plant of the store (other files' monsteras too).
      await backfill(getDb());
    }
    expect(await stored(monstera!)).toEqual({ toxicToCats: true, toxicToDogs: true, petSafe: null });
  });

  it('gives household invites stored before their deleteAt one, 30 days after they expire, so Firestore deletes them', async () => {
    const invites = getDb().collection(HOUSEHOLD_INVITES_COLLECTION);
    const expiresAt = new Date('2026-02-10T09:00:00.000Z');
    const [open, used] = [invites.doc(`legacy-${randomUUID()}`), invites.doc(`legacy-${randomUUID()}`)];
    const stored = { householdId: 'legacy-household', role: 'member', until: null, expiresAt, usedBy: null };
    await open.set({ ...stored, openUntil: expiresAt, usedAt: null });
    await used.set({ ...stored, openUntil: null, usedAt: new Date('2026-02-05T09:00:00.000Z'), usedBy: 'joiner' });

    const report = await backfill(getDb());
    expect(report.invites).toBeGreaterThanOrEqual(2);
    for (const invite of [open, used])
      expect(((await invite.get()).get('deleteAt') as Timestamp).toDate()).toEqual(
        new Date('2026-03-12T09:00:00.000Z'),
      );
    // Its use is as it was; a second run dates nothing.
    expect((await used.get()).get('usedBy')).toBe('joiner');
    expect((await backfill(getDb())).invites).toBe(0);
  });

  it('spreads the one gram array of earlier versions over the buckets and deletes it, so searches find the plant', async () => {
    const owner = await createTestUser('Regrammed Gardener');
    const id = await createPlantAs(app, owner, aPlant({ plantName: 'Quokka Fern' }));
    const ids = async () =>
      ((await request(app).get('/mango').query({ q: 'okk' }).expect(200)).body as { plants: Plant[] }).plants.map(
        (p) => p._id,
      );
    expect(await ids()).toEqual([id]);
    // As keys 2 left it: 1- to 3-grams in one array, no buckets.
    const stale = Object.fromEntries(GRAM_FIELDS.map((field) => [field, FieldValue.delete()]));
    await getDb()
      .collection(PLANTS_COLLECTION)
      .doc(id)
      .update({ ...stale, searchGrams: ['q', 'qu', 'quo', 'okk'], keysVersion: 2 });
    expect(await ids()).toEqual([]);

    await backfill(getDb());
    const stored = (await storedPlant(id))!;
    expect(stored).not.toHaveProperty('searchGrams');
    expect(GRAM_FIELDS.flatMap((field) => stored[field] as string[])).toContain('okk');
    expect(await ids()).toEqual([id]);
    expect((await backfill(getDb())).updated).toBe(0);
  });

  it("removes what earlier versions left: '' for cleared fields, write markers, the revision counter, histories of deleted plants", async () => {
    const db = getDb();
    const uid = `legacy-${randomUUID().slice(0, 8)}`;
    const plant = db.collection(PLANTS_COLLECTION).doc();
    const at = new Date('2020-06-01T10:00:00.000Z');
    await plant.set({
      plantName: 'Cleared Fern',
      category: 'fern',
      careLevel: 'easy',
      healthStatus: 'Healthy',
      description: '',
      nextWateringDate: '',
      ownerUid: uid,
      revision: 2,
      createdAt: at,
      updatedAt: at,
    });
    await plant.collection(EVENTS_COLLECTION).doc().set({ type: 'added', revision: 1, at });
    const gone = db.collection(PLANTS_COLLECTION).doc();
    const orphans = [gone.collection(EVENTS_COLLECTION).doc(), gone.collection(EVENTS_COLLECTION).doc()];
    for (const event of orphans) await event.set({ type: 'watered', revision: 2, at });
    const account = db.collection(ACCOUNTS_COLLECTION).doc(uid);
    await account.set({ plantCount: 1, revision: 2, tokens: 3, refilledAt: at });
    const markers = [
      account.collection('revisions').doc('1'),
      account.collection('revisions').doc('2'),
      db.doc(`${CALENDAR_FEEDS_COLLECTION}/${uid}/generations/1`),
    ];
    for (const marker of markers) await marker.set({ at });

    const report = await backfill(db);
    expect(report.markers).toBeGreaterThanOrEqual(4);
    expect(report.orphans).toBeGreaterThanOrEqual(2);
    const stored = (await storedPlant(plant.id))!;
    expect(stored).not.toHaveProperty('description');
    expect(stored).not.toHaveProperty('nextWateringDate');
    expect(stored).toMatchObject({ plantName: 'Cleared Fern', revision: 2 });
    expect(keysAreCurrent(stored, plant.id)).toBe(true);
    expect((await plant.collection(EVENTS_COLLECTION).get()).size).toBe(1);
    for (const event of orphans) expect((await event.get()).exists).toBe(false);
    for (const marker of markers) expect((await marker.get()).exists).toBe(false);
    expect((await account.get()).data()).toEqual({ plantCount: 1, tokens: 3, refilledAt: expect.anything() });

    const again = await backfill(db);
    expect([again.updated, again.markers, again.orphans]).toEqual([0, 0, 0]);
  });
});
