import type { DocumentReference, Firestore, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import type { AccountView, AccountsRepository } from '../accounts/accounts.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import type { Plant, PlantEvent } from '../model';
import { PLANTS_COLLECTION, type NewPlantRecord, type PlantsRepository } from '../plants/plants.repository';

/** Firestore takes at most 500 writes in one batch. */
const BATCH_WRITES = 500;
/** Each plant is three writes (the plant, its 'added' event, its activity record): 166 plants a batch. */
const WRITES_PER_PLANT = 3;
export const PLANTS_PER_BATCH = Math.floor(BATCH_WRITES / WRITES_PER_PLANT);
/**
 * How long an undo waits for a failed batch that has not answered yet (the 503 deadline of
 * firestoreCall ran out) before deleting: a commit still in flight could otherwise land after the
 * delete of its documents.
 */
const SETTLE_MS = 10_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What an import decided inside its reservation: its answer, and how many plants it adds. */
export interface ImportDecision<T> {
  result: T;
  adding: number;
}

/**
 * Export and import. Plants are written only through PlantsRepository.addPlant, and every change
 * of the account through AccountsRepository.write.
 *
 * An import of n plants cannot fit in one transaction or batch (each plant is three documents, a
 * batch at most 500 writes), so it runs in three steps:
 * 1. `reserve`: one write of the account (the write budget: one token for the whole import) that
 *    reads which of the file's ids the caller owns, lets the service decide (and refuse: the quota
 *    for all n plants) and adds n to the account's plant count, before any plant exists.
 * 2. `addPlants`: the plants, PLANTS_PER_BATCH to a batch, one batch after the other.
 * 3. When a batch fails: every document the import's batches could have written is deleted (on the
 *    local stand-in a failed commit may leave its first writes applied) and the n plants are given
 *    back to the account, free of charge; then the failure is answered (503). Only when Firestore
 *    also fails during that undo is anything left behind: the error log names the plants.
 * So the plant count is exact at the end, and no import stays half written.
 */
export function createTransferRepository(db: Firestore, accounts: AccountsRepository, plants: PlantsRepository, plantsPerBatch = PLANTS_PER_BATCH) {
  const plantDocs = db.collection(PLANTS_COLLECTION);

  async function ownedAmong(transaction: Transaction, uid: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const snapshots = await transaction.getAll(...ids.map((id) => plantDocs.doc(id)));
    return new Set(snapshots.filter((snapshot) => snapshot.exists && snapshot.get('ownerUid') === uid).map((snapshot) => snapshot.id));
  }

  /** Commits a batch; when it fails, waits (a while) for a commit still in flight to settle before saying so. */
  async function commit(batch: WriteBatch): Promise<void> {
    const committing = batch.commit();
    try {
      await call(committing);
    } catch (error) {
      await Promise.race([committing.then(() => undefined, () => undefined), pause(SETTLE_MS)]);
      throw error;
    }
  }

  /** Step 3: deletes what the import may have written and gives its plants back to the account. */
  async function undo(uid: string, written: readonly DocumentReference[], reserved: number, now: Date): Promise<void> {
    try {
      for (let start = 0; start < written.length; start += BATCH_WRITES) {
        const batch = db.batch();
        for (const ref of written.slice(start, start + BATCH_WRITES)) batch.delete(ref);
        await commit(batch);
      }
      await accounts.write(uid, now, async () => ({ result: undefined, plantDelta: -reserved, free: true, write: () => {} }));
    } catch (error) {
      const plantIds = written.filter((ref) => ref.parent.id === PLANTS_COLLECTION).map((ref) => ref.id);
      logger.error('An import failed and could not be undone: these plants may exist, and the account counts all of them.', { uid, reserved, plantIds, error });
    }
  }

  return {
    /** The caller's plants, newest first, at most `max` (composite index: ownerUid, createdAt desc). */
    listOwnPlants(uid: string, max: number): Promise<Plant[]> {
      return plants.listPlantsByOwner(uid, { limit: max });
    },

    /** A plant's care history, newest first, at most `max` events. */
    listEvents(id: string, max: number): Promise<PlantEvent[]> {
      return plants.listEvents(id, max);
    },

    /**
     * Step 1, as one write of the account: `decide` sees which of `ids` are plants the caller owns
     * and the account, and may throw to refuse. With `store` and something to add, the account's
     * plant count grows by `adding` and one write of the budget is spent (a 429 otherwise);
     * otherwise (a dry run, nothing to add) nothing is stored or spent.
     */
    async reserve<T>(uid: string, ids: readonly string[], now: Date, store: boolean, decide: (owned: Set<string>, account: AccountView) => ImportDecision<T>): Promise<T> {
      return accounts.write(uid, now, async (transaction, account) => {
        const { result, adding } = decide(await ownedAmong(transaction, uid, ids), account);
        if (!store || adding === 0) return { result };
        // The reservation is the account's own document, which write() stores with the marker.
        return { result, plantDelta: adding, write: () => {} };
      });
    },

    /**
     * Step 2 (and 3 on failure): the reserved plants, in file order. Each gets the import's time,
     * less one millisecond per row before it, so that the newest-first order (and paging by
     * createdAt) is the file's order.
     * @returns the new plants' ids
     */
    async addPlants(uid: string, records: readonly NewPlantRecord[], now: Date): Promise<string[]> {
      const ids = records.map(() => plantDocs.doc().id);
      const written: DocumentReference[] = [];
      try {
        for (let start = 0; start < records.length; start += plantsPerBatch) {
          const batch = db.batch();
          records.slice(start, start + plantsPerBatch).forEach((record, offset) => {
            const i = start + offset;
            written.push(...plants.addPlant(batch, ids[i]!, record, new Date(now.getTime() - i)));
          });
          await commit(batch);
        }
      } catch (error) {
        await undo(uid, written, records.length, now);
        throw error;
      }
      return ids;
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
