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
import { activityRecordRef, recordActivity } from '../activity/activity.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import { toIso } from '../lib/firestore-time';
import {
  CARE_JOB_WORDS,
  CARE_LEVELS,
  CATEGORIES,
  careChanges,
  careLevelRank,
  changedCareTasks,
  isCareTask,
  parseWateringInterval,
  readCareSchedules,
  trackedChanges,
  type ActivityType,
  type CareJob,
  type CareSchedule,
  type CareSchedules,
  type CareTask,
  type Plant,
  type PlantEvent,
  type TaskDates,
} from '../model';
import { LIST_LIMITS, type PlantFacets, type SearchMatch, type SortDirection, type SortKey } from '../model/plant-list';
import { CHUNK_COUNT_FIELDS, PHOTOS_COLLECTION, photoDocuments } from '../photos/photo-layout';
import { GRAM_LENGTH, INTERNAL_FIELDS, gramTerms, plantKeys, rarestGram, searchText, sortField } from './plant-keys';

export const PLANTS_COLLECTION = 'plants';
/** Under each plant: its care history (PlantEvent), newest by `revision`. */
export const EVENTS_COLLECTION = 'events';

/** What creates documents: a write batch, or whatever collects a batch's writes to commit them later. */
export interface DocumentCreator {
  create(documentRef: DocumentReference, data: DocumentData): unknown;
}

/** What the service hands the repository to store; timestamps and the revision are set here. */
export type NewPlantRecord = Omit<Plant, '_id' | 'createdAt' | 'updatedAt'> & {
  userEmail: string;
  userName: string;
  ownerUid: string;
};

type TextField = Exclude<keyof Plant, '_id' | 'createdAt' | 'updatedAt' | 'ownerUid' | 'wateringIntervalDays' | 'care'>;

/**
 * Fields to change on a stored plant; `undefined` clears an optional field (the field is deleted).
 * `care` is the plant's whole set of schedules after the change.
 */
export type PlantChanges = Partial<Record<TextField, string | undefined>> & {
  wateringIntervalDays?: number | null;
  care?: CareSchedules;
};

