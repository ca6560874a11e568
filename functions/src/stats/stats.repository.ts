import type { Firestore } from 'firebase-admin/firestore';
import { createActivityRepository } from '../activity/activity.repository';
import { firestoreCall } from '../lib/firestore-call';
import { PLANTS_COLLECTION } from '../plants/plants.repository';

/**
 * The counts behind GET /mango/stats. Every figure is a Firestore count() aggregation (billed by
 * index entries, no document is read) or a three-document read of the caller's latest events.
 */
export function createStatsRepository(db: Firestore) {
  const plants = db.collection(PLANTS_COLLECTION);
  const activity = createActivityRepository(db);

  return {
    activity,

    /** All plants, or one owner's; with `healthStatus`, only those with exactly that status. */
    async countPlants(ownerUid?: string, healthStatus?: string): Promise<number> {
      let query = ownerUid === undefined ? plants : plants.where('ownerUid', '==', ownerUid);
      if (healthStatus !== undefined) query = query.where('healthStatus', '==', healthStatus);
      return (await firestoreCall(query.count().get())).data().count;
    },

    /**
     * Whether any plant has this category, or any plant created before `createdBefore` (composite
     * index: category, createdAt). `limit(1)` stops the count at the first match.
     */
    async hasCategory(category: string, createdBefore?: Date): Promise<boolean> {
      let query = plants.where('category', '==', category);
      if (createdBefore) query = query.where('createdAt', '<', createdBefore);
      return (await firestoreCall(query.limit(1).count().get())).data().count > 0;
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;
