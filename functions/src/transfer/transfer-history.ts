import { z } from 'zod';
import {
  CARE_JOBS,
  CARE_TASKS,
  LIMITS,
  MAX_INTERVAL_DAYS,
  NOTE_TEXT_MAX,
  PLACE_NAME_MAX,
  PLANT_EVENT_TYPES,
  TRACKED_FIELDS,
  careJobOfType,
  isCalendarDate,
  type CareField,
  type PlantEvent,
} from '../model';
import { SNOOZE_MAX_DAYS } from '../model/reminders';
import type { ImportError } from '../model/transfer';

/**
 * The care history a JSON export carries with each plant (`events`, newest first, as GET
 * /mango/:id/events answers it), read back by an import: every event is checked, and only the
 * fields an event of its type has are kept (ids, and anything else, are the server's to make).
 */

/** The most events of one plant an export carries (its latest) and an import takes. */
export const HISTORY_MAX_EVENTS = 1000;
/** The longest value a change of a field may hold: the longest field it records (a frequency, a status, a date). */
const CHANGE_VALUE_MAX = 100;

const date = z.string().refine(isCalendarDate);
const dateOrNull = date.nullable();
const taskDates = z.object({ lastDate: dateOrNull, nextDate: dateOrNull });
const change = z.object({
  from: z.string().max(CHANGE_VALUE_MAX).nullable(),
  to: z.string().max(CHANGE_VALUE_MAX).nullable(),
});
const CHANGE_FIELDS = [
  ...TRACKED_FIELDS,
  ...CARE_TASKS.flatMap((task) =>
    (['frequency', 'lastDate', 'nextDate'] as const).map((field): CareField => `care.${task}.${field}`),
  ),
] as const;

const EventSchema = z
  .object({
    type: z.enum(PLANT_EVENT_TYPES),
    at: z.iso.datetime(),
    date: date.optional(),
    changes: z.partialRecord(z.enum(CHANGE_FIELDS), change).optional(),
    previous: z.object({ lastWateredDate: dateOrNull, nextWateringDate: dateOrNull }).optional(),
    task: z.enum(CARE_JOBS).optional(),
    /** 'snoozed' and 'checked': the days it moved the job by, as the snooze or check-in takes them. */
    days: z.number().int().min(1).max(MAX_INTERVAL_DAYS).optional(),
    before: taskDates.nullable().optional(),
    after: taskDates.optional(),
    text: z.string().trim().min(1).max(NOTE_TEXT_MAX).optional(),
    /** 'moved': the names of the place it left and the one it went to (null: none). */
    fromPlace: z.string().trim().min(1).max(PLACE_NAME_MAX).nullable().optional(),
    toPlace: z.string().trim().min(1).max(PLACE_NAME_MAX).nullable().optional(),
    placeDeleted: z.literal(true).optional(),
    /**
     * Who recorded it, as the history says ("Watered by Ana"). Its uid is read (an export of a
     * history recorded here has one) but never kept: see keptFields.
     */
    by: z.object({ uid: z.string().max(128).optional(), displayName: z.string().max(LIMITS.userName) }).optional(),
    lastWateredDate: dateOrNull.optional(),
    nextWateringDate: dateOrNull.optional(),
  })
  .superRefine((event, context) => {
    const need = (field: keyof typeof event) => {
      if (event[field] === undefined)
        context.addIssue({ code: 'custom', path: [field], message: `a ${event.type} event needs ${field}` });
    };
    const job = careJobOfType(event.type);
    if (job === 'water') ['date', 'previous'].forEach((field) => need(field as keyof typeof event));
    else if (job) {
      ['date', 'task', 'after'].forEach((field) => need(field as keyof typeof event));
      if (event.task !== undefined && event.task !== job)
        context.addIssue({ code: 'custom', path: ['task'], message: `a ${event.type} event is of the task ${job}` });
    } else if (event.type === 'note') ['date', 'text'].forEach((field) => need(field as keyof typeof event));
    else if (event.type === 'moved' && event.fromPlace == null && event.toPlace == null)
      context.addIssue({
        code: 'custom',
        path: ['toPlace'],
        message: 'a moved event names the place it left or went to',
      });
    else if (event.type === 'snoozed' || event.type === 'checked') {
      if (event.type === 'snoozed' && event.days !== undefined && event.days > SNOOZE_MAX_DAYS)
        context.addIssue({
          code: 'custom',
          path: ['days'],
          message: `a snooze moves a job ${SNOOZE_MAX_DAYS} days at most`,
        });
      // What its undo needs: watering's dates before it, or the task's before and after.
      ['date', 'task', 'days'].forEach((field) => need(field as keyof typeof event));
      if (event.task === 'water') need('previous');
      else if (event.task !== undefined) need('after');
    }
  });