export interface ListOptions {
  /**
   * How many of the newest plants. When not given: LIST_LIMITS.newestMax for the list itself (one
   * URL, which the CDN keeps), LIST_LIMITS.maxPage for a page `before` a time (each its own URL).
   */
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

/**
 * A plant as stored: its revision (how many changes have been stored, 0 for plants older than
 * revisions; it orders the care history) and its update time, the precondition of the commit
 * that changes it (see AccountsRepository.write).
 */
interface StoredPlant {
  plant: Plant;
  revision: number;
  updateTime: Timestamp;
  /** Per care task, the revision of the latest edit of its schedule (see INTERNAL_FIELDS). */
  careEdits: Partial<Record<CareTask, number>>;
}

/** A care task done, as the service decides it: the day, and the task's schedule after it. */
export interface CareJobDecision {
  job: CareTask;
  date: string;
  after: CareSchedule;
}

/** What doing a job stores: a watering (the dates it sets) or a care task. */
export type JobDecision = ({ job: 'water' } & WateringDecision) | CareJobDecision;

/** One job of POST /mango/care: a plant, and what was done to it. */
export interface JobItem {
  plantId: string;
  job: CareJob;
}

/** The latest job of a care task, as its undo needs it. */
export interface LatestJob {
  revision: number;
  date?: string;
}

/** A note to add, as the service decides it. */
export interface NoteDecision {
  date: string;
  text: string;
  photoId?: string;
}

/** One page of GET /mango/due, as the repository finds it. */
export interface DuePageResult {
  plants: Plant[];
  /** Where the next page starts, or null on the last page. */
  next: DueCursor | null;
  total: number;
}

/** A place in the due order: after this date and plant id. */
export interface DueCursor {
  date: string;
  id: string;
}

/**
 * One step of a change that records jobs: the plant after it, the stored fields it sets
 * (FieldValue.delete() clears one), its event (without `at`, `revision` and `activityId`, which
 * the write adds) and its activity record's type.
 */
interface JobStep {
  plant: Plant;
  fields: DocumentData;
  event: DocumentData;
  activity: ActivityType;
}

/** The step of a watering (its fields and event exactly as POST /mango/:id/waterings stores them). */
function wateringStep(current: Plant, decision: WateringDecision, now: Date): JobStep {
  const { date, lastWateredDate, nextWateringDate } = decision;
  const plant: Plant = { ...current, lastWateredDate, updatedAt: now.toISOString() };
  if (nextWateringDate) plant.nextWateringDate = nextWateringDate;
  else delete plant.nextWateringDate;
  return {
    plant,
    fields: { lastWateredDate, nextWateringDate: nextWateringDate ?? FieldValue.delete() },
    event: {
      type: 'watered',
      date,
      previous: {
        lastWateredDate: current.lastWateredDate ?? null,
        nextWateringDate: current.nextWateringDate ?? null,
      },
      lastWateredDate,
      nextWateringDate,
    },
    activity: 'watered',
  };
}

const datesOf = (schedule: CareSchedule): TaskDates => ({ lastDate: schedule.lastDate, nextDate: schedule.nextDate });

/**
 * The step of a care task done: the task's new schedule (the plant's whole `care` is written), and
 * an event of the task's type keeping the task's dates before (null: it was not tracked) and after.
 */
function careStep(current: Plant, { job: task, date, after }: CareJobDecision, now: Date): JobStep {
  const before = current.care?.[task];
  const care: CareSchedules = { ...current.care, [task]: after };
  const { done } = CARE_JOB_WORDS[task];
  return {
    plant: { ...current, care, updatedAt: now.toISOString() },
    fields: { care },
    event: {
      type: done,
      task,
      date,
      before: before ? datesOf(before) : null,
      after: datesOf(after),
      lastWateredDate: current.lastWateredDate ?? null,
      nextWateringDate: current.nextWateringDate ?? null,
    },
    activity: done as ActivityType,
  };
}

/** What undoing a job stores: the plant afterwards (but its updatedAt), and the stored fields that change. */
interface JobUndone {
  plant: Plant;
  fields: DocumentData;
}

/** A watering's undo restores the dates its event kept (`previous`); a date that was unset is deleted again. */
function wateringUndone(current: Plant, event: DocumentData): JobUndone {
  const { lastWateredDate, nextWateringDate } = (event as LatestEvent).previous!;
  const plant: Plant = { ...current };
  for (const [field, value] of [
    ['lastWateredDate', lastWateredDate],
    ['nextWateringDate', nextWateringDate],
  ] as const) {
    if (value) plant[field] = value;
    else delete plant[field];
  }
  return {
    plant,
    fields: {
      lastWateredDate: lastWateredDate ?? FieldValue.delete(),
      nextWateringDate: nextWateringDate ?? FieldValue.delete(),
    },
  };
}

/** A care task's undo restores the dates its event kept (`before`); a task not tracked before it is not tracked again. */
function careUndone(current: Plant, task: CareTask, event: DocumentData): JobUndone {
  const before = taskDates(event.before);
  const care: CareSchedules = { ...current.care };
  if (before) care[task] = { frequency: null, intervalDays: null, ...care[task], ...before };
  else delete care[task];
  return { plant: { ...current, care }, fields: { care } };
}

/** What a job's undo takes back, and what it restores. */
interface JobKeeping {
  /** The events the undo looks at, newest first: their first is the one it takes back. */
  latest(events: Query): Query;
  undone(current: Plant, event: DocumentData): JobUndone;
}

const newestEvent = (events: Query) => events.orderBy('revision', 'desc').limit(1);

/**
 * Where watering and the care tasks differ on the one path of jobs (doJobs, undoLatestJobs; a job
 * done is wateringStep or careStep, by its decision). Watering, older than the care tasks, keeps
 * its dates in the plant's own fields and its undo takes back only the plant's latest change, of
 * any kind; a care task keeps its schedule in `care` and its undo takes back the task's latest job
 * (composite index: task, revision desc), whatever came after it.
 */
function keepingOf(job: CareJob): JobKeeping {
  if (job === 'water') return { latest: newestEvent, undone: wateringUndone };
  return {
    latest: (events) => newestEvent(events.where('task', '==', job)),
    undone: (current, event) => careUndone(current, job, event),
  };
}

/** The latest event, as the watering's undo needs it. */
export interface LatestEvent {
  type: string;
  date?: string;
  previous?: { lastWateredDate: string | null; nextWateringDate: string | null };
}

/** The event an undo would take back, as its rules need it. */
export type LatestJobEvent = LatestEvent & LatestJob;

const latestJobEvent = (event: DocumentData): LatestJobEvent => ({
  ...(event as LatestEvent),
  type: String(event.type ?? ''),
  revision: Number(event.revision),
});

/** One page of the paged list, as the repository finds it. */
export interface PlantPageQuery {
  /** The search text as the user typed it; matched in lower case. '' for none. */
  search: string;
  match: SearchMatch;
  category?: string;
  /** The care level, lower case. */
  care?: string;
  ownerUid?: string;
  sort: SortKey;
  dir: SortDirection;
  limit: number;
  /** The sort key to start strictly after (from the cursor). */
  after?: string;
}

export interface PlantPageResult {
  plants: Plant[];
  /** The sort key the next page starts after, or null on the last page. */
  nextAfter: string | null;
  total: number;
  totalExact: boolean;
}

/**
 * How many candidates a search other than of exactly GRAM_LENGTH characters may read per request,
 * in pages: Firestore has no substring index, so such a search reads the plants that hold one gram
 * of the text (or, for one or two characters, the whole view) and keeps those that hold it all, in
 * one query. When the budget is spent it answers what it found with a cursor to go on.
 */
export const SEARCH_BUDGET_PAGES = 4;

/**
 * Firestore document to plain object: Timestamps become ISO strings at this boundary, and the
 * internal fields (the revision, sort keys and search grams) stay inside. A cleared optional field
 * is deleted from the document; plants stored by earlier versions kept '' instead, which reads as
 * absent too until the backfill removes it (plant-backfill.ts). Plants stored before the server
 * derived intervals get theirs here.
 */
export function toPlant(snapshot: DocumentSnapshot): Plant {
  const data = snapshot.data() ?? {};
  const plant: Record<string, unknown> = { _id: snapshot.id };
  for (const [key, value] of Object.entries(data)) {
    if (value === '' || INTERNAL_FIELDS.has(key)) continue;
    plant[key] = key === 'createdAt' || key === 'updatedAt' ? toIso(value) : value;
  }
  if (plant.wateringIntervalDays === undefined)
    plant.wateringIntervalDays = parseWateringInterval(plant.wateringFrequency as string | undefined);
  plant.care = readCareSchedules(data.care);
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
  };
}

