import { assertRoomFor } from '../accounts/write-budget';
import { DEFAULT_LIMITS, type AccountLimits } from '../config/limits';
import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import {
  CARE_JOBS,
  CARE_JOB_WORDS,
  LIMITS,
  PLANT_EVENTS_LIMIT,
  UpdatePlantInputSchema,
  applyCareInput,
  careJobOfType,
  changedCareTasks,
  datesAfterWatering,
  isCareJob,
  latestWateringDate,
  nextDateOrDefault,
  parseWateringInterval,
  scheduleAfterJob,
  utcToday,
  withNextDates,
  type CareBatchInput,
  type CareJob,
  type CareJobInput,
  type CareTask,
  type CreatePlantInput,
  type DuePage,
  type NoteInput,
  type Plant,
  type PlantEvent,
  type UpdatePlantInput,
  type UpdatePlantRequest,
} from '../model';
import { DEFAULT_DIRECTION, DEFAULT_SORT, LIST_LIMITS, type PlantFacets, type PlantPage } from '../model/plant-list';
import { decodeCursor, encodeCursor, queryFingerprint } from './plant-cursor';
import { searchText } from './plant-keys';
import type {
  CareJobDecision,
  JobDecision,
  LatestEvent,
  LatestJob,
  LatestJobEvent,
  ListOptions,
  NewPlantRecord,
  NoteDecision,
  PlantChanges,
  PlantsRepository,
  WateringDecision,
} from './plants.repository';
import { isPlausiblePlantId, type DueQuery, type ListPlantsQuery } from './plants.schemas';

export type { Viewer };

/**
 * The fields PUT /mango/:id replaces; an absent optional one (description) is removed. `care` is
 * not one of them: absent, it leaves the schedules as they are (changesBetween).
 */
export const UPDATABLE_FIELDS = Object.keys(UpdatePlantInputSchema.shape) as (keyof UpdatePlantInput)[];

const LIST_DEFAULT_PAGE = LIST_LIMITS.defaultPage;
/** How long an instance answers the filter options it counted (docs/api.md: what caches keep). */
export const FACETS_FRESH_MS = 30_000;

const plantNotFound = () => new HttpError(404, 'not_found', 'That plant does not exist. It may have been deleted.');
const notYourPlant = () => new HttpError(403, 'forbidden', 'You can only change or delete your own plants.');

/** Owner-only fields (the email, the uid, the care schedules) leave the server only for the owner. */
export function forViewer(plant: Plant, viewer: Viewer | null): Plant {
  if (viewer && plant.ownerUid === viewer.uid) return plant;
  const { userEmail: _email, ownerUid: _uid, care: _care, ...publicPlant } = plant;
  return publicPlant;
}

/** The owner's name shown with their plants: the account's display name, else the email's local part. */
export function ownerNameOf(viewer: Viewer & { email: string }): string {
  const name = viewer.name?.trim() || viewer.email.split('@')[0] || viewer.email;
  return name.slice(0, LIMITS.userName);
}

/** The email that owns a user's plants: the token's; an account without one cannot own plants (403). */
export function ownerEmailOf(viewer: Viewer): string {
  if (!viewer.email)
    throw new HttpError(
      403,
      'email_required',
      'Your account has no email address, so it cannot own plants. Sign in with email or Google.',
    );
  return viewer.email;
}

/**
 * The plant a user's input makes, as the repository stores it: owner fields from the verified token
 * only (the input schema has already dropped any in the body), the interval the server reads in
 * the watering frequency, and a next date for watering and every care task whose interval is
 * understood but whose next date was left out (from the last date, or from `today`).
 */
export function newPlantRecord(viewer: Viewer, input: CreatePlantInput, today: string): NewPlantRecord {
  const email = ownerEmailOf(viewer);
  const wateringIntervalDays = parseWateringInterval(input.wateringFrequency);
  const nextWateringDate = nextDateOrDefault(
    { lastDate: input.lastWateredDate, nextDate: input.nextWateringDate },
    wateringIntervalDays,
    today,
  );
  return {
    ...input,
    ...(nextWateringDate ? { nextWateringDate } : {}),
    ...(input.care ? { care: withNextDates(input.care, today) } : {}),
    wateringIntervalDays,
    userEmail: email,
    userName: ownerNameOf({ ...viewer, email }),
    ownerUid: viewer.uid,
  };
}

/**
 * What an update would change on the stored plant; empty when the input matches it. A new
 * watering frequency brings the interval the server reads in it; a care task whose interval is
 * understood gets a next date when it has none (as on creation).
 */
