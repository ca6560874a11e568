import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { errorFields, log } from '../lib/log';
import type { AccountView, AccountsRepository } from '../accounts/accounts.repository';
import { inDocuments } from '../accounts/daily-allowances';
import { firestoreCall as call, lostRace } from '../lib/firestore-call';
import type { HttpError } from '../lib/http-error';
import { pause } from '../lib/pause';
import type { PlantEvent } from '../model';
import type { SharablePlant } from '../access/household-access';
import type { CareRepository } from '../care/care.repository';
import type { PlantListRepository } from '../plant-list/plant-list.repository';
import type { ImportWrite, NewPlantRecord, PlantsRepository } from '../plants/plants.repository';
import type { PlaceBooks, PlaceSession } from '../places/place-books.repository';
import type { ImportedEvent } from './transfer-history';

/** Firestore takes at most 500 writes in one batch. */
const BATCH_WRITES = 500;
/** A batch of an import that puts plants in places also writes the importer's book of places (its guard). */
const PLACES_GUARD_WRITES = 1;
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

/**
 * How long an undo waits for a batch that has not answered yet (the 503 deadline of firestoreCall
 * ran out) before deciding what to delete: a commit still in flight could otherwise land after the
 * delete of its documents.
 */
const SETTLE_MS = 10_000;

/** The writes of an import, made before its reservation so that it spends exactly what it writes. */
export interface PreparedImport {
  /** The new plants' ids, in file order. */
  ids: string[];
  /** The batches, in order: whole plants, at most PLANTS_PER_BATCH plants and BATCH_WRITES writes each. */
  batches: ImportWrite[][];
  /** Documents the batches create: one write of the import allowance each. */
  documents: number;
  /** The importer's places the plants go in: each batch is stored only while they all stand. */
  placeIds: string[];
}

/** What an import decided inside its reservation: its answer, and the plants it adds (none: a dry run, or nothing to add). */
export interface ImportDecision<T> {
  result: T;
  adding?: PreparedImport;
}

/** Firestore bills a query one read per document it returns, and one when it returns none. */
export const queryReads = (documents: number) => Math.max(1, documents);

/** The rooms an export reads and an import writes through: the plant store, the list, care, and the books of places. */
export interface TransferPlants {
  store: Pick<PlantsRepository, 'importPlant' | 'newPlantId' | 'ownedAmong'>;
  list: Pick<PlantListRepository, 'listPlantsByOwner'>;
  care: Pick<CareRepository, 'listEvents'>;
  places: Pick<PlaceBooks, 'session' | 'standing' | 'placeGone'>;
}

/**
 * Export and import. Plants are written only through PlantsRepository.importPlant, and every
 * change of the account, with what each path spends of its allowances, through
 * AccountsRepository.write. An export is paid from the bulk-read allowance in two writes of the
 * account: `holdReads` before it reads, `settleReads` after.
 *
 * An import of n plants cannot fit in one transaction or batch (each plant is at least three
 * documents, one more per event of its history; a batch at most 500 writes), so it runs in three steps:
 * 1. `reserve`: one write of the account that reads which of the file's ids the caller owns (one
 *    document of the bulk-read allowance each, refused before it reads when not that many are
 *    left), lets the service decide (and refuse: the quota for all n plants), spends one write of
 *    the import allowance per document the import will create (refused when not that many are
 *    left) and one of the write budget, and adds n to the account's plant count, before any plant
 *    exists. A dry run stops there, having spent only its reads.
 * 2. `addPlants`: the plants, at most PLANTS_PER_BATCH and BATCH_WRITES to a batch, one batch after
 *    the other. A batch is atomic: it is stored whole or not at all.
 * 3. When a batch fails: the documents of the batches that were stored are deleted (and those of
 *    the failing one too if its fate is still unknown after a wait: a commit that timed out may yet
 *    land), and the n plants are given back to the account, free of charge, with the import
 *    allowance of the documents that were never written; then the failure is answered (503).
 *    Only when Firestore also fails during that undo is anything left behind: the error log names
 *    the plants.
 * So the plant count is exact at the end, and no import stays half written.
 */