function careEditsOf(stored: unknown): Partial<Record<CareTask, number>> {
  if (!stored || typeof stored !== 'object') return {};
  return Object.fromEntries(
    Object.entries(stored).filter(([task, revision]) => isCareTask(task) && typeof revision === 'number'),
  );
}

const taskDates = (value: unknown): TaskDates | null => {
  if (!value || typeof value !== 'object') return null;
  const { lastDate, nextDate } = value as Record<string, unknown>;
  return { lastDate: orNull(lastDate), nextDate: orNull(nextDate) };
};

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
    ...(previous
      ? {
          previous: {
            lastWateredDate: orNull(previous.lastWateredDate),
            nextWateringDate: orNull(previous.nextWateringDate),
          },
        }
      : {}),
    ...(isCareTask(data.task)
      ? {
          task: data.task,
          before: taskDates(data.before),
          after: taskDates(data.after) ?? { lastDate: null, nextDate: null },
        }
      : {}),
    ...(typeof data.text === 'string' ? { text: data.text } : {}),
    ...(typeof data.photoId === 'string' ? { photoId: data.photoId } : {}),
    lastWateredDate: orNull(data.lastWateredDate),
    nextWateringDate: orNull(data.nextWateringDate),
  };
}

/** What an 'added' or 'updated' event records: the tracked fields and the care schedules that changed. */
function allChanges(before: Partial<Plant>, after: Partial<Plant>): PlantEvent['changes'] | null {
  const changes = { ...trackedChanges(before, after), ...careChanges(before.care, after.care) };
  return Object.keys(changes).length ? changes : null;
}

