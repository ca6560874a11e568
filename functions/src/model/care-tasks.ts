/**
 * Care tasks beside watering (fertilize, repot, prune, mist), shared by the API and the web app:
 * their names, a plant's schedules (`care`), and which jobs are due. Pure: no zod, so any page can
 * import it. Frequencies are read by the watering's parser (parseWateringInterval in ./schedule).
 */
import {
  addDays,
  daysBetween,
  datesAfterJob,
  nextDateOrDefault,
  dueState,
  groupByDueDate,
  parseWateringInterval,
  UPCOMING_DAYS,
  type DueGroups,
  type DueState,
} from './schedule';
import { isCalendarDate } from './validators';

export const CARE_TASKS = ['fertilize', 'repot', 'prune', 'mist'] as const;
export type CareTask = (typeof CARE_TASKS)[number];

/** Every job a plant can have done: watering, which keeps its own fields, and the care tasks. */
export const CARE_JOBS = ['water', ...CARE_TASKS] as const;
export type CareJob = (typeof CARE_JOBS)[number];

/** The most characters a task's frequency may have, as for watering. */
export const CARE_FREQUENCY_MAX = 60;

export interface CareJobWords {
  /** The imperative, as a calendar event says it: "Fertilize Monstera". */
  label: string;
  /** The activity: "fertilizing" ("Next fertilizing date"). */
  doing: string;
  /** Done: "fertilized" ("last fertilized on..."); also the type of its events and activity records. */
  done: string;
}

export const CARE_JOB_WORDS: Record<CareJob, CareJobWords> = {
  water: { label: 'Water', doing: 'watering', done: 'watered' },
  fertilize: { label: 'Fertilize', doing: 'fertilizing', done: 'fertilized' },
  repot: { label: 'Repot', doing: 'repotting', done: 'repotted' },
  prune: { label: 'Prune', doing: 'pruning', done: 'pruned' },
  mist: { label: 'Mist', doing: 'misting', done: 'misted' },
};

/** A job's words at the start of a sentence: "Watering of Fern undone", "Fertilized Fern". */
export const capitalise = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/** The event and activity types that record a job: watered, fertilized, repotted, pruned, misted. */
export const CARE_JOB_EVENT_TYPES = CARE_JOBS.map((job) => CARE_JOB_WORDS[job].done);

export const isCareTask = (value: unknown): value is CareTask => (CARE_TASKS as readonly unknown[]).includes(value);
export const isCareJob = (value: unknown): value is CareJob => (CARE_JOBS as readonly unknown[]).includes(value);

/** The job an event or activity type records ('fertilized' -> 'fertilize'), or null for any other type. */
export function careJobOfType(type: string): CareJob | null {
  return CARE_JOBS.find((job) => CARE_JOB_WORDS[job].done === type) ?? null;
}

/** One tracked task of a plant, as stored and as the owner's view answers it. */
export interface CareSchedule {
  /** Free text, as for watering ("monthly", "every 2 years"); null when none was given. */
  frequency: string | null;
  /** YYYY-MM-DD or null. */
  lastDate: string | null;
  nextDate: string | null;
  /** Derived by the server from `frequency` (parseWateringInterval); null when not understood. */
  intervalDays: number | null;
}

/** A plant's tracked tasks; a task that is absent is not tracked. */
export type CareSchedules = Partial<Record<CareTask, CareSchedule>>;

/** What a client sends for one task: its whole schedule (an absent or blank field is null), or null to stop tracking it. */
export interface CareTaskInput {
  frequency?: string | null;
  lastDate?: string | null;
  nextDate?: string | null;
}
/** `care` in POST /mango and PUT /mango/:id: a task absent is left as it is. */
export type CareInput = Partial<Record<CareTask, CareTaskInput | null | undefined>>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const date = (value: unknown): string | null => (typeof value === 'string' && isCalendarDate(value) ? value : null);

