/**
 * A plant's care history (GET /mango/:id/events), shared by the API and the web app.
 * Pure types and constants: no zod, so any page can import it.
 */
import { CARE_TASKS, type CareJob, type CareSchedules, type CareTask } from './care-tasks';

/**
 * What an event says happened. Stored as text: readers show kinds they do not know generically.
 * `fertilized`, `repotted`, `pruned` and `misted` record a care task done (CARE_JOB_WORDS), `note`
 * a dated journal note, `snoozed` a job moved later without doing it (its undo is the job's undo),
 * `checked` a job found not yet needed ("Checked: soil still moist") and moved later the same way,
 * `moved` the plant taken to another place, or out of its place (places.ts).
 */
export const PLANT_EVENT_TYPES = [
  'added',
  'updated',
  'watered',
  'fertilized',
  'repotted',
  'pruned',
  'misted',
  'note',
  'snoozed',
  'checked',
  'moved',
] as const;
export type PlantEventType = (typeof PLANT_EVENT_TYPES)[number];

/** The fields whose changes the history records: health and the watering schedule. */
export const TRACKED_FIELDS = ['healthStatus', 'wateringFrequency', 'lastWateredDate', 'nextWateringDate'] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

/** A field of a care task's schedule whose changes the history records: `care.fertilize.frequency`. */
export type CareField = `care.${CareTask}.${'frequency' | 'lastDate' | 'nextDate'}`;

/** The most characters of a journal note. */
export const NOTE_TEXT_MAX = 1000;

/** How many events GET /mango/:id/events answers at most. */
export const PLANT_EVENTS_LIMIT = 50;

export interface FieldChange {
  from: string | null;
  to: string | null;
}

/** A care task's two dates, as a job event keeps them. */
export interface TaskDates {
  lastDate: string | null;
  nextDate: string | null;
}

export interface PlantEvent {
  _id: string;
  /** One of PLANT_EVENT_TYPES today; later kinds may appear. */
  type: string;
  /** ISO time the event was recorded. */
  at: string;
  /** 'watered' and the other jobs: the day it was done; 'note': the note's day (YYYY-MM-DD). */
  date?: string;
  /**
   * 'added' and 'updated': the tracked fields it set or changed ('added' has every `from` null),
   * and the care schedules' fields as `care.<task>.<field>`.
   */
  changes?: Partial<Record<TrackedField | CareField, FieldChange>>;
  /** 'watered', and 'snoozed' of watering: the plant's dates before it, which its undo restores. */
  previous?: { lastWateredDate: string | null; nextWateringDate: string | null };
  /** 'fertilized', 'repotted', 'pruned', 'misted': the task done; 'snoozed': the job moved, watering too. */
  task?: CareJob;
  /** 'snoozed': how many days after the day it was snoozed on the job is due now. */
  days?: number;
  /** A care job: the task's dates before it (null: the task was not tracked), which undoing it restores. */
  before?: TaskDates | null;
  /** A care job: the task's dates after it. */
  after?: TaskDates;
  /** 'note': its text. */
  text?: string;
  /** 'note': the plant's photo it is about, when there is one. */
  photoId?: string;
  /**
   * Who recorded it (a care job, a note, an edit): absent on events older than households. An
   * imported event keeps only the name its file gave, as text, and no uid: a file may say anything,
   * so it never speaks for an account, the importer's own included.
   */
  by?: { uid?: string; displayName: string };
  /** 'moved': the name of the place it stood in (null: none), and of the place it went to (null: none). */
  fromPlace?: string | null;
  toPlace?: string | null;
  /** 'moved': it was moved out because its place was deleted ("Moved out of Bedroom: the place was deleted"). */
  placeDeleted?: true;
  /** Brought in by an import (JSON `events`): its `by`, when it has one, is the file's word. */
  imported?: true;
  /** The plant's dates once the event was stored. */
  lastWateredDate: string | null;
  nextWateringDate: string | null;
}

type TrackedValues = Partial<Record<TrackedField, string | null | undefined>>;

/**
 * The tracked fields that differ between two states of a plant (blank and absent are the same),
 * or null when none does: what an 'added' or 'updated' event records.
 */
export function trackedChanges(before: TrackedValues, after: TrackedValues): PlantEvent['changes'] | null {
  const changes: Partial<Record<TrackedField, FieldChange>> = {};
  for (const field of TRACKED_FIELDS) {
    const from = before[field] || null;
    const to = after[field] || null;
    if (from !== to) changes[field] = { from, to };
  }
  return Object.keys(changes).length ? changes : null;
}

const CARE_FIELDS = ['frequency', 'lastDate', 'nextDate'] as const;

/**
 * The fields of the care schedules that differ between two states of a plant, as
 * `care.<task>.<field>` (a task not tracked has every field null), or null when none does: what
 * an 'added' or 'updated' event records beside trackedChanges.
 */
export function careChanges(
  before: CareSchedules | undefined,
  after: CareSchedules | undefined,
): Partial<Record<CareField, FieldChange>> | null {
  const changes: Partial<Record<CareField, FieldChange>> = {};
  for (const task of CARE_TASKS) {
    for (const field of CARE_FIELDS) {
      const from = before?.[task]?.[field] ?? null;
      const to = after?.[task]?.[field] ?? null;
      if (from !== to) changes[`care.${task}.${field}`] = { from, to };
    }
  }
  return Object.keys(changes).length ? changes : null;
}