/** An event as an import stores it: the fields of its type (no id: a new one is made). */
export type ImportedEvent = Omit<PlantEvent, '_id'>;

/**
 * The fields an event of this type keeps; anything else the file holds is left out. Every event
 * is marked `imported`, and its `by` keeps the name only: a uid from a file would make a plant
 * shared later say an account did what it never did (or show it as the viewer's own).
 */
function keptFields(event: z.infer<typeof EventSchema>): ImportedEvent {
  const job = careJobOfType(event.type);
  const common = {
    type: event.type,
    at: event.at,
    imported: true as const,
    ...(event.by ? { by: { displayName: event.by.displayName } } : {}),
    lastWateredDate: event.lastWateredDate ?? null,
    nextWateringDate: event.nextWateringDate ?? null,
  };
  if (job === 'water') return { ...common, date: event.date!, previous: event.previous! };
  if (job)
    return { ...common, task: event.task!, date: event.date!, before: event.before ?? null, after: event.after! };
  if (event.type === 'snoozed' || event.type === 'checked') {
    const snooze = { ...common, task: event.task!, days: event.days!, date: event.date! };
    if (event.task === 'water') return { ...snooze, previous: event.previous! };
    return { ...snooze, before: event.before ?? null, after: event.after! };
  }
  // A note's photo is not part of the export, so a note comes back without one.
  if (event.type === 'note') return { ...common, date: event.date!, text: event.text! };
  // The places' names as they were: the importer's places are matched by the plant's own `place`.
  if (event.type === 'moved')
    return {
      ...common,
      fromPlace: event.fromPlace ?? null,
      toPlace: event.toPlace ?? null,
      ...(event.placeDeleted ? { placeDeleted: true as const } : {}),
    };
  return { ...common, ...(event.changes && Object.keys(event.changes).length ? { changes: event.changes } : {}) };
}

/**
 * A JSON plant's `events` as an import stores them, oldest first (the file lists them newest
 * first), or the errors that refuse it: one per bad event, naming it by its place in the file's
 * list (from 1). Absent or empty: no history (the plant gets a new 'added' event).
 */
export function readImportedHistory(row: number, events: unknown): { history: ImportedEvent[]; errors: ImportError[] } {
  if (events === undefined || events === null) return { history: [], errors: [] };
  if (!Array.isArray(events))
    return {
      history: [],
      errors: [
        { row, field: 'events', message: "events must be the list of the plant's history, as an export gives it." },
      ],
    };
  if (events.length > HISTORY_MAX_EVENTS) {
    return {
      history: [],
      errors: [
        {
          row,
          field: 'events',
          message: `A plant's history may hold at most ${HISTORY_MAX_EVENTS.toLocaleString('en-US')} events; this one has ${events.length.toLocaleString('en-US')}.`,
        },
      ],
    };
  }
  const history: ImportedEvent[] = [];
  const errors: ImportError[] = [];
  events.forEach((event, index) => {
    const parsed = EventSchema.safeParse(event);
    if (parsed.success) history.push(keptFields(parsed.data));
    else {
      const field = parsed.error.issues[0]?.path.map(String).join('.') || 'the event';
      errors.push({
        row,
        field: 'events',
        message: `Event ${index + 1} of the history is not one an export gives: ${field} is missing or not valid.`,
      });
    }
  });
  return { history: errors.length ? [] : history.reverse(), errors };
}