export function changesBetween(current: Plant, input: UpdatePlantRequest, today: string): PlantChanges {
  const changes: PlantChanges = {};
  for (const field of UPDATABLE_FIELDS) {
    if (current[field] !== input[field]) changes[field] = input[field];
  }
  if (changes.wateringFrequency !== undefined) {
    const interval = parseWateringInterval(changes.wateringFrequency);
    if (interval !== (current.wateringIntervalDays ?? null)) changes.wateringIntervalDays = interval;
  }
  if (input.care !== undefined) {
    const care = withNextDates(applyCareInput(current.care, input.care), today);
    if (changedCareTasks(current.care, care).length) changes.care = care;
  }
  return changes;
}

/**
 * The dates a watering on `date` gives the plant, or a 409 when the plant was last watered after
 * that day (recording an older watering would move the schedule back; undo the newer one first).
 */
export function decideWatering(current: Plant, date: string): WateringDecision {
  if (current.lastWateredDate && date < current.lastWateredDate) {
    throw new HttpError(
      409,
      'watered_later',
      `This plant was last watered on ${current.lastWateredDate}, after ${date}. Record a watering on that day or later, or undo the latest watering first.`,
    );
  }
  return { date, ...datesAfterWatering(current, current.wateringIntervalDays, date) };
}

/**
 * Undo takes back the latest event only, and only a watering: after an edit of the health or the
 * schedule, restoring the dates the watering replaced would silently overwrite that edit. A note or
 * another care job after it makes it no longer the latest change either, as before care tasks.
 */
export function assertUndoable(latest: LatestEvent | null): void {
  if (latest?.type === 'watered' && latest.previous) return;
  if (latest?.type === 'updated') {
    throw new HttpError(
      409,
      'nothing_to_undo',
      'The latest change to this plant is an edit of its health or schedule, not a watering, so there is no watering to undo. Edit the plant to correct its dates.',
    );
  }
  const job = latest ? careJobOfType(latest.type) : null;
  if (latest?.type === 'note' || (job && job !== 'water')) {
    throw new HttpError(
      409,
      'nothing_to_undo',
      'The latest change to this plant is a note or another care job, not a watering, so the watering can no longer be undone here. Edit the plant to correct its dates.',
    );
  }
  throw new HttpError(409, 'nothing_to_undo', 'There is no watering to undo for this plant.');
}

/**
 * The schedule a care task done on `date` gives the plant, or a 409 when the task was last done
 * after that day (as for watering: recording an older job would move the schedule back).
 */
export function decideCareJob(current: Plant, task: CareTask, date: string): CareJobDecision {
  const schedule = current.care?.[task];
  if (schedule?.lastDate && date < schedule.lastDate) {
    const { done, doing } = CARE_JOB_WORDS[task];
    throw new HttpError(
      409,
      'done_later',
      `This plant was last ${done} on ${schedule.lastDate}, after ${date}. Choose that day or later, or undo the latest ${doing} first.`,
    );
  }
  return { job: task, date, after: scheduleAfterJob(schedule, date) };
}

/** What doing `job` on `date` stores: a watering by its own rules, or a care task. */
export function decideJob(current: Plant, job: CareJob, date: string): JobDecision {
  return job === 'water' ? { job, ...decideWatering(current, date) } : decideCareJob(current, job, date);
}

/**
 * A care task's undo takes back its latest job, unless the task's schedule was edited after it
 * (restoring the dates the job replaced would silently overwrite that edit). Other changes of the
 * plant in between (a watering, another task, a note, a rename) do not touch the task's dates.
 */
export function assertCareUndoable(task: CareTask, latest: LatestJob | null, editedAt: number): void {
  const { doing } = CARE_JOB_WORDS[task];
  if (!latest) throw new HttpError(409, 'nothing_to_undo', `There is no ${doing} to undo for this plant.`);
  if (latest.revision <= editedAt) {
    throw new HttpError(
      409,
      'nothing_to_undo',
      `The ${doing} schedule of this plant was edited after its latest ${doing}, so there is no ${doing} to undo. Edit the plant to correct its dates.`,
    );
  }
}

/** A job's undo by its rules: watering's (assertUndoable) or a care task's (assertCareUndoable). */
export function assertJobUndoable(job: CareJob, latest: LatestJobEvent | null, editedAt: number): void {
  if (job === 'water') assertUndoable(latest);
  else assertCareUndoable(job, latest, editedAt);
}

