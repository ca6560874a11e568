import { careJobOfType, isCareJob, isCareTask, type CareJob } from '@model/care-tasks';
import type { FieldChange, PlantEvent, TrackedField } from '@model/plant-events';
import { localToday } from '@model/schedule';
import { formatLongDate } from '@/lib/dates';
import { translate } from '@/lib/i18n/i18n';
import { healthWord } from '@/lib/plant-status-words';
import { defineMessages } from '@/lib/i18n/messages';

export interface EventText {
  /** The calendar day it happened: a watering's own day, else the day it was recorded (the reader's time zone). */
  day: string;
  /** What happened, in a few words. */
  title: string;
  /** More lines: what changed, where the next watering went. */
  details: string[];
}

/*
 * The journal's words, in the app's language (the model's English words are the server's). In the
 * jobs' selects `other` is misting: ICU asks for an `other`, and the jobs are CARE_JOBS.
 */
const messages = defineMessages({
  frequency: {
    id: 'care.field.frequency',
    message:
      '{job, select, water {Watering frequency} fertilize {Fertilizing frequency} repot {Repotting frequency} prune {Pruning frequency} other {Misting frequency}}',
  },
  lastDate: {
    id: 'care.field.lastDate',
    message:
      '{job, select, water {Last watered} fertilize {Last fertilized} repot {Last repotted} prune {Last pruned} other {Last misted}}',
  },
  nextDate: {
    id: 'care.field.nextDate',
    message:
      '{job, select, water {Next watering} fertilize {Next fertilizing} repot {Next repotting} prune {Next pruning} other {Next misting}}',
  },
  healthStatus: { id: 'care.field.healthStatus', message: 'Health status' },
  change: { id: 'care.event.change', message: '{field}: {value}' },
  changeFromTo: { id: 'care.event.changeFromTo', message: '{field}: {from} → {to}' },
  notSet: { id: 'care.event.notSet', message: 'not set' },
  quoted: { id: 'care.event.quoted', message: '"{value}"' },
  checkedWords: {
    id: 'care.checked.words',
    message:
      '{job, select, water {soil still moist} fertilize {fertilizing not needed yet} repot {repotting not needed yet} prune {pruning not needed yet} other {misting not needed yet}}',
  },
  done: {
    id: 'care.event.done',
    message: '{job, select, water {Watered} fertilize {Fertilized} repot {Repotted} prune {Pruned} other {Misted}}',
  },
  snoozed: {
    id: 'care.event.snoozed',
    message:
      '{job, select, water {Watering} fertilize {Fertilizing} repot {Repotting} prune {Pruning} other {Misting}} snoozed for {days, plural, one {{days} day} other {{days} days}}',
  },
  checked: { id: 'care.event.checked', message: 'Checked: {what}' },
  checkedPlant: { id: 'care.checked.plant', message: 'Checked {plant}: {what}' },
  note: { id: 'care.event.note', message: 'Note' },
  added: { id: 'care.event.added', message: 'Added' },
  healthAndSchedule: { id: 'care.event.healthAndSchedule', message: 'Health and schedule changed' },
  health: { id: 'care.event.health', message: 'Health status changed' },
  schedule: { id: 'care.event.schedule', message: 'Schedule changed' },
  changed: { id: 'care.event.changed', message: 'Changed' },
  by: { id: 'care.event.by', message: '{title} by {name}' },
  imported: { id: 'care.event.imported', message: '{title} (imported)' },
});

/** A component's `t` (useT), so it draws again in a new language; `translate` outside React. */
type Translate = typeof translate;

/** A field of a job's schedule: the watering's own fields are named as each care task's are. */
type JobField = 'frequency' | 'lastDate' | 'nextDate';

const WATERING_FIELDS: Partial<Record<TrackedField, JobField>> = {
  wateringFrequency: 'frequency',
  lastWateredDate: 'lastDate',
  nextWateringDate: 'nextDate',
};

/** A job's field as the journal names it: "Watering frequency", "Last fertilized", "Next misting". */
const jobFieldName = (job: CareJob, field: JobField, t: Translate) => t(messages[field], { job });

/** "Next watering: March 6, 2026": where a job went, in the journal and in a check-in's toast. */
export const nextJobLine = (job: CareJob, date: string, t: Translate = translate) =>
  t(messages.change, { field: jobFieldName(job, 'nextDate', t), value: formatLongDate(date) });

/** What a check-in found, in words: the journal's, the button's and the toast's. */
const checkedWords = (job: CareJob, t: Translate = translate) => t(messages.checkedWords, { job });

