import type { DocumentData, DocumentSnapshot, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import { activityRecordRef, recordActivity } from '../activity/activity.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import { toIso } from '../lib/firestore-time';
import { HttpError } from '../lib/http-error';
import { parseWateringInterval, trackedChanges, type Plant, type PlantEvent } from '../model';

export const PLANTS_COLLECTION = 'plants';
/** Under each plant: its care history (PlantEvent), newest by `revision`. */
export const EVENTS_COLLECTION = 'events';
/** Under each plant: one empty marker per stored change, named by the revision it made (see `changePlant`). */
export const REVISIONS_COLLECTION = 'revisions';

/** What the service hands the repository to store; timestamps and the revision are set here. */
export type NewPlantRecord = Omit<Plant, '_id' | 'createdAt' | 'updatedAt'> & {
  userEmail: string;
  userName: string;
  ownerUid: string;
};

type TextField = Exclude<keyof Plant, '_id' | 'createdAt' | 'updatedAt' | 'ownerUid' | 'wateringIntervalDays'>;

/** Fields to change on a stored plant; `undefined` clears an optional field. */
export type PlantChanges = Partial<Record<TextField, string | undefined>> & { wateringIntervalDays?: number | null };

export interface ListOptions {
  limit?: number;
  /** ISO createdAt: only plants created strictly before it (paging back). */
  before?: string;
}

/** The dates a watering sets, decided by the service. */
export interface WateringDecision {
  date: string;
  lastWateredDate: string;
  nextWateringDate: string | null;
}

/** A plant as stored, with its revision: how many changes have been stored (0 for plants older than revisions). */
interface StoredPlant {
  plant: Plant;
  revision: number;
}

/** The latest event, as the undo needs it. */
export interface LatestEvent {
  type: string;
  date?: string;
  previous?: { lastWateredDate: string | null; nextWateringDate: string | null };
}

/**
 * Firestore document to plain object: Timestamps become ISO strings at this boundary, an empty
 * string (a cleared optional field) is left out, as if it had never been set, and the internal
 * revision stays inside. Plants stored before the server derived intervals get theirs here.
 */
export function toPlant(snapshot: DocumentSnapshot): Plant {
  const data = snapshot.data() ?? {};
  const plant: Record<string, unknown> = { _id: snapshot.id };
  for (const [key, value] of Object.entries(data)) {
    if (value === '' || key === 'revision') continue;
    plant[key] = key === 'createdAt' || key === 'updatedAt' ? toIso(value) : value;
  }
  if (plant.wateringIntervalDays === undefined) plant.wateringIntervalDays = parseWateringInterval(plant.wateringFrequency as string | undefined);
  return plant as Plant;
}

function toStoredPlant(snapshot: DocumentSnapshot): StoredPlant | null {
  if (!snapshot.exists) return null;
  const revision = snapshot.get('revision') as unknown;
  return { plant: toPlant(snapshot), revision: typeof revision === 'number' ? revision : 0 };
}

const orNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function toPlantEvent(snapshot: DocumentSnapshot): PlantEvent {
  const data = snapshot.data() ?? {};
  const previous = data.previous as Record<string, unknown> | undefined;
  return {
    _id: snapshot.id,
    type: String(data.type ?? ''),
    at: toIso(data.at),
    ...(typeof data.date === 'string' ? { date: data.date } : {}),
    ...(data.changes && typeof data.changes === 'object' ? { changes: data.changes as PlantEvent['changes'] } : {}),
    ...(previous ? { previous: { lastWateredDate: orNull(previous.lastWateredDate), nextWateringDate: orNull(previous.nextWateringDate) } } : {}),
    lastWateredDate: orNull(data.lastWateredDate),
    nextWateringDate: orNull(data.nextWateringDate),
  };
}

function withoutUndefined(data: Record<string, unknown>): DocumentData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/** gRPC ALREADY_EXISTS: the revision marker a change wanted to create is already there. */
const ALREADY_EXISTS = 6;
/** Attempts of a change that keeps losing races before it answers 409. */
const CHANGE_ATTEMPTS = 5;

const busyPlant = () =>
  new HttpError(409, 'conflict', 'This plant was being changed by another request at the same moment. Please try again.');

export function createPlantsRepository(db: Firestore) {
  const plants = db.collection(PLANTS_COLLECTION);
  // By path from the database rather than plants.doc(id).collection(...), so the index test's
  // query recorder (which wraps db.collection) sees the queries on them too.
  const eventsOf = (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`);
  const revisionsOf = (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${REVISIONS_COLLECTION}`);

  function page(query: Query, { limit, before }: ListOptions): Query {
    let q = query.orderBy('createdAt', 'desc');
    // Range filter on the ordering field rather than a cursor: cursors are not supported by the
    // local Firestore stand-in, and this works the same on real Firestore.
    if (before) q = q.where('createdAt', '<', new Date(before));
    if (limit) q = q.limit(limit);
    return q;
  }

  /**
   * One change to a stored plant, as a transaction that reads the plant, lets `work` read what
   * else it needs and decide, and then stores what `work` returns.
   *
   * Every change also creates `plants/{id}/revisions/{n}`, n the plant's revision plus one, as the
   * transaction's FIRST write, with Firestore's "must not exist" precondition, and stores n on the
   * plant. On real Firestore the transaction alone serialises racing changes. The local stand-in
   * does not: it neither isolates transactions nor checks `lastUpdateTime` preconditions, and it
   * applies a commit's writes one by one (a failing write leaves the ones before it applied). It
   * does check "must not exist", and a commit runs without interruption, so when two changes read
   * the same revision, the second one's marker already exists, its commit stops at that first
   * write, and nothing of it is stored. The change is then run again on what is now stored (up to
   * CHANGE_ATTEMPTS times, then 409). Markers are never deleted, so a revision number is never
   * reused.
   */
  async function changePlant<T>(
    id: string,
    work: (transaction: Transaction, current: StoredPlant | null) => Promise<{ result: T; write?: (revision: number) => void }>,
    now: Date,
  ): Promise<T> {
    const ref = plants.doc(id);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await call(
          db.runTransaction(async (transaction) => {
            const current = toStoredPlant(await transaction.get(ref));
            const { result, write } = await work(transaction, current);
            if (current && write) {
              const revision = current.revision + 1;
              transaction.create(revisionsOf(id).doc(String(revision)), { at: now });
              write(revision);
            }
            return result;
          }),
        );
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code !== ALREADY_EXISTS) throw error;
        if (attempt >= CHANGE_ATTEMPTS) throw busyPlant();
      }
    }
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

    /** Creates the plant at revision 1 with its 'added' event and activity record, in one batch. */
    async createPlant(record: NewPlantRecord, now = new Date()): Promise<string> {
      const ref = plants.doc();
      const batch = db.batch();
      batch.create(ref, withoutUndefined({ ...record, revision: 1, createdAt: now, updatedAt: now }));
      batch.create(
        eventsOf(ref.id).doc(),
        withoutUndefined({
          type: 'added',
          at: now,
          revision: 1,
          changes: trackedChanges({}, record) ?? undefined,
          lastWateredDate: record.lastWateredDate ?? null,
          nextWateringDate: record.nextWateringDate ?? null,
        }),
      );
      recordActivity(db, batch, { ownerUid: record.ownerUid, plantId: ref.id, plantName: record.plantName, type: 'added' }, now);
      await call(batch.commit());
      return ref.id;
    },

    /**
     * Reads the plant and asks `decide` what to change, in one change (see changePlant), so the
     * decision is made on what is stored at the moment of writing. `decide` gets null for a
     * missing plant and may throw to refuse. Writes (and moves updatedAt, and records an 'updated'
     * activity, and an 'updated' event when health or the schedule changed) only when there is a
     * change.
     * @returns whether anything was written
     */
    async updatePlant(id: string, decide: (current: Plant | null) => PlantChanges, now = new Date()): Promise<boolean> {
      return changePlant(
        id,
        async (transaction, stored) => {
          const current = stored?.plant ?? null;
          const changes = decide(current);
          if (!current || Object.keys(changes).length === 0) return { result: false };
          return {
            result: true,
            write: (revision) => {
              // A cleared field is stored as '' (read back as absent, see toPlant) rather than
              // removed: the local Firestore stand-in ignores field deletes and replacing sets.
              const data = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value ?? '']));
              transaction.update(plants.doc(id), { ...data, revision, updatedAt: now });
              const after = { ...current, ...changes };
              const tracked = trackedChanges(current, after);
              if (tracked) {
                transaction.create(eventsOf(id).doc(), {
                  type: 'updated',
                  at: now,
                  revision,
                  changes: tracked,
                  lastWateredDate: after.lastWateredDate || null,
                  nextWateringDate: after.nextWateringDate || null,
                });
              }
              if (current.ownerUid) {
                const plantName = changes.plantName ?? current.plantName;
                recordActivity(db, transaction, { ownerUid: current.ownerUid, plantId: id, plantName, type: 'updated' }, now);
              }
            },
          };
        },
        now,
      );
    },

    /**
     * Reads the plant, lets `authorize` refuse (it gets null for a missing plant), then deletes it
     * and records a 'deleted' activity in the same change. The plant's events and revision
     * markers stay behind in its subcollections: nothing reads them once the plant is gone.
     */
    async deletePlant(id: string, authorize: (current: Plant | null) => void, now = new Date()): Promise<void> {
      await changePlant(
        id,
        async (transaction, stored) => {
          const current = stored?.plant ?? null;
          authorize(current);
          return {
            result: undefined,
            write: () => {
              transaction.delete(plants.doc(id));
              if (current?.ownerUid) {
                recordActivity(db, transaction, { ownerUid: current.ownerUid, plantId: id, plantName: current.plantName, type: 'deleted' }, now);
              }
            },
          };
        },
        now,
      );
    },

    /**
     * Records a watering in one change: the plant's new dates, a 'watered' event that keeps the
     * previous dates (for undo) and a 'watered' activity record. `decide` gets null for a missing
     * plant and may throw to refuse.
     * @returns the plant as stored afterwards
     */
    async waterPlant(id: string, decide: (current: Plant | null) => WateringDecision, now = new Date()): Promise<Plant> {
      return changePlant(
        id,
        async (transaction, stored) => {
          const current = stored?.plant ?? null;
          const { date, lastWateredDate, nextWateringDate } = decide(current);
          if (!current) throw new Error('decide must refuse a missing plant');
          const updated: Plant = { ...current, lastWateredDate, updatedAt: now.toISOString() };
          if (nextWateringDate) updated.nextWateringDate = nextWateringDate;
          else delete updated.nextWateringDate;
          return {
            result: updated,
            write: (revision) => {
              transaction.update(plants.doc(id), { lastWateredDate, nextWateringDate: nextWateringDate ?? '', revision, updatedAt: now });
              const activityId = current.ownerUid
                ? recordActivity(db, transaction, { ownerUid: current.ownerUid, plantId: id, plantName: current.plantName, type: 'watered' }, now)
                : undefined;
              transaction.create(
                eventsOf(id).doc(),
                withoutUndefined({
                  type: 'watered',
                  at: now,
                  revision,
                  date,
                  previous: { lastWateredDate: current.lastWateredDate ?? null, nextWateringDate: current.nextWateringDate ?? null },
                  lastWateredDate,
                  nextWateringDate,
                  activityId,
                }),
              );
            },
          };
        },
        now,
      );
    },

    /**
     * Undoes the latest event when it is a watering, in one change: the plant gets the dates the
     * event kept, and the event and its activity record are deleted. `decide` gets the plant
     * (null when missing) and the latest event (null when there is none) and throws to refuse.
     * @returns the plant as stored afterwards
     */
    async undoLatestWatering(id: string, decide: (current: Plant | null, latest: LatestEvent | null) => void, now = new Date()): Promise<Plant> {
      return changePlant(
        id,
        async (transaction, stored) => {
          const current = stored?.plant ?? null;
          const latestSnapshot = current ? (await transaction.get(eventsOf(id).orderBy('revision', 'desc').limit(1))).docs[0] : undefined;
          const latest = latestSnapshot ? (latestSnapshot.data() as LatestEvent & { activityId?: string }) : null;
          decide(current, latest);
          if (!current || !latestSnapshot || !latest?.previous) throw new Error('decide must refuse anything but a watering');
          const { lastWateredDate, nextWateringDate } = latest.previous;
          const restored: Plant = { ...current, updatedAt: now.toISOString() };
          for (const [field, value] of [['lastWateredDate', lastWateredDate], ['nextWateringDate', nextWateringDate]] as const) {
            if (value) restored[field] = value;
            else delete restored[field];
          }
          return {
            result: restored,
            write: (revision) => {
              transaction.update(plants.doc(id), { lastWateredDate: lastWateredDate ?? '', nextWateringDate: nextWateringDate ?? '', revision, updatedAt: now });
              transaction.delete(latestSnapshot.ref);
              if (latest.activityId) transaction.delete(activityRecordRef(db, latest.activityId));
            },
          };
        },
        now,
      );
    },

    /** A plant's events, newest first (by revision: the order they were stored in). */
    async listEvents(id: string, limit: number): Promise<PlantEvent[]> {
      const snapshot = await call(eventsOf(id).orderBy('revision', 'desc').limit(limit).get());
      return snapshot.docs.map(toPlantEvent);
    },
  };
}

export type PlantsRepository = ReturnType<typeof createPlantsRepository>;
