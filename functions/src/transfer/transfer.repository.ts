import type { DocumentData, DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import type { AccountView, AccountsRepository } from '../accounts/accounts.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import { pause } from '../lib/pause';
import type { Plant, PlantEvent } from '../model';
import { PLANTS_COLLECTION, type NewPlantRecord, type PlantsRepository } from '../plants/plants.repository';
import type { ImportedEvent } from './transfer-history';

/** Firestore takes at most 500 writes in one batch. */
const BATCH_WRITES = 500;
/**
 * A plant is at least three writes (the plant, its 'added' event or the events of its history,
 * its activity record): at most 166 plants a batch, which also keeps a batch's bytes well under
 * the 4 MB a request to the emulator may carry (10 MB on Firestore).
 */
const WRITES_PER_PLANT = 3;
export const PLANTS_PER_BATCH = Math.floor(BATCH_WRITES / WRITES_PER_PLANT);

/** A plant an import adds, with the care history its file gave (oldest first), if any. */
export interface ImportedPlantRecord {
  record: NewPlantRecord;
  history?: readonly ImportedEvent[];
}

interface Write {
  ref: DocumentReference;
  data: DocumentData;
}
/**
 * How long an undo waits for a batch that has not answered yet (the 503 deadline of firestoreCall
 * ran out) before deciding what to delete: a commit still in flight could otherwise land after the
 * delete of its documents.
 */
const SETTLE_MS = 10_000;

/** What an import decided inside its reservation: its answer, and how many plants it adds. */
export interface ImportDecision<T> {
  result: T;
  adding: number;
}

/**
 * Export and import. Plants are written only through PlantsRepository.addImportedPlant, and every
 * change of the account through AccountsRepository.write.
 *
 * An import of n plants cannot fit in one transaction or batch (each plant is at least three
 * documents, one more per event of its history; a batch at most 500 writes), so it runs in three steps:
 * 1. `reserve`: one write of the account (the write budget: one token for the whole import) that
 *    reads which of the file's ids the caller owns, lets the service decide (and refuse: the quota
 *    for all n plants) and adds n to the account's plant count, before any plant exists.
 * 2. `addPlants`: the plants, at most PLANTS_PER_BATCH and BATCH_WRITES to a batch, one batch after
 *    the other. A batch is atomic: it is stored whole or not at all.
 * 3. When a batch fails: the documents of the batches that were stored are deleted (and those of
 *    the failing one too if its fate is still unknown after a wait: a commit that timed out may yet
 *    land), and the n plants are given back to the account, free of charge; then the failure is
 *    answered (503). Only when Firestore also fails during that undo is anything left behind: the
 *    error log names the plants.
 * So the plant count is exact at the end, and no import stays half written.
 */
export function createTransferRepository(db: Firestore, accounts: AccountsRepository, plants: PlantsRepository, plantsPerBatch = PLANTS_PER_BATCH) {
  const plantDocs = db.collection(PLANTS_COLLECTION);

  async function ownedAmong(uid: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const snapshots = await db.getAll(...ids.map((id) => plantDocs.doc(id)));
    return new Set(snapshots.filter((snapshot) => snapshot.exists && snapshot.get('ownerUid') === uid).map((snapshot) => snapshot.id));
  }

  /**
   * Commits a batch. When the answer is a failure, nothing of the batch was stored; when the
   * deadline ran out first, it waits (a while) for the commit still in flight to settle.
   * @returns whether the batch's documents may be stored (true also when that is still unknown)
   */
  async function commit(batch: WriteBatch): Promise<{ error?: unknown; stored: boolean }> {
    let settled: 'stored' | 'failed' | undefined;
    const committing = batch.commit().then(
      () => void (settled = 'stored'),
      (error: unknown) => {
        settled = 'failed';
        throw error;
      },
    );
    try {
      await call(committing);
      return { stored: true };
    } catch (error) {
      if (!settled) await Promise.race([committing.catch(() => undefined), pause(SETTLE_MS)]);
      return { error, stored: settled !== 'failed' };
    }
  }

  /** Step 3: deletes what the import may have written and gives its plants back to the account. */
  async function undo(uid: string, written: readonly DocumentReference[], reserved: number, now: Date): Promise<void> {
    try {
      for (let start = 0; start < written.length; start += BATCH_WRITES) {
        const batch = db.batch();
        for (const ref of written.slice(start, start + BATCH_WRITES)) batch.delete(ref);
        const { error } = await commit(batch);
        if (error) throw error;
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
    async reserve<T>(
      uid: string,
      ids: readonly string[],
      now: Date,
      store: boolean,
      decide: (owned: Set<string>, account: AccountView) => ImportDecision<T>,
    ): Promise<T> {
      return accounts.write(uid, now, async (account) => {
        const { result, adding } = decide(await ownedAmong(uid, ids), account);
        if (!store || adding === 0) return { result };
        // The reservation is the account's own document, which write() stores.
        return { result, plantDelta: adding, write: () => {} };
      });
    },

    /**
     * Step 2 (and 3 on failure): the reserved plants, in file order, each with its history. Each
     * gets the import's time, less one millisecond per row before it, so that the newest-first
     * order (and paging by createdAt) is the file's order. A batch holds whole plants, at most
     * `plantsPerBatch` and BATCH_WRITES writes; a plant whose history alone passes BATCH_WRITES
     * spans batches of its own.
     * @returns the new plants' ids
     */
    async addPlants(uid: string, records: readonly ImportedPlantRecord[], now: Date): Promise<string[]> {
      const ids = records.map(() => plantDocs.doc().id);
      const groups = records.map(({ record, history = [] }, i) => {
        const writes: Write[] = [];
        plants.addImportedPlant({ create: (ref, data) => writes.push({ ref, data }) }, ids[i]!, record, history, new Date(now.getTime() - i));
        return writes;
      });
      const batches: Write[][] = [];
      let current: Write[] = [];
      let plantsInCurrent = 0;
      for (const writes of groups) {
        if (current.length && (current.length + writes.length > BATCH_WRITES || plantsInCurrent >= plantsPerBatch)) {
          batches.push(current);
          [current, plantsInCurrent] = [[], 0];
        }
        if (writes.length > BATCH_WRITES) {
          for (let start = 0; start < writes.length; start += BATCH_WRITES) batches.push(writes.slice(start, start + BATCH_WRITES));
          continue;
        }
        current.push(...writes);
        plantsInCurrent += 1;
      }
      if (current.length) batches.push(current);

      const written: DocumentReference[] = [];
      for (const writes of batches) {
        const batch = db.batch();
        for (const { ref, data } of writes) batch.create(ref, data);
        const { error, stored } = await commit(batch);
        if (stored) written.push(...writes.map((write) => write.ref));
        if (error) {
          await undo(uid, written, records.length, now);
          throw error;
        }
      }
      return ids;
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
