import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { withDeadline } from '../lib/deadline';
import type { Plant } from '../model';

export const PLANTS_COLLECTION = 'plants';

/** What the service hands the repository to store; timestamps are set here. */
export type NewPlantRecord = Omit<Plant, '_id' | 'createdAt' | 'updatedAt'> & {
  userEmail: string;
  userName: string;
  ownerUid: string;
};

export interface ListOptions {
  limit?: number;
  /** ISO createdAt: only plants created strictly before it (paging back). */
  before?: string;
}

interface TimestampLike {
  toDate(): Date;
}

function toIso(value: unknown): string {
  if (value && typeof (value as TimestampLike).toDate === 'function') {
    return (value as TimestampLike).toDate().toISOString();
  }
  return typeof value === 'string' ? value : new Date(0).toISOString();
}

/** Firestore document to plain object: Timestamps become ISO strings at this boundary. */
function toPlant(snapshot: DocumentSnapshot): Plant {
  const data = snapshot.data() ?? {};
  const plant: Record<string, unknown> = { _id: snapshot.id };
  for (const [key, value] of Object.entries(data)) {
    plant[key] = key === 'createdAt' || key === 'updatedAt' ? toIso(value) : value;
  }
  return plant as Plant;
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
    async listPlants(options: ListOptions = {}): Promise<Plant[]> {
      const snapshot = await withDeadline(page(plants, options).get());
      return snapshot.docs.map(toPlant);
    },

    async getPlant(id: string): Promise<Plant | null> {
      const snapshot = await withDeadline(plants.doc(id).get());
      return snapshot.exists ? toPlant(snapshot) : null;
    },

    async createPlant(record: NewPlantRecord, now = new Date()): Promise<string> {
      const ref = plants.doc();
      await withDeadline(ref.create({ ...record, createdAt: now, updatedAt: now }));
      return ref.id;
    },
  };
}

export type PlantsRepository = ReturnType<typeof createPlantsRepository>;
