import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type WriteBatch,
} from 'firebase-admin/firestore';
import type { AccountView, AccountsRepository } from '../accounts/accounts.repository';
import type { ActivityLog, ActivityRecord } from '../activity/activity.repository';
import type { Membership } from '../access/household-access';
import type { PlaceBooks, PlaceSession } from '../places/place-books.repository';
import type { Actor } from '../lib/viewer';
import { firestoreCall as call, lostRace } from '../lib/firestore-call';
import { withoutUndefined } from '../lib/firestore-fields';
import {
  type ActivityType,
  careChanges,
  changedCareTasks,
  isCareTask,
  trackedChanges,
  type CareJob,
  type CareSchedules,
  type CareTask,
  type Plant,
  type PlantEvent,
  type FollowedSeason,
  type WateringFollows,
} from '../model';
import { rhythmsOf, type Rhythms } from '../model/rhythm';
import { plantKeys } from './plant-keys';
import { plantReads, toPlant, type PlantReads } from './plant-reads';

export type { PlantReads, PlantRow } from './plant-reads';

export const PLANTS_COLLECTION = 'plants';

/** Who the history says turned a watering to its new season: the app itself. */
const SEASONS_ACTOR = { displayName: 'Mango Grove Tracker (the season changed)' };
/** Under each plant: its care history (PlantEvent), newest by `revision`. */
export const EVENTS_COLLECTION = 'events';
/** Under each plant: its photos' metadata (the photos room's layout: photos/photo-layout.ts). */
export const PHOTOS_COLLECTION = 'photos';
/** Under each photo: the chunks of its renditions. */
export const BYTES_COLLECTION = 'bytes';
/**
 * A deleted plant whose care history and photos are still being deleted: `{ plantId, ownerUid,
 * deletedAt }` under the plant's id, written in the commit that deletes the plant and deleted once
 * nothing of it is left (plant-purge.service.ts).
 */
export const PURGES_COLLECTION = 'plantPurges';
/**
 * Under each plant: the receipts of the jobs done to it under a client's job id (a tap of the web
 * app, sent with the request), one document each, named by the id, so that a job sent again once
 * its answer was lost (a network that lies, then the offline queue's replay) is answered without
 * being recorded twice (readStored reads one, writeSteps creates it). Firestore deletes each one
 * after RECEIPT_DAYS (a TTL policy on `deleteAt`: firestore.indexes.json), far longer than a phone
 * stays offline with a job queued; the plant's purge deletes them with it. The stored name
 * `careJobs` says less than it holds: receipts of job ids, not the jobs (those are the plant's
 * events). It is kept: renamed, the receipts stored under it (and its TTL policy) would be left
 * behind, and a job sent again across the release recorded twice.
 */
const JOB_RECEIPTS_COLLECTION = 'careJobs';
const RECEIPT_DAYS = 60;

/** What the service hands the repository to store; timestamps and the revision are set here. */
export type NewPlantRecord = Omit<Plant, '_id' | 'createdAt' | 'updatedAt' | 'shared' | 'place' | 'lightFit'> & {
  userEmail: string;
  userName: string;
  ownerUid: string;
  /** The owner's membership key while the plant is shared with their household (household-access.ts). */
  shareKey?: string;
  /** What an imported plant remembered of its rhythm (model/rhythm.ts). */
  rhythm?: Rhythms;
  /**
   * The place it stands in (null or absent: none), and the household whose shared place that is
   * (absent: its owner's own); the service sets both from what it checked (plants.service.ts).
   */
  placeId?: string | null;
  placeHousehold?: string;
};

/** A plant taken to another place, or out of its place: what its `moved` event says (the places' names then). */
export interface PlaceMove {
  fromPlace: string | null;
  toPlace: string | null;
  /** Moved out because its place was deleted. */
  placeDeleted?: true;
}

type TextField = Exclude<
  keyof Plant,
  | '_id'
  | 'createdAt'
  | 'updatedAt'
  | 'ownerUid'
  | 'wateringIntervalDays'
  | 'care'
  | 'shared'
  | 'may'
  | 'onDuty'
  | 'onDutyByJob'
  | 'toxicToCats'
  | 'toxicToDogs'
  | 'suggestion'
  | 'wateringFollows'
  | 'wateringSeason'
  | 'place'
  | 'lightFit'
>;

/**
 * Fields to change on a stored plant; `undefined` clears an optional field (the field is deleted).
 * `care` is the plant's whole set of schedules after the change.
 */