/** A task's schedule from its input, with the interval the server reads in the frequency. */
export function careSchedule(input: CareTaskInput): CareSchedule {
  const frequency = text(input.frequency);
  return {
    frequency,
    lastDate: date(input.lastDate),
    nextDate: date(input.nextDate),
    intervalDays: parseWateringInterval(frequency),
  };
}

/**
 * A plant's schedules as stored data gives them: known tasks only, every field present (null when
 * unset), and the interval read again when a stored one is missing.
 */
export function readCareSchedules(stored: unknown): CareSchedules {
  if (!stored || typeof stored !== 'object') return {};
  const care: CareSchedules = {};
  for (const task of CARE_TASKS) {
    const entry = (stored as Record<string, unknown>)[task];
    if (!entry || typeof entry !== 'object') continue;
    const { intervalDays, ...fields } = entry as Record<string, unknown>;
    const schedule = careSchedule(fields as CareTaskInput);
    care[task] = typeof intervalDays === 'number' ? { ...schedule, intervalDays } : schedule;
  }
  return care;
}

/** The schedules after an input: each task named is replaced (null: no longer tracked), the others kept. */
export function applyCareInput(current: CareSchedules | undefined, input: CareInput | undefined): CareSchedules {
  const care: CareSchedules = { ...current };
  for (const task of CARE_TASKS) {
    const value = input?.[task];
    if (value === undefined) continue;
    if (value === null) delete care[task];
    else care[task] = careSchedule(value);
  }
  return care;
}

/** The schedules with a next date for every task whose interval is understood (nextDateOrDefault). */
export function withNextDates(care: CareSchedules, today: string): CareSchedules {
  const filled: CareSchedules = {};
  for (const [task, schedule] of Object.entries(care) as [CareTask, CareSchedule][]) {
    filled[task] = { ...schedule, nextDate: nextDateOrDefault(schedule, schedule.intervalDays, today) };
  }
  return filled;
}

const sameSchedule = (a: CareSchedule | undefined, b: CareSchedule | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    a.frequency === b.frequency &&
    a.lastDate === b.lastDate &&
    a.nextDate === b.nextDate &&
    a.intervalDays === b.intervalDays);

/** The tasks whose schedule differs between two states (started, stopped or changed). */
export function changedCareTasks(before: CareSchedules | undefined, after: CareSchedules | undefined): CareTask[] {
  return CARE_TASKS.filter((task) => !sameSchedule(before?.[task], after?.[task]));
}

/** A task's schedule after it was done on `date`: by the watering's rules; a task not tracked yet starts with that day. */
export function scheduleAfterJob(current: CareSchedule | undefined, date: string): CareSchedule {
  const { lastDate, nextDate } = datesAfterJob(current ?? {}, current?.intervalDays, date);
  return { frequency: current?.frequency ?? null, intervalDays: current?.intervalDays ?? null, lastDate, nextDate };
}

/** A job's interval in days on `plant`: watering's, or a tracked task's; null when not tracked or not understood. */
export const jobIntervalOf = (
  plant: { wateringIntervalDays?: number | null; care?: CareSchedules | null },
  job: CareJob,
): number | null => (job === 'water' ? plant.wateringIntervalDays : plant.care?.[job]?.intervalDays) ?? null;

/** How far a check-in may move a job whose interval is not known: days from today. */
const CHECK_IN_MAX_DAYS = 14;

/** Where a check-in leaves a job: its next date, and how many days later than before that is (0: it stayed). */
interface CheckInMove {
  nextDate: string;
  days: number;
}

/**
 * Where a check-in that found a job not needed yet ("still moist") moves its next date: `days`
 * after the later of the date it had and `today`, but never past `today` plus the job's interval
 * (CHECK_IN_MAX_DAYS without one). A check-in is not the job done, so it may not put the job
 * further off than doing it today would, and check-ins in a row (anyone's, a sitter's too) cannot
 * add up. It never brings a job sooner: a date already past that bound stays where it is.
 */