/** "Checked Aloe: soil still moist": a check-in's name on its button and in its toast. */
export const checkedSentence = (plant: string, job: CareJob, t: Translate = translate) =>
  t(messages.checkedPlant, { plant, what: checkedWords(job, t) });

/** A tracked field as the history names it ('care.fertilize.nextDate': 'Next fertilizing'), or null for a key it does not know. */
function fieldName(key: string, t: Translate): { name: string; date: boolean; health?: boolean } | null {
  if (key === 'healthStatus') return { name: t(messages.healthStatus), date: false, health: true };
  const watering = Object.hasOwn(WATERING_FIELDS, key) ? WATERING_FIELDS[key as TrackedField] : undefined;
  if (watering) return { name: jobFieldName('water', watering, t), date: watering !== 'frequency' };
  const [prefix, task, field] = key.split('.');
  if (prefix !== 'care' || !isCareTask(task)) return null;
  if (field === 'frequency' || field === 'lastDate' || field === 'nextDate')
    return { name: jobFieldName(task, field, t), date: field !== 'frequency' };
  return null;
}

function describeChange(
  { name, date, health }: { name: string; date: boolean; health?: boolean },
  { from, to }: FieldChange,
  t: Translate,
): string {
  const word = (value: string) => (health ? healthWord(value, t) : value);
  const show = (value: string | null) =>
    value === null ? t(messages.notSet) : date ? formatLongDate(value) : t(messages.quoted, { value: word(value) });
  if (from === null) return t(messages.change, { field: name, value: show(to) });
  return t(messages.changeFromTo, { field: name, from: show(from), to: show(to) });
}

/**
 * One care-history entry as the plant's page shows it. Kinds it does not know read generically.
 * An entry someone else recorded (`by`, on a shared plant) names them: "Watered by Ana"; the
 * viewer's own entries read as they always did. An imported entry says so, with the name its file
 * gave when it has one ("Watered by Ana (imported)"): that name is the file's word, not an account.
 */
export function describeEvent(event: PlantEvent, viewerUid?: string | null, t: Translate = translate): EventText {
  const text = describeWhat(event, t);
  const named = event.by && (event.imported || event.by.uid !== viewerUid) ? event.by.displayName.trim() : '';
  let title = text.title;
  if (named) title = t(messages.by, { title, name: named });
  if (event.imported) title = t(messages.imported, { title });
  return { ...text, title };
}

function describeWhat(event: PlantEvent, t: Translate): EventText {
  const recorded = Number.isNaN(Date.parse(event.at)) ? '' : localToday(new Date(event.at));
  const changes = Object.entries(event.changes ?? {}) as [string, FieldChange][];
  const changeLines = changes.flatMap(([key, change]) => {
    const field = fieldName(key, t);
    return field ? [describeChange(field, change, t)] : [];
  });
  const job = careJobOfType(event.type);
  if (job && job !== 'water') {
    const next = event.after?.nextDate;
    return {
      day: event.date ?? recorded,
      title: t(messages.done, { job }),
      details: next ? [nextJobLine(job, next, t)] : [],
    };
  }
  switch (event.type) {
    case 'snoozed': {
      if (!isCareJob(event.task) || typeof event.days !== 'number') break;
      const next = event.task === 'water' ? event.nextWateringDate : event.after?.nextDate;
      return {
        day: event.date ?? recorded,
        title: t(messages.snoozed, { job: event.task, days: event.days }),
        details: next ? [nextJobLine(event.task, next, t)] : [],
      };
    }
    case 'checked': {
      if (!isCareJob(event.task)) break;
      const next = event.task === 'water' ? event.nextWateringDate : event.after?.nextDate;
      return {
        day: event.date ?? recorded,
        title: t(messages.checked, { what: checkedWords(event.task, t) }),
        details: next ? [nextJobLine(event.task, next, t)] : [],
      };
    }
    case 'watered':
      return {
        day: event.date ?? recorded,
        title: t(messages.done, { job: 'water' }),
        details: event.nextWateringDate ? [nextJobLine('water', event.nextWateringDate, t)] : [],
      };
    case 'note':
      return { day: event.date ?? recorded, title: t(messages.note), details: [] };
    case 'added':
      return { day: recorded, title: t(messages.added), details: changeLines };
    case 'updated': {
      const health = changes.some(([field]) => field === 'healthStatus');
      const schedule = changes.some(([field]) => field !== 'healthStatus');
      const title = health && schedule ? messages.healthAndSchedule : health ? messages.health : messages.schedule;
      return { day: recorded, title: t(title), details: changeLines };
    }
  }
  return { day: recorded, title: t(messages.changed), details: changeLines };
}