export type PlantChanges = Partial<Record<TextField, string | undefined>> & {
  wateringIntervalDays?: number | null;
  care?: CareSchedules;
  /** Shared with the owner's household (their membership key), or no longer (undefined). */
  shareKey?: string | undefined;
  /** From the plant's species, with each change of `speciesId` (undefined: no species, the fields go). */
  toxicToCats?: boolean | null | undefined;
  toxicToDogs?: boolean | null | undefined;
  wateringFollows?: WateringFollows;
  /** While the watering follows the species (undefined: no longer). */
  wateringSeason?: FollowedSeason | undefined;
  /** The whole of what the plant remembers of its jobs' rhythm after the change (model/rhythm.ts). */
  rhythm?: Rhythms;
  /** Moved to a place (and the household whose shared place it is), or out of its place (undefined). */
  placeId?: string | undefined;
  placeHousehold?: string | undefined;
};

/**
 * A plant as stored: its revision (how many changes have been stored, 0 for plants older than
 * revisions; it orders the care history) and its update time, the precondition of the commit
 * that changes it (see AccountsRepository.write).
 */
export interface StoredPlant {
  plant: Plant;
  revision: number;
  updateTime: Timestamp;
  /** Per care task, the revision of the latest edit of its schedule (see INTERNAL_FIELDS). */
  careEdits: Partial<Record<CareTask, number>>;
  /** What the plant remembers of its jobs' rhythm (model/rhythm.ts). */
  rhythms: Rhythms;
}

/** A stored plant with how many photos it keeps and which is its cover (none: its own image or the placeholder). */
export interface StoredPlantWithPhotos extends StoredPlant {
  photoCount: number;
  coverPhotoId: string | null;
}

/**
 * One step of a job done to a plant (care/job-steps.ts makes them): the plant's fields it writes,
 * the plant as it then reads, its event, and its activity record (none: a snooze).
 */
export interface PlantStep {
  plant: Plant;
  fields: DocumentData;
  event: DocumentData;
  activity: ActivityType | null;
}

/** An event of a plant's history as stored, for the journal to read (care.repository.ts). */
export interface StoredEvent {
  id: string;
  data: DocumentData;
}

/**
 * One document an import creates (a plant, an event of its history, its activity record): stored
 * in a batch of the import's, or deleted again when a later batch fails. `plantId` names a plant.
 */
export interface ImportWrite {
  plantId: string | null;
  store(batch: WriteBatch): void;
  undo(batch: WriteBatch): void;
}

/** What creates a plant's documents: a write batch, or an import's list of writes (importPlant). */
interface DocumentCreator {
  create(documentRef: DocumentReference, data: DocumentData): unknown;
}

/** Where a page of plants whose season changes ends: the last one's day of change and id, as the page read them. */
export interface SeasonsCursor {
  changesOn: string;
  id: string;
}

/** One page of plants whose season changes, and where the next starts (null: this was the last). */
interface SeasonsPage {
  plants: { id: string; stored: StoredPlant }[];
  next: SeasonsCursor | null;
}

function toStoredPlant(snapshot: DocumentSnapshot): StoredPlant | null {
  if (!snapshot.exists) return null;
  const revision = snapshot.get('revision') as unknown;
  return {
    plant: toPlant(snapshot),
    revision: typeof revision === 'number' ? revision : 0,
    updateTime: snapshot.updateTime!,
    careEdits: careEditsOf(snapshot.get('careEdits')),
    rhythms: rhythmsOf(snapshot.get('rhythm')),
  };
}

function withPhotos(stored: StoredPlant | null, snapshot: DocumentSnapshot): StoredPlantWithPhotos | null {
  if (!stored) return null;
  const [count, cover] = [snapshot.get('photoCount') as unknown, snapshot.get('coverPhotoId') as unknown];
  return {
    ...stored,
    photoCount: typeof count === 'number' && count > 0 ? count : 0,
    coverPhotoId: typeof cover === 'string' && cover !== '' ? cover : null,
  };
}

function careEditsOf(stored: unknown): Partial<Record<CareTask, number>> {
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored).filter(([task, revision]) => isCareTask(task) && typeof revision === 'number'),
  );
}

/** What an 'added' or 'updated' event records: the tracked fields and the care schedules that changed. */
function allChanges(before: Partial<Plant>, after: Partial<Plant>): PlantEvent['changes'] | null {
  const changes = { ...trackedChanges(before, after), ...careChanges(before.care, after.care) };
  return Object.keys(changes).length ? changes : null;
}

