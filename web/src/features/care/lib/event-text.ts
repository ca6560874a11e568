import { CARE_JOB_WORDS, capitalise, careJobOfType, isCareJob, isCareTask, type CareJob } from '@model/care-tasks';
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

/** What a check-in found, in words: the journal's, the button's and the toast's. */
export const checkedWords = (job: CareJob) =>
  job === 'water' ? 'soil still moist' : `${CARE_JOB_WORDS[job].doing} not needed yet`;

/** A care task's field as the history names it ('care.fertilize.nextDate': 'Next fertilizing'), or null for a key it does not know. */
function careFieldName(key: string): { name: string; date: boolean } | null {
  const [prefix, task, field] = key.split('.');
  if (prefix !== 'care' || !isCareTask(task)) return null;
  const { doing, done } = CARE_JOB_WORDS[task];
  if (field === 'frequency') return { name: `${capitalise(doing)} frequency`, date: false };
  if (field === 'lastDate') return { name: `Last ${done}`, date: true };
  if (field === 'nextDate') return { name: `Next ${doing}`, date: true };
  return null;
}

function fieldName(key: string): { name: string; date: boolean } | null {
  if (key in FIELD_NAMES)
    return { name: FIELD_NAMES[key as TrackedField], date: key === 'lastWateredDate' || key === 'nextWateringDate' };
  return careFieldName(key);
}

function describeChange({ name, date }: { name: string; date: boolean }, { from, to }: FieldChange): string {
  const show = (value: string | null) => (value === null ? 'not set' : date ? formatLongDate(value) : `"${value}"`);
  if (from === null) return `${name}: ${show(to)}`;
  return `${name}: ${show(from)} → ${show(to)}`;
}

/**
 * One care-history entry as the plant's page shows it. Kinds it does not know read generically.
 * An entry someone else recorded (`by`, on a shared plant) names them: "Watered by Ana"; the
 * viewer's own entries read as they always did. An imported entry says so, with the name its file
 * gave when it has one ("Watered by Ana (imported)"): that name is the file's word, not an account.
 */
export function describeEvent(event: PlantEvent, viewerUid?: string | null): EventText {
  const text = describeWhat(event);
  const named = event.by && (event.imported || event.by.uid !== viewerUid) ? event.by.displayName.trim() : '';
  const title = [text.title, named && `by ${named}`, event.imported && '(imported)'].filter(Boolean).join(' ');
  return { ...text, title };
}

function describeWhat(event: PlantEvent): EventText {
  const recorded = Number.isNaN(Date.parse(event.at)) ? '' : localToday(new Date(event.at));
  const changes = Object.entries(event.changes ?? {}) as [string, FieldChange][];
  const changeLines = changes.flatMap(([key, change]) => {
    const field = fieldName(key);
    return field ? [describeChange(field, change)] : [];
  });
  const job = careJobOfType(event.type);
  if (job && job !== 'water') {
    const { doing, done } = CARE_JOB_WORDS[job];
    const next = event.after?.nextDate;
    return {
      day: event.date ?? recorded,
      title: capitalise(done),
      details: next ? [`Next ${doing}: ${formatLongDate(next)}`] : [],
    };
  }
  switch (event.type) {
    case 'snoozed': {
      if (!isCareJob(event.task) || typeof event.days !== 'number') break;
      const { doing } = CARE_JOB_WORDS[event.task];
      const next = event.task === 'water' ? event.nextWateringDate : event.after?.nextDate;
      return {
        day: event.date ?? recorded,
        title: `${capitalise(doing)} snoozed for ${event.days === 1 ? '1 day' : `${event.days} days`}`,
        details: next ? [`Next ${doing}: ${formatLongDate(next)}`] : [],
      };
    }
    case 'checked': {
      if (!isCareJob(event.task)) break;
      const { doing } = CARE_JOB_WORDS[event.task];
      const next = event.task === 'water' ? event.nextWateringDate : event.after?.nextDate;
      return {
        day: event.date ?? recorded,
        title: `Checked: ${checkedWords(event.task)}`,
        details: next ? [`Next ${doing}: ${formatLongDate(next)}`] : [],
      };
    }
    case 'watered':
      return {
        day: event.date ?? recorded,
        title: 'Watered',
        details: event.nextWateringDate ? [`Next watering: ${formatLongDate(event.nextWateringDate)}`] : [],
      };
    case 'note':
      return { day: event.date ?? recorded, title: 'Note', details: [] };
    case 'added':
      return { day: recorded, title: 'Added', details: changeLines };
    case 'updated': {
      const health = changes.some(([field]) => field === 'healthStatus');
      const schedule = changes.some(([field]) => field !== 'healthStatus');
      const title =
        health && schedule ? 'Health and schedule changed' : health ? 'Health status changed' : 'Schedule changed';
      return { day: recorded, title, details: changeLines };
    }
  }
  return { day: recorded, title: 'Changed', details: changeLines };
}
