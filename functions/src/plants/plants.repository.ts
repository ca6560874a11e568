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
import type { ActivityLog } from '../activity/activity.repository';
import type { Membership } from '../access/household-access';
import type { PlaceBooks, PlaceSession } from '../places/place-books.repository';
import type { Actor } from '../lib/viewer';
import { firestoreCall as call, lostRace } from '../lib/firestore-call';
import { toIso, withoutUndefined, type DocumentCreator } from '../lib/firestore-fields';
import {
  careChanges,
  changedCareTasks,
  isCareTask,
  parseWateringInterval,
  readCareSchedules,
  trackedChanges,
  type CareSchedules,
  type CareTask,
  type Plant,
  type PlantEvent,
  type FollowedSeason,
  type WateringFollows,
} from '../model';
import { rhythmsOf, type Rhythms } from '../model/rhythm';
import { INTERNAL_FIELDS, plantKeys } from './plant-keys';

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

/**
 * Firestore document to plain object: Timestamps become ISO strings at this boundary, and the
 * internal fields (the revision, sort keys and search grams) stay inside. A cleared optional field
 * is deleted from the document; plants stored by earlier versions kept '' instead, which reads as
 * absent too until the backfill removes it (migrations/plant-fields.ts). Plants stored before the server
 * derived intervals get theirs here.
 */
function toPlant(snapshot: DocumentSnapshot): Plant {
  const data = snapshot.data() ?? {};
  const plant: Record<string, unknown> = { _id: snapshot.id };
  for (const [key, value] of Object.entries(data)) {
    if (value === '' || INTERNAL_FIELDS.has(key)) continue;
    plant[key] = key === 'createdAt' || key === 'updatedAt' ? toIso(value) : value;
  }
  if (plant.wateringIntervalDays === undefined)
    plant.wateringIntervalDays = parseWateringInterval(plant.wateringFrequency as string | undefined);
  plant.care = readCareSchedules(data.care);
  // What the catalogue does not know of the species is stored as nothing, and answered as null.
  if (plant.speciesId) {
    plant.toxicToCats ??= null;
    plant.toxicToDogs ??= null;
  }
  return plant as Plant;
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

/**
 * The plant store's collections, for the rooms that read or write them (the list, care, what is
 * due): the plants, and under each plant its events and photos. By path from the database rather
 * than plants.doc(id).collection(...), so the index test's query recorder (which wraps
 * db.collection) sees the queries on them too.
 */
function plantCollections(db: Firestore) {
  return {
    plants: db.collection(PLANTS_COLLECTION),
    eventsOf: (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`),
    photosOf: (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${PHOTOS_COLLECTION}`),
    bytesOf: (id: string, photoId: string) =>
      db.collection(`${PLANTS_COLLECTION}/${id}/${PHOTOS_COLLECTION}/${photoId}/${BYTES_COLLECTION}`),
  };
}

/**
 * What the plant store hands the rooms that query or write plants beside it (the list, what is
 * due, photos, care): its collections, how a stored plant reads, and the precondition of a write
 * to one. rooms.ts makes it; those rooms import only its type, and own no collection of
 * the plant store's.
 */
export function plantStoreAccess(db: Firestore) {
  return { ...plantCollections(db), toPlant, toStoredPlant, unchanged };
}

export type PlantStoreAccess = ReturnType<typeof plantStoreAccess>;

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
  const { plants, eventsOf } = plantCollections(db);
  const purges = db.collection(PURGES_COLLECTION);
  const placesFor = (uid: string, membership: () => Membership | null, now: Date): PlaceSession =>
    placeBooks ? placeBooks.session(uid, membership, now) : NO_PLACES;

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
    batch.update(
      plants.doc(id),
      { ...data, ...plantKeys(after, id), revision: last, updatedAt: now },
      unchanged(stored),
    );
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
   * The writes that create a plant (at revision 1, with its derived fields) with its 'added' event
   * and activity record, into the batch of the write that adds it.
   * @returns the three documents it creates, so an import that fails later can delete them again
   */
  function addPlant(writer: DocumentCreator, id: string, record: NewPlantRecord, now: Date): DocumentReference[] {
    const event = eventsOf(id).doc();
    writer.create(
      plants.doc(id),
      withoutUndefined({ ...record, ...plantKeys(record, id), revision: 1, createdAt: now, updatedAt: now }),
    );
    writer.create(
      event,
      withoutUndefined({
        type: 'added',
        at: now,
        revision: 1,
        changes: allChanges({}, record) ?? undefined,
        lastWateredDate: record.lastWateredDate ?? null,
        nextWateringDate: record.nextWateringDate ?? null,
      }),
    );
    const activity = activityLog.record(
      writer,
      { ownerUid: record.ownerUid, plantId: id, plantName: record.plantName, type: 'added' },
      now,
    );
    return [plants.doc(id), event, activityLog.recordRef(activity)];
  }

  /**
   * The writes that create an imported plant with the care history its file gave (`history`,
   * oldest first, each event at its own time), at the revision of its last event, and its 'added'
   * activity record, into the batch of the import. Without a history it is addPlant. A care task
   * edited in the history keeps the revision of its latest edit (`careEdits`), so its undo refuses
   * the jobs before it as it would have before the export.
   * @returns the documents it creates, so an import that fails later can delete them again
   */
  function addImportedPlant(
    writer: DocumentCreator,
    id: string,
    record: NewPlantRecord,
    history: readonly Omit<PlantEvent, '_id'>[],
    now: Date,
  ): DocumentReference[] {
    if (!history.length) return addPlant(writer, id, record, now);
    const careEdits: Partial<Record<CareTask, number>> = {};
    const events = history.map((event, i) => {
      for (const field of Object.keys(event.changes ?? {})) {
        const task = field.split('.')[1];
        if (field.startsWith('care.') && isCareTask(task)) careEdits[task] = i + 1;
      }
      const ref = eventsOf(id).doc();
      writer.create(ref, withoutUndefined({ ...event, at: Timestamp.fromDate(new Date(event.at)), revision: i + 1 }));
      return ref;
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
    const activity = activityLog.record(
      writer,
      { ownerUid: record.ownerUid, plantId: id, plantName: record.plantName, type: 'added' },
      now,
    );
    return [plants.doc(id), ...events, activityLog.recordRef(activity)];
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
    work: (
      current: StoredPlant | null,
      account: AccountView,
    ) => Promise<{ result: T; write?: (batch: WriteBatch, revision: number) => void; plantDelta?: number }>,
    now: Date,
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
    addPlant,
    addImportedPlant,
    changePlant,

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

    /** Whether `ref` names a plant (not one of its events or photos). */
    isPlant: (ref: DocumentReference) => ref.parent.id === PLANTS_COLLECTION,

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
      return changePlant(
        id,
        by.uid,
        async (stored, account) => {
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
        },
        now,
      );
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
      await changePlant(
        id,
        uid,
        async (stored, account) => {
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
        },
        now,
      );
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