/** The precondition of a write to a plant read as `stored`: unchanged since. */
const unchanged = (stored: StoredPlant) => ({ lastUpdateTime: stored.updateTime });

/** The activity record of a plant added, created or imported. */
const added = (id: string, record: NewPlantRecord): ActivityRecord => ({
  ownerUid: record.ownerUid,
  plantId: id,
  plantName: record.plantName,
  type: 'added',
});

/**
 * The plant store's collections: the plants, and under each plant its events and job receipts. By
 * path from the database rather than plants.doc(id).collection(...), so the index test's query
 * recorder (which wraps db.collection) sees the queries on them too. Nothing outside this module
 * is handed one (functions/lint/collection-owners.ts): other rooms ask the store through its
 * methods.
 */
function plantCollections(db: Firestore) {
  return {
    plants: db.collection(PLANTS_COLLECTION),
    eventsOf: (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`),
    receiptsOf: (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${JOB_RECEIPTS_COLLECTION}`),
  };
}

/** What the rooms that only query plants (the list, what is due) are handed: reads that cannot write. rooms.ts makes it. */
export function plantReadsOf(db: Firestore): PlantReads {
  return plantReads(plantCollections(db).plants);
}

/**
 * How many plants there are, or `ownerUid` owns; with `healthStatus`, only those with exactly that
 * status. A count() aggregation: billed by index entries, no plant is read.
 */
export async function countPlants(db: Firestore, ownerUid?: string, healthStatus?: string): Promise<number> {
  let query: Query = db.collection(PLANTS_COLLECTION);
  if (ownerUid !== undefined) query = query.where('ownerUid', '==', ownerUid);
  if (healthStatus !== undefined) query = query.where('healthStatus', '==', healthStatus);
  return (await call(query.count().get())).data().count;
}

/** The places a change uses when the store was handed no books (the seed script, tests of other rooms): none. */
const NO_PLACES: PlaceSession = {
  use: async () => null,
  nameOf: async () => null,
  ownByName: async (wanted) => ({ idOf: () => undefined, pastLimit: wanted.map(({ name }) => name) }),
  guard: () => {},
};

/**
 * The plant store: a plant created, read, changed and deleted, with its derived fields
 * (plant-keys.ts), revision and events, each change one write of its owner's account. `placeBooks`
 * is the places room's books (rooms.ts hands them over): a change that puts a plant in a place reads
 * the place's book and writes it on the update time it was read at, in the plant's commit.
 */