/** A job named in a path (`/mango/:id/care/:task`): one of CARE_JOBS, or a 404 naming them. */
export function careJobOf(task: string): CareJob {
  if (isCareJob(task)) return task;
  throw new HttpError(
    404,
    'not_found',
    `There is no care task "${task.slice(0, 40)}". The tasks are: ${CARE_JOBS.join(', ')}.`,
  );
}

/** GET /mango?email=E is for the user whose token carries E (any letter case) only. */
function assertOwnEmail(viewer: Viewer, email: string): void {
  if (!viewer.email || viewer.email.toLowerCase() !== email.toLowerCase()) {
    throw new HttpError(403, 'forbidden', 'You can only list your own plants.');
  }
}

function assertOwner(plant: Plant | null, viewer: Viewer): asserts plant is Plant {
  if (!plant) throw plantNotFound();
  if (plant.ownerUid !== viewer.uid) throw notYourPlant();
}

function assertPlausibleId(id: string): void {
  if (!isPlausiblePlantId(id)) throw plantNotFound();
}

/** A refusal of one plant of a batch refuses the whole batch, naming the plant. */
function forPlantOfBatch<T>(id: string, current: Plant | null, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const which = current ? current.plantName : `The plant ${id}`;
    throw new HttpError(
      error.status,
      error.code,
      `${which}: ${error.message} Nothing was changed.`,
      error.fields,
      error.headers,
    );
  }
}

/** How a refusal of one plant becomes the request's: named in a batch (forPlantOfBatch), as it is alone. */
type Refusal = <T>(id: string, current: Plant | null, check: () => T) => T;
const alone: Refusal = (_id, _current, check) => check();

/** One job asked for: a plant, and the job (as POST /mango/care names it). */
export type JobRequest = CareBatchInput['items'][number];

/**
 * The day a job or a note is recorded on: the given one (at most a day after the server's UTC day,
 * latestWateringDate), or the server's UTC day. `what` names the date in the refusal.
 */
function recordedDay(input: { date?: string | undefined }, now: Date, what: string): string {
  const date = input.date ?? utcToday(now);
  if (date > latestWateringDate(now)) {
    const message = `The ${what} date cannot be in the future.`;
    throw new HttpError(400, 'invalid_input', message, { date: message });
  }
  return date;
}

const noteNotFound = () => new HttpError(404, 'not_found', 'That note does not exist. It may have been deleted.');

/** The most plants one page of GET /mango/due answers, and the page without a limit. */
export const DUE_PAGE_MAX = LIST_LIMITS.maxPage;

/**
 * The rules of the plants API. Anonymous callers are `null`; routes that need a user pass a
 * Viewer (authentication itself is middleware/authenticate.ts).
 */