export function checkInMove(
  next: string | null | undefined,
  intervalDays: number | null | undefined,
  days: number,
  today: string,
): CheckInMove {
  const from = next && next > today ? next : today;
  const wanted = addDays(from, days);
  const furthest = addDays(today, intervalDays ?? CHECK_IN_MAX_DAYS);
  if (from >= furthest) return { nextDate: from, days: 0 };
  const nextDate = wanted < furthest ? wanted : furthest;
  return { nextDate, days: daysBetween(from, nextDate) };
}

/** The plant fields the due dates come from. */
export interface DuePlant {
  nextWateringDate?: string | null;
  care?: CareSchedules | null;
}

/** One job due: what, and its next date. */
export interface DueJob {
  job: CareJob;
  date: string;
}

/** Every job of the plant with a next date, soonest first (then in CARE_JOBS order). */
export function scheduledJobs(plant: DuePlant): DueJob[] {
  const jobs: DueJob[] = [];
  const watering = typeof plant.nextWateringDate === 'string' ? plant.nextWateringDate.trim() : '';
  if (watering && isCalendarDate(watering)) jobs.push({ job: 'water', date: watering });
  for (const task of CARE_TASKS) {
    const next = plant.care?.[task]?.nextDate;
    if (next && isCalendarDate(next)) jobs.push({ job: task, date: next });
  }
  return jobs.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : CARE_JOBS.indexOf(a.job) - CARE_JOBS.indexOf(b.job),
  );
}

/** The jobs due on or before `until` (YYYY-MM-DD): a row each on Today, and what the home reminder counts. */
export function dueJobs(plant: DuePlant, until: string): DueJob[] {
  return scheduledJobs(plant).filter((job) => job.date <= until);
}

/** The earliest next date over watering and every tracked task, or null: what GET /mango/due orders and filters by. */
export function nextDueDate(plant: DuePlant): string | null {
  return scheduledJobs(plant)[0]?.date ?? null;
}

/** One job of one plant: a row on Today. */
export interface PlantJob<P> extends DueJob {
  plant: P;
}

/**
 * Today's rows, a row per plant and job due by the end of the UPCOMING_DAYS days after `today`,
 * in the groups of groupByDueDate: within a day by plant name, a plant's jobs in scheduledJobs'
 * order (the sort is stable: Water before Fertilize).
 */
export function groupJobsByDue<P extends DuePlant & { plantName: string }>(
  plants: readonly P[],
  today: string,
): DueGroups<PlantJob<P>> {
  const until = addDays(today, UPCOMING_DAYS);
  const rows = plants.flatMap((plant) => dueJobs(plant, until).map((job) => ({ ...job, plant })));
  return groupByDueDate(
    rows,
    today,
    (row) => row.date,
    (a, b) => a.plant.plantName.localeCompare(b.plant.plantName),
  );
}

/** A plant's nearest job, how due it is, and the sentence a badge says: "Fertilize due in 2 days", "Water overdue by 1 day". */
export interface NearestJob extends DueJob {
  state: DueState;
  label: string;
}

/** The label of a job's due state: "Fertilize due today", "Water overdue by 3 days". */
export function dueJobLabel(job: CareJob, state: DueState): string {
  return `${CARE_JOB_WORDS[job].label} ${state.label.charAt(0).toLowerCase()}${state.label.slice(1)}`;
}

/** The plant's earliest job (watering or a tracked task, as scheduledJobs orders them) against `today`, or null with none scheduled. */
export function nearestJob(plant: DuePlant, today: string): NearestJob | null {
  const first = scheduledJobs(plant)[0];
  const state = first && dueState(first.date, today);
  return first && state ? { ...first, state, label: dueJobLabel(first.job, state) } : null;
}

/** One page of GET /mango/due: the plants with a job due by `until`, soonest first. */
export interface DuePage<P> {
  plants: P[];
  /** Opaque; pass it as `cursor` with the same `until` for the next page. null: this was the last page. */
  nextCursor: string | null;
  /** How many plants have a job due by `until` (exact). */
  total: number;
}
