import { HttpError } from '../lib/http-error';
import { actorOf, type Viewer } from '../lib/viewer';
import { assertMayOnPlant, plantNotFound, type Caller, type MembershipReader } from '../access/household-access';
import {
  capitalise,
  CARE_JOBS,
  CARE_JOB_WORDS,
  addDays,
  PLANT_EVENTS_LIMIT,
  careJobOfType,
  checkInMove,
  datesAfterWatering,
  isCareJob,
  jobIntervalOf,
  latestWateringDate,
  scheduleAfterJob,
  utcToday,
  type CareBatchInput,
  type CareJob,
  type CareJobInput,
  type CareTask,
  type NoteInput,
  type Plant,
  type PlantEvent,
} from '../model';
import { checkInDays, localDate, type CheckInInput, type SnoozeInput } from '../model/reminders';
import type { SuggestionAnswer } from '../model/rhythm';
import { decideSuggestionAnswer } from './suggestion-answer';
import type { PlantsRepository } from '../plants/plants.repository';
import { isPlausiblePlantId } from '../plants/plants.schemas';
import type { PlacesReader } from '../places/place-books.repository';
import { assertPlausibleId, forViewer, needsMembership, noPlaces } from '../plants/plants.service';
import type { CareRepository, LatestJobEvent } from './care.repository';
import type {
  CareJobDecision,
  JobDecision,
  LatestEvent,
  LatestJob,
  NoteDecision,
  SnoozeDecision,
  WateringDecision,
} from './job-steps';

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
  if ((latest?.type === 'watered' || latest?.type === 'snoozed' || latest?.type === 'checked') && latest.previous)
    return;
  if (latest?.type === 'updated') {
    throw new HttpError(
      409,
      'nothing_to_undo',
      'The latest change to this plant is an edit of its health or schedule, not a watering, so there is no watering to undo. Edit the plant to correct its dates.',
    );
  }
  if (latest?.type === 'moved')
    throw new HttpError(
      409,
      'nothing_to_undo',
      'The latest change to this plant is a move to another place, not a watering, so the watering can no longer be undone here. Edit the plant to correct its dates.',
    );
  const job = latest ? careJobOfType(latest.type) : null;
  if (latest?.type === 'note' || latest?.type === 'snoozed' || latest?.type === 'checked' || (job && job !== 'water')) {
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

/**
 * A snooze of `job` to `days` after the caller's own `today`: the job's next date moves there and
 * its interval stays. A care task that is not tracked has no date to move (409).
 */
function decideSnooze(current: Plant, job: CareJob, days: number, today: string): SnoozeDecision {
  assertTracked(current, job, 'snooze');
  return { job, snooze: { days, day: today, nextDate: addDays(today, days) } };
}

/** A job that is not tracked has no date to move (409). */
function assertTracked(current: Plant, job: CareJob, doing: 'snooze' | 'check'): void {
  if (job === 'water' || current.care?.[job]) return;
  throw new HttpError(
    409,
    `nothing_to_${doing}`,
    `${capitalise(CARE_JOB_WORDS[job].doing)} is not tracked for this plant, so there is nothing to ${doing}. Set its frequency first.`,
  );
}

/**
 * A check-in that found `job` not needed yet ("Checked: soil still moist"): its next date moves
 * `days` later (a third of its interval without them, at least a day), counted from the later of
 * the date it had and the caller's today, so an overdue job comes back `days` from today; never
 * past today plus the job's interval (checkInMove), so check-ins in a row do not add up. The job
 * is not recorded; its interval stays. The event's `days` is how far it moved.
 */
export function decideCheckIn(current: Plant, job: CareJob, input: CheckInInput, today: string): SnoozeDecision {
  assertTracked(current, job, 'check');
  const schedule = job === 'water' ? null : current.care![job]!;
  const interval = jobIntervalOf(current, job);
  const next = schedule ? schedule.nextDate : current.nextWateringDate;
  const { nextDate, days } = checkInMove(next, interval, input.days ?? checkInDays(interval), today);
  return { job, snooze: { days, day: today, nextDate, as: 'checked' } };
}

/** A job's undo by its rules: watering's (assertUndoable) or a care task's (assertCareUndoable). */
function assertJobUndoable(job: CareJob, latest: LatestJobEvent | null, editedAt: number): void {
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

/**
 * The rules of care jobs (watering is one of them) and their undo, and of the plant's journal
 * (notes, the care history). The plant store's repository reads the plant the history belongs to.
 */
export function createCareService(
  repository: () => CareRepository,
  plants: () => PlantsRepository,
  clock: () => Date = () => new Date(),
  membershipOf: MembershipReader = async () => null,
  /** A person's own time zone (their reminder settings'): a snooze counts days from their today. */
  timeZoneOf: (uid: string) => Promise<string> = async () => 'UTC',
  /** What an answer reads to say where its plants stand (the places room's books). */
  placesOf: PlacesReader = noPlaces,
) {
  /** The plants a change answers, as the caller may see them (the membership the change read), and where they stand. */
  const answers = async (plants: Plant[], viewer: Viewer, membership: Caller['membership'] | undefined, now: Date) => {
    const read = needsMembership(plants, viewer) && membership ? membership() : null;
    const places = await placesOf(viewer, plants, read, now);
    return plants.map((plant) => forViewer(plant, viewer, read, now, places));
  };

  /**
   * A job moved later without doing it (a snooze, a check-in), as `decide` says from the plant and
   * the caller's today in their own time zone; for whoever may do the job. With `jobId` (a tap queued
   * offline, sent again), a move already recorded under it is answered as done, not made twice.
   */
  async function moveLater(
    viewer: Viewer,
    id: string,
    job: CareJob,
    decide: (current: Plant, today: string) => SnoozeDecision,
    jobId: string | undefined,
  ): Promise<Plant> {
    assertPlausibleId(id);
    const now = clock();
    const today = localDate(now, await timeZoneOf(viewer.uid));
    let membership: Caller['membership'] | undefined;
    const [plant] = await repository().doJobs(
      [{ plantId: id, job }],
      actorOf(viewer),
      (_id, current, _job, memberOf, recorded) => {
        membership = memberOf;
        assertMayOnPlant(current, { uid: viewer.uid, membership: memberOf }, 'care', now);
        return recorded ? null : decide(current!, today);
      },
      now,
      jobId,
    );
    return (await answers([plant!], viewer, membership, now))[0]!;
  }

  /**
   * The one path of jobs done (watering is one of them): decideJob on each plant in turn, all or
   * nothing (CareRepository.doJobs); `refusal` says how a plant's refusal becomes the request's.
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
    let membership: Caller['membership'] | undefined;
    const plants = await repository().doJobs(
      items.map((item) => ({ plantId: item.plantId, job: item.task })),
      actorOf(viewer),
      (id, current, job, memberOf, recorded) => {
        membership = memberOf;
        return refusal(id, current, () => {
          assertMayOnPlant(current, { uid: viewer.uid, membership: memberOf }, 'care', now);
          // A job with an id recorded before: answered as done, not decided again (the plant may
          // have moved on since, and a later watering would refuse it).
          return recorded ? null : decideJob(current, job, date);
        });
      },
      now,
      input.jobId,
    );
    return answers(plants, viewer, membership, now);
  }

  /** The one path of undos: each plant's latest job taken back by its rules (assertJobUndoable), all or nothing. */
  async function undoJobs(viewer: Viewer, items: readonly JobRequest[], refusal: Refusal): Promise<Plant[]> {
    for (const item of items) assertPlausibleId(item.plantId);
    const now = clock();
    let membership: Caller['membership'] | undefined;
    const plants = await repository().undoLatestJobs(
      items.map((item) => ({ plantId: item.plantId, job: item.task })),
      viewer.uid,
      (id, current, job, latest, editedAt, memberOf) => {
        membership = memberOf;
        refusal(id, current, () => {
          assertMayOnPlant(current, { uid: viewer.uid, membership: memberOf }, 'care', now);
          assertJobUndoable(job, latest, editedAt);
        });
      },
      now,
    );
    return answers(plants, viewer, membership, now);
  }

  return {
    /** GET /mango/:id/events: one plant's care history, newest first, for whoever may view the plant. */
    async listEvents(viewer: Viewer, id: string): Promise<PlantEvent[]> {
      assertPlausibleId(id);
      const plant = await plants().getPlant(id);
      const membership = plant && needsMembership([plant], viewer) ? await membershipOf(viewer.uid) : null;
      assertMayOnPlant(plant, { uid: viewer.uid, membership: () => membership }, 'view', clock());
      return repository().listEvents(id, PLANT_EVENTS_LIMIT);
    },

    /**
     * POST /mango/care: each job in turn, as the jobs before it left its plant, all or nothing, one
     * write of the budget per job. The day defaults to the server's UTC day (the web app always
     * sends the user's own day) and may be at most one day after it ("The job date cannot be in the
     * future."). A refusal of one plant refuses them all, naming it.
     * @returns each plant once, as stored afterwards, as the caller may see it (forViewer: the owner's
     *   view, a household member's or a sitter's), in the order of its first job
     */
    doCareJobs(viewer: Viewer, input: CareBatchInput): Promise<Plant[]> {
      return doJobs(viewer, input.items, input, 'job', forPlantOfBatch);
    },

    /**
     * POST /mango/:id/care/:task: one job, as POST /mango/care does it, the date named by the job
     * ("The misting date...") and refusals as they are.
     * @returns the plant as stored afterwards, as the caller may see it (forViewer)
     */
    async doCareJob(viewer: Viewer, id: string, job: CareJob, input: CareJobInput): Promise<Plant> {
      const [plant] = await doJobs(viewer, [{ plantId: id, task: job }], input, CARE_JOB_WORDS[job].doing, alone);
      return plant!;
    },

    /**
     * POST /mango/:id/care/:task/snooze: the job's next date moved to the caller's today (in their
     * own time zone) plus `days`, its interval kept, a `snoozed` event in the journal; for whoever
     * may do the job. Its undo is the job's usual undo. One write of the budget.
     * @returns the plant as stored afterwards, as the caller may see it (forViewer)
     */
    async snooze(viewer: Viewer, id: string, job: CareJob, input: SnoozeInput): Promise<Plant> {
      return moveLater(viewer, id, job, (current, today) => decideSnooze(current, job, input.days, today), input.jobId);
    },

    /**
     * POST /mango/:id/care/:task/check `{ result: "not-yet", days? }`: the job checked and found not
     * needed yet; its next date moves later (decideCheckIn) and a `checked` event with `by` goes in
     * the journal; for whoever may do the job. Its undo is the job's usual undo. One write of the budget.
     * @returns the plant as stored afterwards, as the caller may see it (forViewer)
     */
    async checkIn(viewer: Viewer, id: string, job: CareJob, input: CheckInInput): Promise<Plant> {
      return moveLater(viewer, id, job, (current, today) => decideCheckIn(current, job, input, today), input.jobId);
    },

    /**
     * POST /mango/:id/care/:task/suggestion: "Use every N days" or "Keep" answered to what the
     * plant's rhythm suggests (decideSuggestionAnswer); for whoever may edit the plant. One write of
     * the budget; a used interval is an edit of the plant, in its history.
     * @returns the plant as stored afterwards, as the caller may see it (forViewer)
     */
    async answerSuggestion(viewer: Viewer, id: string, job: CareJob, input: SuggestionAnswer): Promise<Plant> {
      assertPlausibleId(id);
      const now = clock();
      const today = utcToday(now);
      let membership: Caller['membership'] | undefined;
      await plants().updatePlant(
        id,
        actorOf(viewer),
        (current, memberOf) => {
          membership = memberOf;
          assertMayOnPlant(current, { uid: viewer.uid, membership: memberOf }, 'edit', now);
          return decideSuggestionAnswer(current!, job, input, today);
        },
        now,
      );
      const plant = await plants().getPlant(id);
      if (!plant) throw plantNotFound();
      return (await answers([plant], viewer, membership, now))[0]!;
    },

    /**
     * DELETE /mango/waterings/latest (Do all due's undo of its waterings): the latest job of each item
     * taken back (assertJobUndoable), all or nothing, one write of the budget per plant; a refusal
     * of one plant refuses them all, naming it.
     * @returns the plants with their previous dates back, in the order asked
     */
    undoLatestCareJobs(viewer: Viewer, items: readonly JobRequest[]): Promise<Plant[]> {
      return undoJobs(viewer, items, forPlantOfBatch);
    },

    /**
     * DELETE /mango/:id/care/:task/latest: one plant's latest job of the task, taken back as
     * undoLatestCareJobs does it, refusals as they are.
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
        actorOf(viewer),
        input.photoId,
        (current, photoFound, membership): NoteDecision => {
          assertMayOnPlant(current, { uid: viewer.uid, membership }, 'care', now);
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
      const now = clock();
      await repository().deleteNote(
        id,
        viewer.uid,
        noteId,
        (current, found, membership) => {
          assertMayOnPlant(current, { uid: viewer.uid, membership }, 'care', now);
          if (!found) throw noteNotFound();
        },
        now,
      );
      return 1;
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