export function createPlantsRepository(
  db: Firestore,
  accounts: AccountsRepository,
  activityLog: ActivityLog,
  placeBooks?: PlaceBooks,
) {
  const { plants, eventsOf, receiptsOf } = plantCollections(db);
  const purges = db.collection(PURGES_COLLECTION);
  const placesFor = (uid: string, membership: () => Membership | null, now: Date): PlaceSession =>
    placeBooks ? placeBooks.session(uid, membership, now) : NO_PLACES;

  /**
   * The write of a plant read as `stored` with `fields` (and its derived fields from `after`, the
   * plant as it then reads) at `revision`, on the update time it was read at: every change of a
   * plant's fields goes through here (an edit, a job's steps, an undo).
   */
  function writePlant(
    batch: WriteBatch,
    id: string,
    stored: StoredPlant,
    fields: DocumentData,
    after: Partial<Plant>,
    revision: number,
    now: Date,
  ): void {
    batch.update(plants.doc(id), { ...fields, ...plantKeys(after, id), revision, updatedAt: now }, unchanged(stored));
  }

  /**
   * The writes of `changes` to a plant read as `stored`, at `revision`: the fields (undefined
   * deletes one) and the derived ones, the revision of each care task whose schedule changed
   * (`careEdits`), an 'updated' event when health, the watering schedule or a care schedule changed,
   * a 'moved' event after it when the plant changed places (`move`), and, for a change someone sees,
   * an 'updated' activity record (none with `activity: false`). Each event has a revision of its
   * own from `revision` on; the plant keeps the last.
   */
  function writeChanges(
    batch: WriteBatch,
    id: string,
    stored: StoredPlant,
    changes: PlantChanges,
    revision: number,
    by: Actor | { displayName: string },
    now: Date,
    activity = true,
    move?: PlaceMove,
  ): void {
    const current = stored.plant;
    const data: DocumentData = Object.fromEntries(
      Object.entries(changes).map(([field, value]) => [field, value ?? FieldValue.delete()]),
    );
    const after = { ...current, ...changes };
    const edited = changes.care ? changedCareTasks(current.care, changes.care) : [];
    if (edited.length)
      data.careEdits = { ...stored.careEdits, ...Object.fromEntries(edited.map((task) => [task, revision])) };
    const tracked = allChanges(current, after);
    const last = tracked && move ? revision + 1 : revision;
    writePlant(batch, id, stored, data, after, last, now);
    const dates = {
      lastWateredDate: after.lastWateredDate || null,
      nextWateringDate: after.nextWateringDate || null,
    };
    if (tracked)
      batch.create(eventsOf(id).doc(), { type: 'updated', by, at: now, revision, changes: tracked, ...dates });
    if (move)
      batch.create(eventsOf(id).doc(), {
        type: 'moved',
        by,
        at: now,
        revision: last,
        fromPlace: move.fromPlace,
        toPlace: move.toPlace,
        ...(move.placeDeleted ? { placeDeleted: true } : {}),
        ...dates,
      });
    // What the plant remembers of its rhythm alone ("Keep") is no change anyone sees.
    const seen = Object.keys(changes).some((field) => field !== 'rhythm');
    if (activity && current.ownerUid && seen) {
      const plantName = changes.plantName ?? current.plantName;
      activityLog.record(batch, { ownerUid: current.ownerUid, plantId: id, plantName, type: 'updated' }, now);
    }
  }

  /** What the `moved` event of `changes` says: the names of the place the plant leaves and the one it goes to; none when it stays. */
  async function moveOf(current: Plant, changes: PlantChanges, places: PlaceSession): Promise<PlaceMove | undefined> {
    const before = current as Plant & { placeId?: string; placeHousehold?: string };
    if ((changes.placeId ?? undefined) === (before.placeId ?? undefined)) return undefined;
    const [fromPlace, toPlace] = await Promise.all([
      places.nameOf(before),
      places.nameOf({ placeId: changes.placeId, placeHousehold: changes.placeHousehold, ownerUid: current.ownerUid }),
    ]);
    return { fromPlace, toPlace };
  }

  /**
   * The writes that create a plant (at revision 1, with its derived fields) with its 'added' event,
   * into the batch of the write that adds it (or an import's list of writes); its activity record
   * (added) is the caller's.
   */
  function addPlant(writer: DocumentCreator, id: string, record: NewPlantRecord, now: Date): void {
    writer.create(
      plants.doc(id),
      withoutUndefined({ ...record, ...plantKeys(record, id), revision: 1, createdAt: now, updatedAt: now }),
    );
    writer.create(
      eventsOf(id).doc(),
      withoutUndefined({
        type: 'added',
        at: now,
        revision: 1,
        changes: allChanges({}, record) ?? undefined,
        lastWateredDate: record.lastWateredDate ?? null,
        nextWateringDate: record.nextWateringDate ?? null,
      }),
    );
  }

  /**
   * The writes that create an imported plant with the care history its file gave (`history`,
   * oldest first, each event at its own time), at the revision of its last event, into the import's
   * list of writes. Without a history it is addPlant. A care task edited in the history keeps the
   * revision of its latest edit (`careEdits`), so its undo refuses the jobs before it as it would
   * have before the export.
   */
  function addImportedPlant(
    writer: DocumentCreator,
    id: string,
    record: NewPlantRecord,
    history: readonly Omit<PlantEvent, '_id'>[],
    now: Date,
  ): void {
    if (!history.length) return addPlant(writer, id, record, now);
    const careEdits: Partial<Record<CareTask, number>> = {};
    history.forEach((event, i) => {
      for (const field of Object.keys(event.changes ?? {})) {
        const task = field.split('.')[1];
        if (field.startsWith('care.') && isCareTask(task)) careEdits[task] = i + 1;
      }
      const data = withoutUndefined({ ...event, at: Timestamp.fromDate(new Date(event.at)), revision: i + 1 });
      writer.create(eventsOf(id).doc(), data);
    });
    writer.create(
      plants.doc(id),
      withoutUndefined({
        ...record,
        ...plantKeys(record, id),
        ...(Object.keys(careEdits).length ? { careEdits } : {}),
        revision: history.length,
        createdAt: now,
        updatedAt: now,
      }),
    );
  }

  /**
   * One change to a stored plant by the account `uid`, as one write of that account (see
   * AccountsRepository.write: the budget, and one commit made only if nothing it read changed
   * meanwhile): reads the plant, lets `work` read what else it needs and decide, and then stores
   * what `work` returns, with the plant's revision (the count of its stored changes, which orders
   * its care history) moved on by one.
   */
  async function changePlant<T>(
    id: string,
    uid: string,
    now: Date,
    work: (
      current: StoredPlant | null,
      account: AccountView,
    ) => Promise<{ result: T; write?: (batch: WriteBatch, revision: number) => void; plantDelta?: number }>,
  ): Promise<T> {
    const ref = plants.doc(id);
    return accounts.write(uid, now, async (account) => {
      const current = toStoredPlant(await ref.get());
      const { result, write, plantDelta } = await work(current, account);
      if (!current || !write) return { result };
      return { result, plantDelta, write: (batch) => write(batch, current.revision + 1) };
    });
  }

  return {
    changePlant,

    /** A stored plant (null: none), as a view reads it: its read counts against the request (lib/read-meter.ts). */
    async getStored(id: string): Promise<StoredPlantWithPhotos | null> {
      const snapshot = await call(plants.doc(id).get());
      return withPhotos(toStoredPlant(snapshot), snapshot);
    },

    /**
     * The stored plants of `ids` (null: none), in their order, as a write reads them: one getAll.
     * With `jobId` (a job sent with one, to the one plant of `ids`), whether its receipt is
     * `recorded`, read in the same getAll: one moment for both, so a receipt another request has
     * just committed is never seen beside the plant as it was before that commit (two reads in
     * parallel let a job sent twice at once answer the plant's old dates).
     */
    async readStored(
      ids: readonly string[],
      { jobId }: { jobId?: string } = {},
    ): Promise<{ plants: (StoredPlantWithPhotos | null)[]; recorded: boolean }> {
      if (jobId !== undefined && ids.length !== 1) throw new Error('a job id names a job to one plant');
      const receipt = jobId === undefined ? [] : [receiptsOf(ids[0]!).doc(jobId)];
      const snapshots = await db.getAll(...ids.map((id) => plants.doc(id)), ...receipt);
      return {
        plants: snapshots.slice(0, ids.length).map((snapshot) => withPhotos(toStoredPlant(snapshot), snapshot)),
        recorded: snapshots[ids.length]?.exists ?? false,
      };
    },

    /** The path of a plant's photos (the photos room's, named here with the plant's others). */
    photosPathOf: (id: string) => `${PLANTS_COLLECTION}/${id}/${PHOTOS_COLLECTION}`,

    /** The path of the chunks of one photo's renditions. */
    photoBytesPathOf: (id: string, photoId: string) =>
      `${PLANTS_COLLECTION}/${id}/${PHOTOS_COLLECTION}/${photoId}/${BYTES_COLLECTION}`,

    /**
     * The writes of jobs done to one plant (read as `stored`) in one change: the plant once, with
     * the fields of every step and its derived fields, at the revision of the last step; then, for
     * each step at its own revision from the plant's next on, its activity record and its event;
     * and the `receipt` of the job id they were sent with (JOB_RECEIPTS_COLLECTION).
     */
    writeSteps(
      batch: WriteBatch,
      id: string,
      stored: StoredPlant,
      steps: readonly PlantStep[],
      by: Actor,
      now: Date,
      receipt?: { jobId: string; job: CareJob },
    ): void {
      const first = stored.revision + 1;
      const plant = steps.at(-1)!.plant;
      const fields = Object.assign({}, ...steps.map((step) => step.fields)) as DocumentData;
      writePlant(batch, id, stored, fields, plant, first + steps.length - 1, now);
      const { ownerUid } = stored.plant;
      steps.forEach((step, i) => {
        const activityId =
          ownerUid && step.activity
            ? activityLog.record(batch, { ownerUid, plantId: id, plantName: plant.plantName, type: step.activity }, now)
            : undefined;
        batch.create(
          eventsOf(id).doc(),
          withoutUndefined({ ...step.event, by, at: now, revision: first + i, activityId }),
        );
      });
      // Created, not set: the same job sent twice at once, one commit fails and is made again, and
      // then finds it recorded.
      if (receipt) {
        const deleteAt = new Date(now.getTime() + RECEIPT_DAYS * 86_400_000);
        batch.create(receiptsOf(id).doc(receipt.jobId), { job: receipt.job, by: by.uid, at: now, deleteAt });
      }
    },

    /**
     * The writes of a job's undo: the plant (read as `stored`) with the `fields` the undo restores
     * (`after`: as it then reads), the event it takes back deleted, and that event's activity record.
     */
    writeUndo(
      batch: WriteBatch,
      id: string,
      stored: StoredPlant,
      undone: { fields: DocumentData; plant: Partial<Plant> },
      event: StoredEvent,
      now: Date,
    ): void {
      writePlant(batch, id, stored, undone.fields, undone.plant, stored.revision + 1, now);
      batch.delete(eventsOf(id).doc(event.id));
      const activityId = event.data.activityId as unknown;
      if (typeof activityId === 'string') activityLog.remove(batch, activityId);
    },

    /** A plant's events, newest first (by revision: the order they were stored in), at most `limit`; with `task`, only that task's (composite index: task, revision desc). */
    async listEvents(id: string, limit: number, task?: string): Promise<StoredEvent[]> {
      const events = task === undefined ? eventsOf(id) : eventsOf(id).where('task', '==', task);
      const snapshot = await call(events.orderBy('revision', 'desc').limit(limit).get());
      return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
    },

    /** One event of a plant's history (null: none). */
    async getEvent(id: string, eventId: string): Promise<StoredEvent | null> {
      const snapshot = await eventsOf(id).doc(eventId).get();
      return snapshot.exists ? { id: snapshot.id, data: snapshot.data()! } : null;
    },

    /** A new event's id, for an answer made before its write. */
    newEventId: (id: string) => eventsOf(id).doc().id,

    /**
     * The writes of an event added to the history of a plant read as `stored` (a note), or of one
     * deleted (`fields` null), at `revision`: the plant's revision moves on, which orders the event
     * among the others; the plant itself, and its updatedAt, stay as they were.
     */
    writeEvent(
      batch: WriteBatch,
      id: string,
      stored: StoredPlant,
      revision: number,
      eventId: string,
      fields: DocumentData | null,
    ): void {
      batch.update(plants.doc(id), { revision }, unchanged(stored));
      if (fields) batch.create(eventsOf(id).doc(eventId), { ...fields, revision });
      else batch.delete(eventsOf(id).doc(eventId));
    },

    /**
     * The write of a plant's photo count and cover (photos.repository.ts): `cover` set changes the
     * cover (its fields, and the plant's updatedAt); on the update time the plant was read at.
     */
    writePhotos(
      batch: WriteBatch,
      id: string,
      stored: StoredPlant,
      photos: { photoCount?: number; cover?: DocumentData },
      now: Date,
    ): void {
      const { photoCount, cover } = photos;
      batch.update(
        plants.doc(id),
        { ...(photoCount === undefined ? {} : { photoCount }), ...(cover ? { ...cover, updatedAt: now } : {}) },
        unchanged(stored),
      );
    },

    /**
     * The documents an import creates for a plant (addImportedPlant, and its activity record last),
     * each stored in a batch of the import's and deleted again should a later batch fail.
     */
    importPlant(
      id: string,
      record: NewPlantRecord,
      history: readonly Omit<PlantEvent, '_id'>[],
      now: Date,
    ): ImportWrite[] {
      const writes: { ref: DocumentReference; data: DocumentData }[] = [];
      addImportedPlant({ create: (ref, data) => writes.push({ ref, data }) }, id, record, history, now);
      return [
        ...writes.map(({ ref, data }) => ({
          plantId: ref.parent.id === PLANTS_COLLECTION ? ref.id : null,
          store: (batch: WriteBatch) => batch.create(ref, data),
          undo: (batch: WriteBatch) => batch.delete(ref),
        })),
        { plantId: null, ...activityLog.recordLater(added(id, record), now) },
      ];
    },

    countPlants: (ownerUid?: string, healthStatus?: string) => countPlants(db, ownerUid, healthStatus),

    /**
     * Whether any plant has this category, or any plant created before `createdBefore` (composite
     * index: category, createdAt). `limit(1)` stops the count at the first match.
     */
    async hasCategory(category: string, createdBefore?: Date): Promise<boolean> {
      let query = plants.where('category', '==', category);
      if (createdBefore) query = query.where('createdAt', '<', createdBefore);
      return (await call(query.limit(1).count().get())).data().count > 0;
    },

    /** A new plant's id, for the writes an import prepares before it stores them. */
    newPlantId(): string {
      return plants.doc().id;
    },

    /** Which of `ids` are plants that `uid` owns: one getAll of them. */
    async ownedAmong(uid: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const snapshots = await db.getAll(...ids.map((id) => plants.doc(id)));
      return new Set(
        snapshots
          .filter((snapshot) => snapshot.exists && snapshot.get('ownerUid') === uid)
          .map((snapshot) => snapshot.id),
      );
    },

    async getPlant(id: string): Promise<Plant | null> {
      const snapshot = await call(plants.doc(id).get());
      return snapshot.exists ? toPlant(snapshot) : null;
    },

    /**
     * Creates the plant at revision 1 with its 'added' event and activity record, as one write of
     * its owner's account. `authorize` sees the account (its plant count, its membership) and the
     * places the owner may use, may refuse, and says whether the plant is shared (its share key)
     * and where it stands; a place's book is written with it (PlaceSession.guard).
     */
    async createPlant(
      record: NewPlantRecord,
      now = new Date(),
      authorize: (
        account: AccountView,
        places: PlaceSession,
      ) =>
        | Pick<NewPlantRecord, 'shareKey' | 'placeId' | 'placeHousehold'>
        | void
        | Promise<Pick<NewPlantRecord, 'shareKey' | 'placeId' | 'placeHousehold'> | void> = () => {},
    ): Promise<string> {
      const ref = plants.doc();
      return accounts.write(record.ownerUid, now, async (account) => {
        const places = placesFor(record.ownerUid, account.membership, now);
        const stored = { ...record, ...(await authorize(account, places)) };
        return {
          result: ref.id,
          plantDelta: 1,
          write: (batch) => {
            addPlant(batch, ref.id, stored, now);
            activityLog.record(batch, added(ref.id, stored), now);
            places.guard(batch, now);
          },
        };
      });
    },

    /**
     * Plants whose watering follows their species and whose season changes on or before `day`
     * (wateringSeason.changesOn: a single-field index, which ends with the id), `limit` at a time in
     * the order of that day and their id, after `after`. The cursor holds the values the page read,
     * not the plant: a plant turned since has moved on (or lost its season), and starting after it
     * as it is now would skip the rest of the run.
     */
    async seasonsDue(day: string, limit: number, after?: SeasonsCursor): Promise<SeasonsPage> {
      const ordered = plants
        .where('wateringSeason.changesOn', '<=', day)
        .orderBy('wateringSeason.changesOn')
        .orderBy(FieldPath.documentId());
      const query = after ? ordered.startAfter(after.changesOn, after.id) : ordered;
      const snapshot = await call(query.limit(limit).get());
      const last = snapshot.docs.at(-1);
      return {
        plants: snapshot.docs.map((doc) => ({ id: doc.id, stored: toStoredPlant(doc)! })),
        next:
          last && snapshot.size === limit
            ? { changesOn: String(last.get('wateringSeason.changesOn')), id: last.id }
            : null,
      };
    },

    /**
     * A plant's watering turned to its new season: the changes written on the plant as read
     * (`stored`), with an 'updated' event by the app itself and no activity record; nobody's write
     * budget is spent. @returns false when the plant changed since it was read (the next run finds it again)
     */
    async turnSeason(id: string, stored: StoredPlant, changes: PlantChanges, now: Date): Promise<boolean> {
      const batch = db.batch();
      writeChanges(batch, id, stored, changes, stored.revision + 1, SEASONS_ACTOR, now, false);
      try {
        await batch.commit();
        return true;
      } catch (error) {
        if (lostRace(error)) return false;
        throw error;
      }
    },

    /**
     * Reads the plant and asks `decide` what to change, in one change (see changePlant), so the
     * decision is made on what is stored at the moment of writing. `decide` gets null for a
     * missing plant and may throw to refuse. Writes (and moves updatedAt, and records an 'updated'
     * activity, and an 'updated' event when health, the watering schedule or a care schedule
     * changed) only when there is a change. A care task whose schedule changed keeps the revision
     * of the change in `careEdits`: its jobs before it can no longer be undone.
     * @returns whether anything was written
     */
    async updatePlant(
      id: string,
      by: Actor,
      decide: (
        current: Plant | null,
        membership: () => Membership | null,
        places: PlaceSession,
      ) => PlantChanges | Promise<PlantChanges>,
      now = new Date(),
    ): Promise<boolean> {
      return changePlant(id, by.uid, now, async (stored, account) => {
        const current = stored?.plant ?? null;
        const places = placesFor(by.uid, account.membership, now);
        const changes = await decide(current, account.membership, places);
        if (!stored || !current || Object.keys(changes).length === 0) return { result: false };
        const move = 'placeId' in changes ? await moveOf(stored.plant, changes, places) : undefined;
        return {
          result: true,
          write: (batch, revision) => {
            writeChanges(batch, id, stored, changes, revision, by, now, true, move);
            places.guard(batch, now);
          },
        };
      });
    },

    /**
     * What the places room is handed of the store (PlacedPlants): the plants standing in a place
     * (`placeId`: a single-field index; with share keys an equality on `shareKey` too, which
     * Firestore merges), and the writes that move one out with its `moved` event.
     */
    placedPlants: {
      async countIn(placeId: string, shareKeys?: readonly string[]): Promise<number> {
        if (shareKeys && !shareKeys.length) return 0;
        let query: Query = plants.where('placeId', '==', placeId);
        if (shareKeys) query = query.where('shareKey', 'in', [...shareKeys]);
        return (await call(query.count().get())).data().count;
      },
      async plantsIn(placeId: string, limit: number): Promise<{ id: string; stored: StoredPlant }[]> {
        const snapshot = await call(plants.where('placeId', '==', placeId).limit(limit).get());
        return snapshot.docs.map((doc) => ({ id: doc.id, stored: toStoredPlant(doc)! }));
      },
      moveOut(
        batch: WriteBatch,
        plant: { id: string; stored: StoredPlant },
        move: { by: Actor; fromPlace: string; placeDeleted: true },
        now: Date,
      ): void {
        const out = { placeId: undefined, placeHousehold: undefined };
        const moved: PlaceMove = { fromPlace: move.fromPlace, toPlace: null, placeDeleted: true };
        writeChanges(batch, plant.id, plant.stored, out, plant.stored.revision + 1, move.by, now, false, moved);
      },
    },

    /**
     * Reads the plant, lets `authorize` refuse (it gets null for a missing plant), then deletes it,
     * records a 'deleted' activity and notes the plant as one to purge, in one commit: from then on
     * the plant is gone to every reader. Its care history and photos, which may hold any number of
     * documents, are deleted after it (purgePlant), so no change to them can make this commit fail
     * and its size does not grow with them.
     */
    async deletePlant(
      id: string,
      uid: string,
      authorize: (current: Plant | null, membership: () => Membership | null) => void,
      now = new Date(),
    ): Promise<void> {
      await changePlant(id, uid, now, async (stored, account) => {
        const current = stored?.plant ?? null;
        authorize(current, account.membership);
        return {
          result: undefined,
          plantDelta: -1,
          write: (batch) => {
            batch.delete(plants.doc(id), unchanged(stored!));
            batch.set(purges.doc(id), { plantId: id, ownerUid: current?.ownerUid ?? null, deletedAt: now });
            if (current?.ownerUid) {
              activityLog.record(
                batch,
                { ownerUid: current.ownerUid, plantId: id, plantName: current.plantName, type: 'deleted' },
                now,
              );
            }
          },
        };
      });
    },
  };
}

