import type { FieldChange, PlantEvent, TrackedField } from '@model/plant-events';
import { localToday } from '@model/schedule';
import { formatLongDate } from '@/lib/dates';

export interface EventText {
  /** The calendar day it happened: a watering's own day, else the day it was recorded (the reader's time zone). */
  day: string;
  /** What happened, in a few words. */
  title: string;
  /** More lines: what changed, where the next watering went. */
  details: string[];
}

const FIELD_NAMES: Record<TrackedField, string> = {
  healthStatus: 'Health status',
  wateringFrequency: 'Watering frequency',
  lastWateredDate: 'Last watered',
  nextWateringDate: 'Next watering',
};

const isDate = (field: TrackedField) => field === 'lastWateredDate' || field === 'nextWateringDate';

function describeChange(field: TrackedField, { from, to }: FieldChange): string {
  const show = (value: string | null) => (value === null ? 'not set' : isDate(field) ? formatLongDate(value) : `"${value}"`);
  if (from === null) return `${FIELD_NAMES[field]}: ${show(to)}`;
  return `${FIELD_NAMES[field]}: ${show(from)} → ${show(to)}`;
}

/** One care-history entry as the plant's page shows it. Kinds it does not know read generically. */
export function describeEvent(event: PlantEvent): EventText {
  const recorded = Number.isNaN(Date.parse(event.at)) ? '' : localToday(new Date(event.at));
  const changes = Object.entries(event.changes ?? {}) as [TrackedField, FieldChange][];
  const changeLines = changes.filter(([field]) => field in FIELD_NAMES).map(([field, change]) => describeChange(field, change));
  switch (event.type) {
    case 'watered':
      return {
        day: event.date ?? recorded,
        title: 'Watered',
        details: event.nextWateringDate ? [`Next watering: ${formatLongDate(event.nextWateringDate)}`] : [],
      };
    case 'added':
      return { day: recorded, title: 'Added', details: changeLines };
    case 'updated': {
      const health = changes.some(([field]) => field === 'healthStatus');
      const schedule = changes.some(([field]) => field !== 'healthStatus');
      const title = health && schedule ? 'Health and schedule changed' : health ? 'Health status changed' : 'Schedule changed';
      return { day: recorded, title, details: changeLines };
    }
    default:
      return { day: recorded, title: 'Changed', details: changeLines };
  }
}
