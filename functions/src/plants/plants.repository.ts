import type { DocumentData, DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { DATABASE_UNAVAILABLE, withDeadline } from '../lib/deadline';
import { HttpError } from '../lib/http-error';
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

interface TimestampLike {
  toDate(): Date;
}

function toIso(value: unknown): string {
  if (value && typeof (value as TimestampLike).toDate === 'function') {
    return (value as TimestampLike).toDate().toISOString();
  }
  return typeof value === 'string' ? value : new Date(0).toISOString();
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

/** gRPC status codes with which Firestore says "not reachable now" rather than "you are wrong". */
const UNAVAILABLE_CODES = new Set([4 /* DEADLINE_EXCEEDED */, 8 /* RESOURCE_EXHAUSTED */, 14 /* UNAVAILABLE */]);

/** Every Firestore call: bounded by the deadline, and an outage is a 503, not a 500. */
async function call<T>(work: Promise<T>): Promise<T> {
  try {
    return await withDeadline(work);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (!(error instanceof HttpError) && typeof code === 'number' && UNAVAILABLE_CODES.has(code)) {
      throw new HttpError(503, 'unavailable', DATABASE_UNAVAILABLE);
    }
    throw error;
  }
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

    async createPlant(record: NewPlantRecord, now = new Date()): Promise<string> {
      const ref = plants.doc();
      await call(ref.create(withoutUndefined({ ...record, createdAt: now, updatedAt: now })));
      return ref.id;
    },

    /**
     * Reads the plant and asks `decide` what to change, in one transaction, so the decision is
     * made on what is stored at the moment of writing. `decide` gets null for a missing plant and
     * may throw to refuse. Writes (and moves updatedAt) only when there is a change.
     * @returns whether anything was written
     */
    async updatePlant(id: string, decide: (current: Plant | null) => PlantChanges, now = new Date()): Promise<boolean> {
      const ref = plants.doc(id);
      return call(
        db.runTransaction(async (transaction) => {
          const snapshot = await transaction.get(ref);
          const changes = decide(snapshot.exists ? toPlant(snapshot) : null);
          if (Object.keys(changes).length === 0) return false;
          // A cleared field is stored as '' (read back as absent, see toPlant) rather than
          // removed: the local Firestore stand-in ignores field deletes and replacing sets.
          const data = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value ?? '']));
          transaction.update(ref, { ...data, updatedAt: now });
          return true;
        }),
      );
    },

    /** Reads the plant, lets `authorize` refuse (it gets null for a missing plant), then deletes it. */
    async deletePlant(id: string, authorize: (current: Plant | null) => void): Promise<void> {
      const ref = plants.doc(id);
      await call(
        db.runTransaction(async (transaction) => {
          const snapshot = await transaction.get(ref);
          authorize(snapshot.exists ? toPlant(snapshot) : null);
          transaction.delete(ref);
        }),
      );
    },
  };
}

export type PlantsRepository = ReturnType<typeof createPlantsRepository>;
