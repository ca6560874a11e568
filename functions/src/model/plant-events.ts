/**
 * A plant's care history (GET /mango/:id/events), shared by the API and the web app.
 * Pure types and constants: no zod, so any page can import it.
 */

/** What an event says happened. Stored as text: readers show kinds they do not know generically. */
export const PLANT_EVENT_TYPES = ['added', 'updated', 'watered'] as const;
export type PlantEventType = (typeof PLANT_EVENT_TYPES)[number];

/** The fields whose changes the history records: health and the watering schedule. */
export const TRACKED_FIELDS = ['healthStatus', 'wateringFrequency', 'lastWateredDate', 'nextWateringDate'] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];

/** How many events GET /mango/:id/events answers at most. */
export const PLANT_EVENTS_LIMIT = 50;

export interface FieldChange {
  from: string | null;
  to: string | null;
}

export interface PlantEvent {
  _id: string;
  /** One of PLANT_EVENT_TYPES today; later kinds may appear. */
  type: string;
  /** ISO time the event was recorded. */
  at: string;
  /** 'watered': the day of the watering (YYYY-MM-DD). */
  date?: string;
  /** 'added' and 'updated': the tracked fields it set or changed ('added' has every `from` null). */
  changes?: Partial<Record<TrackedField, FieldChange>>;
  /** 'watered': the plant's dates before it, which undoing the watering restores. */
  previous?: { lastWateredDate: string | null; nextWateringDate: string | null };
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
