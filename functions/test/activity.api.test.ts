import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_COLLECTION } from '../src/activity/activity.repository';
import { getDb } from '../src/lib/firebase';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant } from './support/plants';
import { createTestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();

interface StoredActivity {
  ownerUid: string;
  plantId: string;
  plantName: string;
  type: string;
  at: string;
}

/** A plant's activity records as stored, oldest first (read straight from Firestore). */
async function activityOf(plantId: string): Promise<StoredActivity[]> {
  const snapshot = await getDb().collection(ACTIVITY_COLLECTION).where('plantId', '==', plantId).get();
  return snapshot.docs
    .map((doc) => {
      const data = doc.data();
      return { ...data, at: (data.at as { toDate(): Date }).toDate().toISOString() } as StoredActivity;
    })
    .sort((a, b) => a.at.localeCompare(b.at));
}

describe('the activity record', () => {
  it('is written with each change: added, updated, deleted, with the same time as the change', async () => {
    const owner = await createTestUser('Activity Owner');
    const id = await createPlantAs(app, owner, aPlant({ plantName: 'Logged Fern' }));
    const created = (await storedPlant(id))!;
    expect(await activityOf(id)).toEqual([
      { ownerUid: owner.uid, plantId: id, plantName: 'Logged Fern', type: 'added', at: created.createdAt },
    ]);

    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ plantName: 'Logged Bonsai' }))
      .expect(200, { modifiedCount: 1 });
    const updated = (await storedPlant(id))!;
    expect((await activityOf(id))[1]).toEqual({
      ownerUid: owner.uid,
      plantId: id,
      plantName: 'Logged Bonsai',
      type: 'updated',
      at: updated.updatedAt,
    });

    const beforeDelete = Date.now();
    await request(app).delete(`/mango/${id}`).set(bearer(owner)).expect(200, { deletedCount: 1 });
    const records = await activityOf(id);
    expect(records.map((r) => r.type)).toEqual(['added', 'updated', 'deleted']);
    // The history outlives the plant, under the name it had.
    expect(records[2]).toMatchObject({ ownerUid: owner.uid, plantName: 'Logged Bonsai' });
    expect(Date.parse(records[2]!.at)).toBeGreaterThanOrEqual(beforeDelete);
    expect(Date.parse(records[2]!.at)).toBeLessThanOrEqual(Date.now());
  });

  it('is not written for an update that changes nothing', async () => {
    const owner = await createTestUser('Idle Owner');
    const id = await createPlantAs(app, owner);
    await request(app).put(`/mango/${id}`).set(bearer(owner)).send(anUpdate()).expect(200, { modifiedCount: 1 });
    await request(app).put(`/mango/${id}`).set(bearer(owner)).send(anUpdate()).expect(200, { modifiedCount: 0 });
    expect((await activityOf(id)).map((r) => r.type)).toEqual(['added', 'updated']);
  });

  it('is not written for refused calls: another user (403), a visitor (401), bad input (400)', async () => {
    const [owner, other] = await Promise.all([createTestUser('Guarded Owner'), createTestUser('Intruder')]);
    const id = await createPlantAs(app, owner);
    await request(app).put(`/mango/${id}`).set(bearer(other)).send(anUpdate()).expect(403);
    await request(app).delete(`/mango/${id}`).set(bearer(other)).expect(403);
    await request(app).put(`/mango/${id}`).send(anUpdate()).expect(401);
    await request(app).delete(`/mango/${id}`).expect(401);
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(owner))
      .send(anUpdate({ careLevel: 'extreme' }))
      .expect(400);
    const refusedPost = await request(app)
      .post('/mango')
      .set(bearer(other))
      .send(aPlant({ category: 'cactus' }))
      .expect(400);
    expect(refusedPost.body.error.code).toBe('invalid_input');

    expect((await activityOf(id)).map((r) => r.type)).toEqual(['added']);
    const othersRecords = await getDb().collection(ACTIVITY_COLLECTION).where('ownerUid', '==', other.uid).get();
    expect(othersRecords.size).toBe(0);
  });
});