/** The precondition of a write to a plant read as `stored`: unchanged since. */
const unchanged = (stored: StoredPlant) => ({ lastUpdateTime: stored.updateTime });

/** Whether two stored times are the same instant. */
const sameInstant = (a: unknown, b: unknown) => a instanceof Timestamp && b instanceof Timestamp && a.isEqual(b);

function withoutUndefined(data: Record<string, unknown>): DocumentData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

export function createPlantsRepository(db: Firestore, accounts: AccountsRepository) {
  const plants = db.collection(PLANTS_COLLECTION);
  // By path from the database rather than plants.doc(id).collection(...), so the index test's
  // query recorder (which wraps db.collection) sees the queries on them too.
  const eventsOf = (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${EVENTS_COLLECTION}`);
  const photosOf = (id: string) => db.collection(`${PLANTS_COLLECTION}/${id}/${PHOTOS_COLLECTION}`);

  /**
   * The newest plants first: ordered by createdAt, then by id (both descending), so the order is
   * the same on every read. `before` pages on from a page's last createdAt; plants stored in the
   * same millisecond as that last plant would then be skipped, so a page never ends among them:
   * when the limit falls inside a millisecond, the rest of that millisecond's plants come along
   * (one look-ahead document per page, and a query for the rest only when they exist).
   */
  async function newestFirst(base: Query, { limit: asked, before }: ListOptions): Promise<Plant[]> {
    const limit = asked ?? (before ? LIST_LIMITS.maxPage : LIST_LIMITS.newestMax);
    let query = base.orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (before) query = query.where('createdAt', '<', new Date(before));
    const { docs } = await call(query.limit(limit + 1).get());
    const page = docs.slice(0, limit);
    const last = page.at(-1);
    const next = docs[limit];
    if (!last || !next || !sameInstant(next.get('createdAt'), last.get('createdAt'))) return page.map(toPlant);
    const rest = await call(query.startAfter(last).endAt(last.get('createdAt')).get());
    return [...page, ...rest.docs].map(toPlant);
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
    const activity = recordActivity(
      db,
      writer,
      { ownerUid: record.ownerUid, plantId: id, plantName: record.plantName, type: 'added' },
      now,
    );
    return [plants.doc(id), event, activityRecordRef(db, activity)];
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
    const activity = recordActivity(
      db,
      writer,
      { ownerUid: record.ownerUid, plantId: id, plantName: record.plantName, type: 'added' },
      now,
    );
    return [plants.doc(id), ...events, activityRecordRef(db, activity)];
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
    ) => Promise<{ result: T; write?: (batch: WriteBatch, revision: number) => void; plantDelta?: number }>,
    now: Date,
  ): Promise<T> {
    const ref = plants.doc(id);
    return accounts.write(uid, now, async () => {
      const current = toStoredPlant(await ref.get());
      const { result, write, plantDelta } = await work(current);
      if (!current || !write) return { result };
      return { result, plantDelta, write: (batch) => write(batch, current.revision + 1) };
    });
  }

  /**
   * The writes of jobs done to one plant (read as `stored`) in one change: the plant once, with the
   * fields of every step and its derived fields, at the revision of the last step; then, for each
   * step at its own revision from `first` on, its activity record and its event.
   */
  function writeSteps(
    batch: WriteBatch,
    id: string,
    stored: StoredPlant,
    steps: readonly JobStep[],
    first: number,
    now: Date,
  ): void {
    const plant = steps.at(-1)!.plant;
    const fields = Object.assign({}, ...steps.map((step) => step.fields)) as DocumentData;
    batch.update(
      plants.doc(id),
      { ...fields, ...plantKeys(plant, id), revision: first + steps.length - 1, updatedAt: now },
      unchanged(stored),
    );
    const { ownerUid } = stored.plant;
    steps.forEach((step, i) => {
      const activityId = ownerUid
        ? recordActivity(db, batch, { ownerUid, plantId: id, plantName: plant.plantName, type: step.activity }, now)
        : undefined;
      batch.create(eventsOf(id).doc(), withoutUndefined({ ...step.event, at: now, revision: first + i, activityId }));
    });
  }

  return {
    addPlant,
    addImportedPlant,

    /** The newest plants (see newestFirst). */
    listPlants(options: ListOptions = {}): Promise<Plant[]> {
      return newestFirst(plants, options);
    },

    /** One owner's newest plants (composite index: ownerUid, createdAt desc). */
    listPlantsByOwner(ownerUid: string, options: ListOptions = {}): Promise<Plant[]> {
      return newestFirst(plants.where('ownerUid', '==', ownerUid), options);
    },

    /**
     * One page of a view, in one indexed query per page (composite indexes in
     * firestore.indexes.json: the filters, then the view's sort key), plus a count() aggregation
     * for the total. Pages start after the last key seen (a query cursor on the view's sort key,
     * which is unique: it ends with the plant's id).
     *
     * A search of exactly GRAM_LENGTH characters is one gram, so it is exact: `array-contains`.
     * Any other reads, in one query of SEARCH_BUDGET_PAGES pages, the candidates (the plants that
     * hold the text's rarest gram, or for a shorter text the whole view) and keeps those that hold
     * the whole text; its total is then an upper bound (the candidates' count) unless that read
     * saw every candidate.
     */
    async queryPlants(query: PlantPageQuery): Promise<PlantPageResult> {
      const { field, direction } = sortField(query.sort, query.dir);
      const needle = searchText(query.search.trim());
      const filtered = (gram?: string): Query => {
        let q: Query = plants;
        if (query.ownerUid !== undefined) q = q.where('ownerUid', '==', query.ownerUid);
        if (query.category) q = q.where('category', '==', query.category);
        if (query.care) q = q.where('careKey', '==', query.care);
        if (gram !== undefined) {
          const { field: grams, terms } = gramTerms(gram, query.match);
          q =
            terms.length === 1
              ? q.where(grams, 'array-contains', terms[0])
              : q.where(grams, 'array-contains-any', terms);
        }
        return q;
      };
      const page = (base: Query, after: string | undefined, size: number) => {
        const q = base.orderBy(field, direction);
        return (after === undefined ? q : q.startAfter(after)).limit(size);
      };
      const keyOf = (snapshot: DocumentSnapshot) => String(snapshot.get(field));
      const count = async (base: Query) => (await call(base.count().get())).data().count;

      const length = Array.from(needle).length;
      if (length === 0 || length === GRAM_LENGTH) {
        const base = filtered(needle || undefined);
        const [snapshot, total] = await Promise.all([
          call(page(base, query.after, query.limit + 1).get()),
          count(base),
        ]);
        const docs = snapshot.docs.slice(0, query.limit);
        const more = snapshot.docs.length > query.limit;
        return { plants: docs.map(toPlant), nextAfter: more ? keyOf(docs.at(-1)!) : null, total, totalExact: true };
      }

      const base = filtered(length > GRAM_LENGTH ? rarestGram(needle) : undefined);
      const holds = (snapshot: DocumentSnapshot) =>
        searchText(String(snapshot.get('plantName') ?? '')).includes(needle) ||
        (query.match === 'name-or-category' && searchText(String(snapshot.get('category') ?? '')).includes(needle));
      const budget = SEARCH_BUDGET_PAGES * (query.limit + 1);
      const [snapshot, candidates] = await Promise.all([call(page(base, query.after, budget).get()), count(base)]);
      const matches: DocumentSnapshot[] = [];
      let after = query.after;
      for (const doc of snapshot.docs) {
        after = keyOf(doc);
        if (holds(doc)) matches.push(doc);
        if (matches.length > query.limit) break;
      }
      const exhausted = snapshot.size < budget && matches.length <= query.limit;
      const shown = matches.slice(0, query.limit);
      const nextAfter = matches.length > query.limit ? keyOf(shown.at(-1)!) : exhausted ? null : (after ?? null);
      const complete = query.after === undefined && exhausted;
      return {
        plants: shown.map(toPlant),
        nextAfter,
        total: complete ? shown.length : candidates,
        totalExact: complete,
      };
    },

    /**
     * The known categories and care levels that at least one plant has, and how many plants there
     * are: count() aggregations stopped at the first match, never a read of plants.
     */
    async facets(): Promise<PlantFacets> {
      const has = async (field: string, value: string) =>
        (await call(plants.where(field, '==', value).limit(1).count().get())).data().count > 0;
      const levels = [...CARE_LEVELS].sort((a, b) => careLevelRank(a) - careLevelRank(b));
      const [categories, careLevels, total] = await Promise.all([
        Promise.all(CATEGORIES.map((category) => has('category', category))),
        Promise.all(levels.map((level) => has('careKey', level))),
        call(plants.count().get()),
      ]);
      return {
        categories: CATEGORIES.filter((_, i) => categories[i]),
        careLevels: levels.filter((_, i) => careLevels[i]),
        total: total.data().count,
      };
    },

    async getPlant(id: string): Promise<Plant | null> {
      const snapshot = await call(plants.doc(id).get());
      return snapshot.exists ? toPlant(snapshot) : null;
    },

    /**
     * Creates the plant at revision 1 with its 'added' event and activity record, as one write of
     * its owner's account. `authorize` sees the account (its plant count) and may refuse.
     */
    async createPlant(
      record: NewPlantRecord,
      now = new Date(),
      authorize: (account: AccountView) => void = () => {},
    ): Promise<string> {
      const ref = plants.doc();
      return accounts.write(record.ownerUid, now, async (account) => {
        authorize(account);
        return { result: ref.id, plantDelta: 1, write: (batch) => addPlant(batch, ref.id, record, now) };
      });
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
      uid: string,
      decide: (current: Plant | null) => PlantChanges,
      now = new Date(),
    ): Promise<boolean> {
      return changePlant(
        id,
        uid,
        async (stored) => {
          const current = stored?.plant ?? null;
          const changes = decide(current);
          if (!stored || !current || Object.keys(changes).length === 0) return { result: false };
          return {
            result: true,
            write: (batch, revision) => {
              const data: DocumentData = Object.fromEntries(
                Object.entries(changes).map(([field, value]) => [field, value ?? FieldValue.delete()]),
              );
              const after = { ...current, ...changes };
              const edited = changes.care ? changedCareTasks(current.care, changes.care) : [];
              if (edited.length)
                data.careEdits = { ...stored.careEdits, ...Object.fromEntries(edited.map((task) => [task, revision])) };
              batch.update(
                plants.doc(id),
                { ...data, ...plantKeys(after, id), revision, updatedAt: now },
                unchanged(stored),
              );
              const tracked = allChanges(current, after);
              if (tracked) {
                batch.create(eventsOf(id).doc(), {
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
                recordActivity(db, batch, { ownerUid: current.ownerUid, plantId: id, plantName, type: 'updated' }, now);
              }
            },
          };
        },
        now,
      );
    },

    /**
     * Reads the plant, lets `authorize` refuse (it gets null for a missing plant), then deletes it
     * with its care history and its photos (metadata and bytes) and records a 'deleted' activity,
     * in the same change: nothing of a deleted plant stays behind but its activity records (the
     * dashboard's history).
     */
    async deletePlant(
      id: string,
      uid: string,
      authorize: (current: Plant | null) => void,
      now = new Date(),
    ): Promise<void> {
      await changePlant(
        id,
        uid,
        async (stored) => {
          const current = stored?.plant ?? null;
          authorize(current);
          // Every event and every photo is written with a change of the plant, so the plant's
          // precondition keeps these lists complete until the commit. A photo's chunk counts name
          // its bytes' documents without reading them.
          const [events, photos] = await Promise.all([
            eventsOf(id).select().get(),
            photosOf(id)
              .select(...Object.values(CHUNK_COUNT_FIELDS))
              .get(),
          ]);
          return {
            result: undefined,
            plantDelta: -1,
            write: (batch) => {
              batch.delete(plants.doc(id), unchanged(stored!));
              for (const event of events.docs) batch.delete(event.ref);
              for (const photo of photos.docs) for (const ref of photoDocuments(photo)) batch.delete(ref);
              if (current?.ownerUid) {
                recordActivity(
                  db,
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

    /** A plant's events, newest first (by revision: the order they were stored in). */
    async listEvents(id: string, limit: number): Promise<PlantEvent[]> {
      const snapshot = await call(eventsOf(id).orderBy('revision', 'desc').limit(limit).get());
      return snapshot.docs.map(toPlantEvent);
    },

    /**
     * Jobs done to plants of one account, waterings and care tasks alike (POST /mango/care and
     * its aliases) in one change, all or nothing, one write of the budget per job. The
     * same plant may have several jobs: each is decided on the plant as the jobs before it left
     * it, gets its own event (in the order of `items`) and activity record, and the plant is
     * written once. `decide` gets each plant (null when missing) and may throw to refuse them all.
     * @returns each plant as stored afterwards, once, in the order of its first job
     */
    async doJobs(
      items: readonly JobItem[],
      uid: string,
      decide: (id: string, current: Plant | null, job: CareJob) => JobDecision,
      now = new Date(),
    ): Promise<Plant[]> {
      return accounts.write(uid, now, async () => {
        const ids = [...new Set(items.map((item) => item.plantId))];
        const snapshots = await db.getAll(...ids.map((id) => plants.doc(id)));
        const stored = new Map(ids.map((id, i) => [id, toStoredPlant(snapshots[i]!)]));
        const current = new Map(ids.map((id) => [id, stored.get(id)?.plant ?? null]));
        const steps = new Map<string, JobStep[]>();
        for (const { plantId, job } of items) {
          const plant = current.get(plantId) ?? null;
          const decision = decide(plantId, plant, job);
          if (!plant) throw new Error('decide must refuse a missing plant');
          const step = decision.job === 'water' ? wateringStep(plant, decision, now) : careStep(plant, decision, now);
          current.set(plantId, step.plant);
          steps.set(plantId, [...(steps.get(plantId) ?? []), step]);
        }
        return {
          result: ids.map((id) => current.get(id)!),
          cost: items.length,
          write: (batch) => {
            for (const id of ids)
              writeSteps(batch, id, stored.get(id)!, steps.get(id)!, stored.get(id)!.revision + 1, now);
          },
        };
      });
    },

    /**
     * Undoes the latest job of each item (DELETE /mango/:id/care/:task/latest, and its aliases) in
     * one change, all or nothing, one write of the budget per plant: the plant gets back the dates
     * the job's event kept (keepingOf), and the event and its activity record are deleted. Each
     * plant is named once. `decide` gets each plant (null when missing), the event the undo would
     * take back (null when there is none) and the revision of the latest edit of the task's schedule
     * (0: none; always 0 for watering), and throws to refuse them all.
     * @returns the plants as stored afterwards, in the order of `items`
     */
    async undoLatestJobs(
      items: readonly JobItem[],
      uid: string,
      decide: (
        id: string,
        current: Plant | null,
        job: CareJob,
        latest: LatestJobEvent | null,
        editedAt: number,
      ) => void,
      now = new Date(),
    ): Promise<Plant[]> {
      const ids = items.map((item) => item.plantId);
      if (new Set(ids).size !== ids.length) throw new Error('undoLatestJobs takes each plant once');
      return accounts.write(uid, now, async () => {
        const stored = (await db.getAll(...ids.map((id) => plants.doc(id)))).map(toStoredPlant);
        // Every event is written with a change of the plant, so the plant's precondition keeps
        // these the latest until the commit.
        const latest = await Promise.all(
          items.map(async ({ plantId, job }, i) =>
            stored[i] ? (await keepingOf(job).latest(eventsOf(plantId)).get()).docs[0] : undefined,
          ),
        );
        const undos = items.map(({ plantId, job }, i) => {
          const plant = stored[i];
          const event = latest[i]?.data();
          const editedAt = job === 'water' ? 0 : (plant?.careEdits[job] ?? 0);
          decide(plantId, plant?.plant ?? null, job, event ? latestJobEvent(event) : null, editedAt);
          if (!plant || !event) throw new Error('decide must refuse when there is nothing to undo');
          const undone = keepingOf(job).undone(plant.plant, event);
          return { ...undone, plant: { ...undone.plant, updatedAt: now.toISOString() } };
        });
        return {
          result: undos.map((undo) => undo.plant),
          cost: items.length,
          write: (batch) =>
            undos.forEach(({ plant, fields }, i) => {
              const id = ids[i]!;
              const event = latest[i]!;
              batch.update(
                plants.doc(id),
                { ...fields, ...plantKeys(plant, id), revision: stored[i]!.revision + 1, updatedAt: now },
                unchanged(stored[i]!),
              );
              batch.delete(event.ref);
              const activityId = event.get('activityId') as unknown;
              if (typeof activityId === 'string') batch.delete(activityRecordRef(db, activityId));
            }),
        };
      });
    },

    /**
     * Adds a dated note to the plant's history, in one change (the plant's revision moves on, which
     * orders the note among the other events; the plant itself, and its updatedAt, stay as they
     * were). `decide` gets the plant (null when missing) and whether the photo named exists under
     * it, and may throw to refuse.
     * @returns the note as GET /mango/:id/events answers it
     */
    async addNote(
      id: string,
      uid: string,
      photoId: string | undefined,
      decide: (current: Plant | null, photoFound: boolean) => NoteDecision,
      now = new Date(),
    ): Promise<PlantEvent> {
      return changePlant(
        id,
        uid,
        async (stored) => {
          const photoFound =
            stored && photoId
              ? (await db.doc(`${PLANTS_COLLECTION}/${id}/${PHOTOS_COLLECTION}/${photoId}`).get()).exists
              : false;
          const note = decide(stored?.plant ?? null, photoFound);
          if (!stored) throw new Error('decide must refuse a missing plant');
          const ref = eventsOf(id).doc();
          const fields = {
            type: 'note',
            date: note.date,
            text: note.text,
            ...(note.photoId ? { photoId: note.photoId } : {}),
            lastWateredDate: stored.plant.lastWateredDate ?? null,
            nextWateringDate: stored.plant.nextWateringDate ?? null,
          };
          return {
            result: { _id: ref.id, at: now.toISOString(), ...fields },
            write: (batch, revision) => {
              batch.update(plants.doc(id), { revision }, unchanged(stored));
              batch.create(ref, { ...fields, at: now, revision });
            },
          };
        },
        now,
      );
    },

    /**
     * Deletes a note of the plant's history, in one change. `decide` gets the plant (null when
     * missing) and whether the plant has a note with that id, and may throw to refuse.
     */
    async deleteNote(
      id: string,
      uid: string,
      noteId: string,
      decide: (current: Plant | null, found: boolean) => void,
      now = new Date(),
    ): Promise<void> {
      await changePlant(
        id,
        uid,
        async (stored) => {
          const note = stored ? await eventsOf(id).doc(noteId).get() : undefined;
          decide(stored?.plant ?? null, !!note?.exists && note.get('type') === 'note');
          if (!stored || !note) throw new Error('decide must refuse a missing note');
          return {
            result: undefined,
            write: (batch, revision) => {
              batch.update(plants.doc(id), { revision }, unchanged(stored));
              batch.delete(note.ref);
            },
          };
        },
        now,
      );
    },

    /**
     * One page of an owner's plants with a job due on or before `until`, soonest first (then by
     * id), in one indexed query (composite index: ownerUid, nextDueDate), and how many there are
     * (a count() aggregation on the same index). Reads at most `limit` + 1 plants.
     */
    async listDue(ownerUid: string, until: string, limit: number, after?: DueCursor): Promise<DuePageResult> {
      const base = plants.where('ownerUid', '==', ownerUid).where('nextDueDate', '<=', until);
      const ordered = base.orderBy('nextDueDate').orderBy(FieldPath.documentId());
      const page = (after ? ordered.startAfter(after.date, after.id) : ordered).limit(limit + 1);
      const [snapshot, total] = await Promise.all([call(page.get()), call(base.count().get())]);
      const docs = snapshot.docs.slice(0, limit);
      const last = docs.at(-1);
      const next = snapshot.docs.length > limit && last ? { date: String(last.get('nextDueDate')), id: last.id } : null;
      return { plants: docs.map(toPlant), next, total: total.data().count };
    },
  };
}

export type PlantsRepository = ReturnType<typeof createPlantsRepository>;