export function createTransferRepository(
  db: Firestore,
  accounts: AccountsRepository,
  plants: TransferPlants,
  plantsPerBatch = PLANTS_PER_BATCH,
) {
  const { store: plantStore, list, care, places } = plants;

  /**
   * Commits a batch. When the answer is a failure, nothing of the batch was stored; when the
   * deadline ran out first, it waits (a while) for the commit still in flight to settle.
   * @returns whether the batch's documents may be stored (true also when that is still unknown)
   */
  async function commit(batch: WriteBatch, raced?: () => HttpError): Promise<{ error?: unknown; stored: boolean }> {
    let settled: 'stored' | 'failed' | undefined;
    const committing = batch.commit().then(
      () => void (settled = 'stored'),
      (error: unknown) => {
        settled = 'failed';
        // A batch with a precondition (the importer's places) that lost to another write: that write's refusal.
        throw raced && lostRace(error) ? raced() : error;
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

  /**
   * Step 3: deletes what the import may have written and gives its plants back to the account, and
   * the import allowance of what it never wrote (what it wrote, it paid for).
   */
  async function undo(
    uid: string,
    written: readonly ImportWrite[],
    prepared: PreparedImport,
    now: Date,
  ): Promise<void> {
    const reserved = prepared.ids.length;
    try {
      for (let start = 0; start < written.length; start += BATCH_WRITES) {
        const batch = db.batch();
        for (const write of written.slice(start, start + BATCH_WRITES)) write.undo(batch);
        const { error } = await commit(batch);
        if (error) throw error;
      }
      await accounts.write(uid, now, async (account) => {
        account.charge('importWrites', -(prepared.documents - written.length));
        return { result: undefined, plantDelta: -reserved, free: true, write: () => {} };
      });
    } catch (error) {
      const plantIds = written.flatMap(({ plantId }) => (plantId === null ? [] : [plantId]));
      log.error(
        'An import failed and could not be undone: these plants may exist, and the account counts all of them.',
        { reserved, plantIds, error: errorFields(error) },
      );
    }
  }

  return {
    /**
     * The caller's plants, newest first, at most `max` (composite index: ownerUid, createdAt desc),
     * as stored: with what the owner's view leaves out (the rhythm an export keeps).
     */
    listOwnPlants(uid: string, max: number): Promise<SharablePlant[]> {
      return list.listPlantsByOwner(uid, { limit: max });
    },

    /** A plant's care history, newest first, at most `max` events. */
    listEvents(id: string, max: number): Promise<PlantEvent[]> {
      return care.listEvents(id, max);
    },

    /**
     * Step 1, as one write of the account: reading which of `ids` are plants the caller owns
     * spends one document of the bulk-read allowance each; `decide` sees them, the account and the
     * caller's places (the places it makes by name are stored with this write), and may throw to
     * refuse. With `store` and plants to add, the account's plant count grows by their number, one
     * write of the import allowance is spent per document they create and one of the write budget
     * (each a 429 otherwise, storing nothing); a dry run, or nothing to add, spends only its reads.
     * @returns what `decide` decided
     */
    async reserve<T>(
      uid: string,
      ids: readonly string[],
      now: Date,
      store: boolean,
      decide: (
        owned: Set<string>,
        account: AccountView,
        places: PlaceSession,
      ) => ImportDecision<T> | Promise<ImportDecision<T>>,
    ): Promise<ImportDecision<T>> {
      return accounts.write(uid, now, async (account) => {
        const session = places.session(uid, account.membership, now);
        account.spend(
          'bulkReads',
          ids.length,
          `Checking this file reads ${inDocuments(ids.length)}, one for each _id, to find the plants you keep already`,
        );
        const decision = await decide(await plantStore.ownedAmong(uid, ids), account, session);
        const { adding } = decision;
        if (!store || !adding?.ids.length) return { result: decision };
        account.spend(
          'importWrites',
          adding.documents,
          `This import writes ${inDocuments(adding.documents)} (each plant, each event of its history, and its activity record)`,
        );
        // The reservation is the account's own document, which write() stores, with the places made.
        return { result: decision, plantDelta: adding.ids.length, write: (batch) => session.guard(batch, now) };
      });
    },

    /**
     * The writes of an import's plants, in file order, each with its history. Each gets the
     * import's time, less one millisecond per row before it, so that the newest-first order (and
     * paging by createdAt) is the file's order. A batch holds whole plants, at most
     * `plantsPerBatch` and BATCH_WRITES writes; a plant whose history alone passes BATCH_WRITES
     * spans batches of its own. Nothing is stored yet.
     */
    prepareImport(records: readonly ImportedPlantRecord[], now: Date): PreparedImport {
      const ids = records.map(() => plantStore.newPlantId());
      const placeIds = [...new Set(records.flatMap(({ record }) => (record.placeId ? [record.placeId] : [])))];
      const most = BATCH_WRITES - (placeIds.length ? PLACES_GUARD_WRITES : 0);
      const groups = records.map(({ record, history = [] }, i) => {
        return plantStore.importPlant(ids[i]!, record, history, new Date(now.getTime() - i));
      });
      const batches: ImportWrite[][] = [];
      let current: ImportWrite[] = [];
      let plantsInCurrent = 0;
      for (const writes of groups) {
        if (current.length && (current.length + writes.length > most || plantsInCurrent >= plantsPerBatch)) {
          batches.push(current);
          [current, plantsInCurrent] = [[], 0];
        }
        if (writes.length > most) {
          for (let start = 0; start < writes.length; start += most) batches.push(writes.slice(start, start + most));
          continue;
        }
        current.push(...writes);
        plantsInCurrent += 1;
      }
      if (current.length) batches.push(current);
      return { ids, batches, documents: groups.reduce((sum, writes) => sum + writes.length, 0), placeIds };
    },

    /**
     * Step 2 (and 3 on failure): the reserved plants, as prepareImport made their batches, one
     * batch after the other.
     * @returns the new plants' ids
     */
    async addPlants(uid: string, prepared: PreparedImport, now: Date): Promise<string[]> {
      const written: ImportWrite[] = [];
      for (const writes of prepared.batches) {
        const batch = db.batch();
        for (const write of writes) write.store(batch);
        // Its places still stand, and stand until it is stored: a place deleted meanwhile fails it.
        if (prepared.placeIds.length) {
          try {
            (await places.standing(uid, prepared.placeIds, now))(batch);
          } catch (error) {
            await undo(uid, written, prepared, now);
            throw error;
          }
        }
        const { error, stored } = await commit(batch, prepared.placeIds.length ? places.placeGone : undefined);
        if (stored) written.push(...writes);
        if (error) {
          await undo(uid, written, prepared, now);
          throw error;
        }
      }
      return prepared.ids;
    },

    /**
     * Before an export reads anything but the account: one write of the account that holds, of its
     * bulk-read allowance, everything left up to the most the export can read (`most`), or refuses
     * (429) when less is left than it reads at least (`least`). Holding all that is left rather
     * than the least keeps exports of one account at once from each reading past the allowance:
     * the next finds nothing left and is refused until the first has settled.
     * @returns what it held, for settleReads
     */
    holdReads(
      uid: string,
      now: Date,
      estimate: (plantCount: number) => { least: number; most: number; what: string },
    ): Promise<number> {
      return accounts.write(uid, now, async (account) => {
        const { least, most, what } = estimate(account.plantCount);
        const held = Math.max(least, Math.min(most, Math.floor(account.left('bulkReads'))));
        account.spend('bulkReads', held, what);
        return { result: held };
      });
    },

    /**
     * After an export: charges what it `read` less what it `held`, in one write of the account:
     * gives back what it did not read, or owes what it read past what it held.
     */
    async settleReads(uid: string, now: Date, held: number, read: number): Promise<void> {
      if (read === held) return;
      await accounts.write(uid, now, async (account) => {
        account.charge('bulkReads', read - held);
        return { result: undefined };
      });
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