export type PlantsRepository = ReturnType<typeof createPlantsRepository>;

/**
 * What is left of deleted plants: their care histories, photos and photo bytes, under the plant's
 * path, and the notes that say which plants still have some (PURGES_COLLECTION).
 */
export function createPlantPurgeRepository(db: Firestore) {
  const { plants } = plantCollections(db);
  const purges = db.collection(PURGES_COLLECTION);
  return {
    /**
     * Deletes everything under a deleted plant's path (firebase-admin's recursiveDelete: it lists
     * the documents a batch at a time and deletes them without reading their data) through a
     * BulkWriter, then the note that it was to be purged. A plant that exists again is left
     * alone. Run again after a crash, it deletes what is left.
     * @returns whether the plant was purged
     */
    async purge(id: string): Promise<boolean> {
      if ((await call(plants.doc(id).get())).exists) return false;
      const writer = db.bulkWriter();
      await db.recursiveDelete(plants.doc(id), writer);
      await writer.close();
      await call(purges.doc(id).delete());
      return true;
    },

    /** The plants deleted at or before `before` whose purge has not finished, oldest first. */
    async unfinished(before: Date, limit: number): Promise<string[]> {
      const snapshot = await call(
        purges.where('deletedAt', '<=', before).orderBy('deletedAt').limit(limit).select().get(),
      );
      return snapshot.docs.map((doc) => doc.id);
    },
  };
}

export type PlantPurgeRepository = ReturnType<typeof createPlantPurgeRepository>;