export function createPlantsService(
  repository: () => PlantsRepository,
  clock: () => Date = () => new Date(),
  limits: () => AccountLimits = () => DEFAULT_LIMITS,
) {
  let facets: { at: number; answer: Promise<PlantFacets> } | undefined;

  /**
   * The one path of jobs done (watering is one of them): decideJob on each plant in turn, all or
   * nothing (PlantsRepository.doJobs); `refusal` says how a plant's refusal becomes the request's.
   */
  async function doJobs(
    viewer: Viewer,
    items: readonly JobRequest[],
    input: CareJobInput,
    what: string,
    refusal: Refusal,
  ): Promise<Plant[]> {
    for (const item of items) assertPlausibleId(item.plantId);
    const now = clock();
    const date = recordedDay(input, now, what);
    return repository().doJobs(
      items.map((item) => ({ plantId: item.plantId, job: item.task })),
      viewer.uid,
      (id, current, job) =>
        refusal(id, current, () => {
          assertOwner(current, viewer);
          return decideJob(current, job, date);
        }),
      now,
    );
  }

  /** The one path of undos: each plant's latest job taken back by its rules (assertJobUndoable), all or nothing. */
  async function undoJobs(viewer: Viewer, items: readonly JobRequest[], refusal: Refusal): Promise<Plant[]> {
    for (const item of items) assertPlausibleId(item.plantId);
    return repository().undoLatestJobs(
      items.map((item) => ({ plantId: item.plantId, job: item.task })),
      viewer.uid,
      (id, current, job, latest, editedAt) =>
        refusal(id, current, () => {
          assertOwner(current, viewer);
          assertJobUndoable(job, latest, editedAt);
        }),
      clock(),
    );
  }

  return {
    async listPlants(viewer: Viewer | null, options: ListOptions): Promise<Plant[]> {
      const plants = await repository().listPlants(options);
      return plants.map((plant) => forViewer(plant, viewer));
    },

    /** GET /mango?email=E: only the user whose token carries E (any letter case) may ask. */
    async listOwnPlants(viewer: Viewer, email: string, options: ListOptions): Promise<Plant[]> {
      assertOwnEmail(viewer, email);
      // By uid, not by the stored email: the list survives an email change and cannot be claimed
      // by whoever later gets a plant's old address.
      return repository().listPlantsByOwner(viewer.uid, options);
    },

    /**
     * The paged view of GET /mango (q, category, care, sort, dir, match, limit, cursor), or with
     * `email` the caller's own plants in the same orders. The cursor is bound to the query it came
     * from: the same search, filters, order and owner.
     */
    async listPlantPage(viewer: Viewer | null, query: ListPlantsQuery): Promise<PlantPage<Plant>> {
      let ownerUid: string | undefined;
      if (query.email !== undefined) {
        if (!viewer) throw new HttpError(401, 'unauthenticated', 'Please sign in to do that.');
        assertOwnEmail(viewer, query.email);
        ownerUid = viewer.uid;
      }
      const search = query.q?.trim() ?? '';
      const page = {
        search,
        match: query.match ?? 'name',
        category: query.category || undefined,
        care: query.care?.trim().toLowerCase() || undefined,
        ownerUid,
        sort: query.sort ?? DEFAULT_SORT,
        dir: query.dir ?? DEFAULT_DIRECTION,
      } as const;
      const fingerprint = queryFingerprint({ ...page, search: searchText(search) });
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, fingerprint);
      const result = await repository().queryPlants({ ...page, limit: query.limit ?? LIST_DEFAULT_PAGE, after });
      return {
        plants: result.plants.map((plant) => forViewer(plant, viewer)),
        nextCursor: result.nextAfter === null ? null : encodeCursor(result.nextAfter, fingerprint),
        total: result.total,
        totalExact: result.totalExact,
      };
    },

    /**
     * GET /mango/facets: the Category and Care Level options, from count() aggregations, counted
     * again at most every FACETS_FRESH_MS by this instance: they are the same for everyone and
     * change rarely, and a dozen aggregations per All Plants view would cost more than the page.
     */
    async facets(): Promise<PlantFacets> {
      const now = clock().getTime();
      if (!facets || now - facets.at >= FACETS_FRESH_MS || now < facets.at) {
        const counted = repository().facets();
        facets = { at: now, answer: counted };
        // A failure is not kept: the next request counts again.
        counted.catch(() => {
          if (facets?.answer === counted) facets = undefined;
        });
      }
      return facets.answer;
    },

    async getPlant(viewer: Viewer | null, id: string): Promise<Plant> {
      assertPlausibleId(id);
      const plant = await repository().getPlant(id);
      if (!plant) throw plantNotFound();
      return forViewer(plant, viewer);
    },

    async createPlant(viewer: Viewer, input: CreatePlantInput): Promise<string> {
      const now = clock();
      return repository().createPlant(newPlantRecord(viewer, input, utcToday(now)), now, (account) =>
        assertRoomFor(1, account.plantCount, limits()),
      );
    },

    /** @returns modifiedCount: 1 when something was stored, 0 when the input matched the plant */
    async updatePlant(viewer: Viewer, id: string, input: UpdatePlantRequest): Promise<0 | 1> {
      assertPlausibleId(id);
      const now = clock();
      const written = await repository().updatePlant(
        id,
        viewer.uid,
        (current) => {
          assertOwner(current, viewer);
          return changesBetween(current, input, utcToday(now));
        },
        now,
      );
      return written ? 1 : 0;
    },

    /** @returns deletedCount, always 1: anything else is an error */
    async deletePlant(viewer: Viewer, id: string): Promise<1> {
      assertPlausibleId(id);
      await repository().deletePlant(id, viewer.uid, (current) => assertOwner(current, viewer), clock());
      return 1;
    },

    /** GET /mango/:id/events: the owner's care history of one plant, newest first. */
    async listEvents(viewer: Viewer, id: string): Promise<PlantEvent[]> {
      assertPlausibleId(id);
      const plant = await repository().getPlant(id);
      assertOwner(plant, viewer);
      return repository().listEvents(id, PLANT_EVENTS_LIMIT);
    },

    /**
     * POST /mango/care (and POST /mango/waterings, every plant's `water`): each job in turn, as the
     * jobs before it left its plant, all or nothing, one write of the budget per job. The day
     * defaults to the server's UTC day (the web app always sends the user's own day) and may be at
     * most one day after it; `what` names it in the refusal of a later one ('job'; POST
     * /mango/waterings says 'watering'). A refusal of one plant refuses them all, naming it.
     * @returns each plant once, as stored afterwards (the owner's view), in the order of its first job
     */
    doCareJobs(viewer: Viewer, input: CareBatchInput, what = 'job'): Promise<Plant[]> {
      return doJobs(viewer, input.items, input, what, forPlantOfBatch);
    },

    /**
     * POST /mango/:id/care/:task (and POST /mango/:id/waterings, its `water`): one job, as POST
     * /mango/care does it, the date named by the job ("The misting date...") and refusals as they are.
     * @returns the plant as stored afterwards (the owner's view)
     */
    async doCareJob(viewer: Viewer, id: string, job: CareJob, input: CareJobInput): Promise<Plant> {
      const [plant] = await doJobs(viewer, [{ plantId: id, task: job }], input, CARE_JOB_WORDS[job].doing, alone);
      return plant!;
    },

    /**
     * DELETE /mango/waterings/latest (the undo of "Water all due"): the latest job of each item
     * taken back (assertJobUndoable), all or nothing, one write of the budget per plant; a refusal
     * of one plant refuses them all, naming it.
     * @returns the plants with their previous dates back, in the order asked
     */
    undoLatestCareJobs(viewer: Viewer, items: readonly JobRequest[]): Promise<Plant[]> {
      return undoJobs(viewer, items, forPlantOfBatch);
    },

    /**
     * DELETE /mango/:id/care/:task/latest (and DELETE /mango/:id/waterings/latest, its `water`): one
     * plant's latest job of the task, taken back as undoLatestCareJobs does it, refusals as they are.
     * @returns the plant with the job's previous dates back
     */
    async undoLatestCareJob(viewer: Viewer, id: string, job: CareJob): Promise<Plant> {
      const [plant] = await undoJobs(viewer, [{ plantId: id, task: job }], alone);
      return plant!;
    },

    /**
     * POST /mango/:id/notes: a note on the given day (at most a day after the server's UTC day,
     * by default the server's UTC day), about one of the plant's photos or none.
     * @returns the note as the plant's history lists it
     */
    async addNote(viewer: Viewer, id: string, input: NoteInput): Promise<PlantEvent> {
      assertPlausibleId(id);
      const now = clock();
      const date = recordedDay(input, now, 'note');
      return repository().addNote(
        id,
        viewer.uid,
        input.photoId,
        (current, photoFound): NoteDecision => {
          assertOwner(current, viewer);
          if (input.photoId && !photoFound) {
            const message = "That photo is not one of this plant's photos. It may have been deleted.";
            throw new HttpError(400, 'invalid_input', message, { photoId: message });
          }
          return { date, text: input.text, ...(input.photoId ? { photoId: input.photoId } : {}) };
        },
        now,
      );
    },

    /** DELETE /mango/:id/notes/:noteId. @returns deletedCount, always 1 */
    async deleteNote(viewer: Viewer, id: string, noteId: string): Promise<1> {
      assertPlausibleId(id);
      if (!isPlausiblePlantId(noteId)) throw noteNotFound();
      await repository().deleteNote(
        id,
        viewer.uid,
        noteId,
        (current, found) => {
          assertOwner(current, viewer);
          if (!found) throw noteNotFound();
        },
        clock(),
      );
      return 1;
    },

    /**
     * GET /mango/due: the caller's plants with a job (watering or a care task) due on or before
     * `until`, soonest first, a page at a time. The cursor is bound to `until`.
     */
    async listDue(viewer: Viewer, query: DueQuery): Promise<DuePage<Plant>> {
      const fingerprint = queryFingerprint({ view: 'due', until: query.until });
      const after = query.cursor === undefined ? undefined : decodeDueCursor(decodeCursor(query.cursor, fingerprint));
      const result = await repository().listDue(viewer.uid, query.until, query.limit ?? DUE_PAGE_MAX, after);
      return {
        plants: result.plants,
        nextCursor: result.next ? encodeCursor(`${result.next.date}/${result.next.id}`, fingerprint) : null,
        total: result.total,
      };
    },
  };
}

/** The place a due cursor holds: `date/id`. */
function decodeDueCursor(after: string): { date: string; id: string } {
  const [date, id, ...rest] = after.split('/');
  if (!date || !id || rest.length || !isPlausiblePlantId(id)) {
    const message = 'cursor is not one this API gave out. Start again from the first page.';
    throw new HttpError(400, 'invalid_input', message, { cursor: message });
  }
  return { date, id };
}

export type PlantsService = ReturnType<typeof createPlantsService>;
