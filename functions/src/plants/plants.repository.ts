import type { DocumentData, DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { recordActivity } from '../activity/activity.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import { toIso } from '../lib/firestore-time';
import type { Plant } from '../model';

export const PLANTS_COLLECTION = 'plants';

/** What the service hands the repository to store; timestamps are set here. */
export type NewPlantRecord = Omit<Plant, '_id' | 'createdAt' | 'updatedAt'> & {
  userEmail: string;
  userName: string;
  ownerUid: string;
};

/** Fields to change on a stored plant; `undefined` clears an optional field. */
export type PlantChanges = Partial<Record<Exclude<keyof Plant, '_id' | 'createdAt' | 'updatedAt' | 'ownerUid'>, string | undefined>>;

export interface ListOptions {
  limit?: number;
  /** ISO createdAt: only plants created strictly before it (paging back). */
  before?: string;
}

/**
 * Firestore document to plain object: Timestamps become ISO strings at this boundary, and an empty
 * string (a cleared optional field) is left out, as if it had never been set.
 */
function toPlant(snapshot: DocumentSnapshot): Plant {
  const data = snapshot.data() ?? {};
  const plant: Record<string, unknown> = { _id: snapshot.id };
  for (const [key, value] of Object.entries(data)) {
    if (value === '') continue;
    plant[key] = key === 'createdAt' || key === 'updatedAt' ? toIso(value) : value;
  }
  return plant as Plant;
}

function withoutUndefined(data: Record<string, unknown>): DocumentData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

export function createPlantsRepository(db: Firestore) {
  const plants = db.collection(PLANTS_COLLECTION);

  function page(query: Query, { limit, before }: ListOptions): Query {
    let q = query.orderBy('createdAt', 'desc');
    // Range filter on the ordering field rather than a cursor: cursors are not supported by the
    // local Firestore stand-in, and this works the same on real Firestore.
    if (before) q = q.where('createdAt', '<', new Date(before));
    if (limit) q = q.limit(limit);
    return q;
  }

  return {
    /** Every plant, newest first. */
    async listPlants(options: ListOptions = {}): Promise<Plant[]> {
      const snapshot = await call(page(plants, options).get());
      return snapshot.docs.map(toPlant);
    },

    /** One owner's plants, newest first (composite index: ownerUid, createdAt desc). */
    async listPlantsByOwner(ownerUid: string, options: ListOptions = {}): Promise<Plant[]> {
      const snapshot = await call(page(plants.where('ownerUid', '==', ownerUid), options).get());
      return snapshot.docs.map(toPlant);
    },

    async getPlant(id: string): Promise<Plant | null> {
      const snapshot = await call(plants.doc(id).get());
      return snapshot.exists ? toPlant(snapshot) : null;
    },

    /** Creates the plant and its 'added' activity record in one batch. */
    async createPlant(record: NewPlantRecord, now = new Date()): Promise<string> {
      const ref = plants.doc();
      const batch = db.batch();
      batch.create(ref, withoutUndefined({ ...record, createdAt: now, updatedAt: now }));
      recordActivity(db, batch, { ownerUid: record.ownerUid, plantId: ref.id, plantName: record.plantName, type: 'added' }, now);
      await call(batch.commit());
      return ref.id;
    },

    /**
     * Reads the plant and asks `decide` what to change, in one transaction, so the decision is
     * made on what is stored at the moment of writing. `decide` gets null for a missing plant and
     * may throw to refuse. Writes (and moves updatedAt, and records an 'updated' activity) only
     * when there is a change.
     * @returns whether anything was written
     */
    async updatePlant(id: string, decide: (current: Plant | null) => PlantChanges, now = new Date()): Promise<boolean> {
      const ref = plants.doc(id);
      return call(
        db.runTransaction(async (transaction) => {
          const snapshot = await transaction.get(ref);
          const current = snapshot.exists ? toPlant(snapshot) : null;
          const changes = decide(current);
          if (!current || Object.keys(changes).length === 0) return false;
          // A cleared field is stored as '' (read back as absent, see toPlant) rather than
          // removed: the local Firestore stand-in ignores field deletes and replacing sets.
          const data = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value ?? '']));
          transaction.update(ref, { ...data, updatedAt: now });
          if (current.ownerUid) {
            const plantName = changes.plantName ?? current.plantName;
            recordActivity(db, transaction, { ownerUid: current.ownerUid, plantId: id, plantName, type: 'updated' }, now);
          }
          return true;
        }),
      );
    },

    /**
     * Reads the plant, lets `authorize` refuse (it gets null for a missing plant), then deletes it
     * and records a 'deleted' activity in the same transaction.
     */
    async deletePlant(id: string, authorize: (current: Plant | null) => void, now = new Date()): Promise<void> {
      const ref = plants.doc(id);
      await call(
        db.runTransaction(async (transaction) => {
          const snapshot = await transaction.get(ref);
          const current = snapshot.exists ? toPlant(snapshot) : null;
          authorize(current);
          transaction.delete(ref);
          if (current?.ownerUid) {
            recordActivity(db, transaction, { ownerUid: current.ownerUid, plantId: id, plantName: current.plantName, type: 'deleted' }, now);
          }
        }),
      );
    },
  };
}

export type PlantsRepository = ReturnType<typeof createPlantsRepository>;
