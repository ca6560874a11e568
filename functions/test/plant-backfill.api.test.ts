import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../src/lib/firebase';
import type { Plant } from '../src/model';
import type { PlantPage } from '../src/model/plant-list';
import { backfillPlantKeys } from '../src/plants/plant-backfill';
import { keysAreCurrent } from '../src/plants/plant-keys';
import { PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { storedPlant } from './support/plants';

const app = testApp();

describe('the backfill of plants stored by earlier versions', () => {
  it('gives them the paged list\'s fields, so search, filters and sort find them; a second run writes nothing', async () => {
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
        await ref.set({ ...fields, category: 'fern', healthStatus: 'Healthy', userName: 'Old', ownerUid: 'legacy-owner', revision: 3, createdAt, updatedAt: createdAt });
        return ref.id;
      }),
    );
    const search = () => request(app).get('/mango').query({ q: tag, sort: 'plantName' }).expect(200);
    expect(((await search()).body as PlantPage<Plant>).plants).toEqual([]);

    const report = await backfillPlantKeys(getDb());
    expect(report.updated).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect(keysAreCurrent((await storedPlant(id))!, id)).toBe(true);
    const found = ((await search()).body as PlantPage<Plant>).plants;
    expect(found.map((plant) => plant.plantName)).toEqual([`${tag} Aster`, `${tag} Moss`, `${tag} Zinnia`]);
    const byCare = await request(app).get('/mango').query({ q: tag, care: 'DIFFICULT' }).expect(200);
    expect((byCare.body as PlantPage<Plant>).plants.map((plant) => plant._id)).toEqual([ids[2]]);
    // The fields it wrote are the server's own; the plant's own fields and revision are untouched.
    expect(await storedPlant(ids[0]!)).toMatchObject({ plantName: `${tag} Zinnia`, revision: 3 });

    expect((await backfillPlantKeys(getDb())).updated).toBe(0);
  });
});
