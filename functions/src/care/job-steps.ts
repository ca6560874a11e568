import { FieldValue, type DocumentData } from 'firebase-admin/firestore';
import type { SharablePlant } from '../access/household-access';
import {
  CARE_JOB_WORDS,
  type ActivityType,
  type CareJob,
  type CareSchedule,
  type CareSchedules,
  type CareTask,
  type Plant,
  type TaskDates,
} from '../model';
import { rhythmAfterEvent, type Rhythms } from '../model/rhythm';

/*
 * What a care job does to a plant, before anything is written: the decisions the service makes
 * (care.service.ts), the step each makes (the plant after it, its fields, its event, its activity
 * record, and what it tells the plant's rhythm) and what an undo restores from the event it takes
 * back. The repository (care.repository.ts) reads the plants and writes the steps.
 */

/** The dates a watering sets, decided by the service. */
export interface WateringDecision {
  date: string;
  lastWateredDate: string;
  nextWateringDate: string | null;
}

/** A care task done, as the service decides it: the day, and the task's schedule after it. */
export interface CareJobDecision {
  job: CareTask;
  date: string;
  after: CareSchedule;
}

/**
 * A job moved later without doing it, as the service decides it: its new next date, and the event
 * that says why (`snoozed`, or `checked` when a check-in found it not needed yet).
 */
export interface SnoozeDecision {
  job: CareJob;
  /** `days`: a snooze's, from today; a check-in's, how far it moved the job (0: it stayed where it was). */
  snooze: { days: number; day: string; nextDate: string; as?: 'snoozed' | 'checked' };
}

/** What doing a job stores: a watering (the dates it sets) or a care task; or moving one later. */
export type JobDecision = ({ job: 'water' } & WateringDecision) | CareJobDecision | SnoozeDecision;

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

/**
 * One step of a change that records jobs: the plant after it, the stored fields it sets
 * (FieldValue.delete() clears one), its event (without `at`, `revision` and `activityId`, which
 * the write adds) and its activity record's type.
 */
export interface JobStep {
  plant: Plant;
  fields: DocumentData;
  event: DocumentData;
  /** None for a snooze: the dashboard's activity lists care done. */
  activity: ActivityType | null;
}

/** The step of a watering (its fields and event exactly as POST /mango/:id/care/water stores them). */
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

/**
 * The step of a snooze: the job's next date moved (its interval kept), and a `snoozed` event that
 * keeps the dates before it as a job's event does (`previous` for watering, `before` and `after`
 * for a task), so the job's usual undo takes it back.
 */
function snoozeStep(current: Plant, { job, snooze }: SnoozeDecision): JobStep {
  const { days, day, nextDate, as = 'snoozed' } = snooze;
  // A check-in that found the job already as far off as one may put it moved it no day: no `days`.
  const common = { type: as, task: job, ...(days > 0 ? { days } : {}), date: day };
  if (job === 'water') {
    return {
      plant: { ...current, nextWateringDate: nextDate },
      fields: { nextWateringDate: nextDate },
      event: {
        ...common,
        previous: {
          lastWateredDate: current.lastWateredDate ?? null,
          nextWateringDate: current.nextWateringDate ?? null,
        },
        lastWateredDate: current.lastWateredDate ?? null,
        nextWateringDate: nextDate,
      },
      activity: null,
    };
  }
  const before = current.care![job]!;
  const care: CareSchedules = { ...current.care, [job]: { ...before, nextDate } };
  return {
    plant: { ...current, care },
    fields: { care },
    event: {
      ...common,
      before: datesOf(before),
      after: { lastDate: before.lastDate, nextDate },
      lastWateredDate: current.lastWateredDate ?? null,
      nextWateringDate: current.nextWateringDate ?? null,
    },
    activity: null,
  };
}

/** The step with the plant's rhythm after it (stored and answered with the plant), and that rhythm. */
export function withRhythm(step: JobStep, rhythms: Rhythms): [JobStep, Rhythms] {
  const rhythm = rhythmAfterEvent(rhythms, step.event);
  if (!rhythm) return [step, rhythms];
  const plant: SharablePlant = { ...step.plant, rhythm };
  return [{ ...step, plant, fields: { ...step.fields, rhythm } }, rhythm];
}

/** The step a decision makes. */
export function stepOf(current: Plant, decision: JobDecision, now: Date): JobStep {
  if ('snooze' in decision) return snoozeStep(current, decision);
  return decision.job === 'water' ? wateringStep(current, decision, now) : careStep(current, decision, now);
}

/** What undoing a job stores: the plant afterwards (but its updatedAt), and the stored fields that change. */
export interface JobUndone {
  plant: Plant;
  fields: DocumentData;
}

/** A watering's undo restores the dates its event kept (`previous`); a date that was unset is deleted again. */
export function wateringUndone(current: Plant, event: DocumentData): JobUndone {
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
export function careUndone(current: Plant, task: CareTask, event: DocumentData): JobUndone {
  const before = taskDates(event.before);
  const care: CareSchedules = { ...current.care };
  if (before) care[task] = { frequency: null, intervalDays: null, ...care[task], ...before };
  else delete care[task];
  return { plant: { ...current, care }, fields: { care } };
}

/** The latest event, as the watering's undo needs it. */
export interface LatestEvent {
  type: string;
  date?: string;
  previous?: { lastWateredDate: string | null; nextWateringDate: string | null };
}

export const taskDates = (value: unknown): TaskDates | null => {
  if (!value || typeof value !== 'object') return null;
  const { lastDate, nextDate } = value as Record<string, unknown>;
  return { lastDate: orNull(lastDate), nextDate: orNull(nextDate) };
};

export const orNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
