import { CARE_JOBS, CARE_JOB_WORDS, careJobOfType, isCareJob, type CareJob } from './care-tasks';
import { addDays, daysBetween } from './schedule';
import { wateringSeasonOn } from './seasons';
import { isCalendarDate } from './validators';
import { z } from './zod';

/**
 * A plant's rhythm learned from what people do: from a job's last done days and the "still moist"
 * check-ins since, whether the schedule should say another interval. Pure: the server asks it with
 * the job's history, the page shows what it answers.
 */

/** Done jobs read: the last six, so a plant that changed its habits is followed within weeks. */
const RHYTHM_JOBS = 6;
/** Fewer done jobs than this, and nothing is learned (three gaps at least). */
const RHYTHM_MIN_JOBS = 4;
/** What was learned is offered only when it differs from the schedule by this share or more. */
const RHYTHM_MIN_CHANGE = 0.25;
/** Gaps this far from their average, on average, are no rhythm (a share of the average). */
const RHYTHM_MAX_SPREAD = 0.35;
/** A "Keep" answer is not asked again for this many days. */
const RHYTHM_KEPT_DAYS = 60;

export interface RhythmInput {
  job: CareJob;
  /** The schedule's interval now, in days. */
  everyDays: number;
  /** The days the job was done (YYYY-MM-DD), in any order. */
  done: readonly string[];
  /** The days someone checked and found it not yet needed ("still moist"), in any order. */
  checked: readonly string[];
  /** The person's today (YYYY-MM-DD). */
  today: string;
  /** The day until which a "Keep" answer holds (RHYTHM_KEPT_DAYS after it), if one was given. */
  keptUntil?: string | null;
  /** The season of a day, when the schedule follows the seasons: only gaps within today's season count. */
  seasonOf?: (day: string) => string;
}

/** What the owner's view carries as `suggestion`: the interval a task's rhythm says, and why. */
export interface RhythmSuggestion {
  task: CareJob;
  everyDays: number;
  /** Why, in words: "watered every 10 days on average, not every 7". */
  basis: string;
}

/**
 * What the plant's rhythm says, or null when there is nothing to offer: too few jobs, gaps too
 * irregular to call a rhythm, an interval within RHYTHM_MIN_CHANGE of the schedule's, or a recent
 * "Keep". The gaps are those between the last RHYTHM_JOBS done days; a gap that a check-in found too
 * early is the longer one it became anyway. Check-ins since the last job lengthen the rhythm too: the
 * open gap from the last job to the latest check-in is at least that long, and counts when it is
 * longer than the average. Season by season when `seasonOf` is given.
 */
export function learnedInterval(input: RhythmInput): RhythmSuggestion | null {
  const { job, everyDays, today, keptUntil, seasonOf } = input;
  if (keptUntil && today < keptUntil) return null;
  const done = [...new Set(input.done)].filter((day) => day <= today).sort();
  const recent = done.slice(-RHYTHM_JOBS);
  if (recent.length < RHYTHM_MIN_JOBS) return null;
  const season = seasonOf?.(today);
  const inSeason = (from: string, to: string) => !seasonOf || (seasonOf(from) === season && seasonOf(to) === season);
  const gaps = recent
    .slice(1)
    .map((day, i) => [recent[i]!, day] as const)
    .filter(([from, to]) => inSeason(from, to))
    .map(([from, to]) => daysBetween(from, to));
  if (gaps.length < RHYTHM_MIN_JOBS - 1) return null;
  let average = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
  const spread = gaps.reduce((sum, gap) => sum + Math.abs(gap - average), 0) / gaps.length;
  if (spread > RHYTHM_MAX_SPREAD * average) return null;
  const last = recent.at(-1)!;
  const latestCheck = [...input.checked]
    .filter((day) => day > last && day <= today && inSeason(last, day))
    .sort()
    .at(-1);
  if (latestCheck) {
    const open = daysBetween(last, latestCheck);
    if (open > average) average = (average * gaps.length + open) / (gaps.length + 1);
  }
  const learned = Math.max(1, Math.round(average));
  if (Math.abs(learned - everyDays) < RHYTHM_MIN_CHANGE * everyDays) return null;
  return {
    task: job,
    everyDays: learned,
    basis: `${CARE_JOB_WORDS[job].done} every ${learned} ${learned === 1 ? 'day' : 'days'} on average, not every ${everyDays}`,
  };
}

/** The day until which a "Keep" answered on `day` holds. */
export const keptUntil = (day: string): string => addDays(day, RHYTHM_KEPT_DAYS);

/**
 * What a plant remembers of one job's rhythm (stored on the plant, never answered): the days of its
 * last RHYTHM_JOBS jobs done, the "still moist" check-ins since the latest of them, and the day a
 * "Keep" answer holds until. Kept beside the plant so its views read nothing more to learn.
 */
export interface JobRhythm {
  done: string[];
  checked: string[];
  keptUntil?: string;
}

export type Rhythms = Partial<Record<CareJob, JobRhythm>>;

const EMPTY_RHYTHM: JobRhythm = { done: [], checked: [] };

/** The rhythm after the job was done on `day`: the check-ins before it no longer lengthen anything. */
export function rememberDone(rhythm: JobRhythm | undefined, day: string): JobRhythm {
  const { done, checked, keptUntil } = rhythm ?? EMPTY_RHYTHM;
  const after = [...done, day].sort().slice(-RHYTHM_JOBS);
  const last = after.at(-1)!;
  return withKept({ done: after, checked: checked.filter((each) => each > last) }, keptUntil);
}

/** The rhythm after a check-in on `day` found the job not needed yet. */
export function rememberChecked(rhythm: JobRhythm | undefined, day: string): JobRhythm {
  const { done, checked, keptUntil } = rhythm ?? EMPTY_RHYTHM;
  return withKept({ done, checked: [...checked, day].sort().slice(-RHYTHM_JOBS) }, keptUntil);
}

/** The rhythm after the job or check-in of `day` was undone: one of that day's entries forgotten. */
export function forgetDay(rhythm: JobRhythm | undefined, kind: 'done' | 'checked', day: string): JobRhythm | undefined {
  if (!rhythm) return undefined;
  const list = [...rhythm[kind]];
  const at = list.lastIndexOf(day);
  if (at >= 0) list.splice(at, 1);
  return { ...rhythm, [kind]: list };
}

/** What an event of a job done or a check-in tells a plant's rhythm; null for any other. */
function rhythmEntryOf(event: RhythmEvent): { job: CareJob; kind: 'done' | 'checked'; day: string } | null {
  if (typeof event.date !== 'string') return null;
  const done = careJobOfType(String(event.type));
  if (done) return { job: done, kind: 'done', day: event.date };
  if (event.type === 'checked' && isCareJob(event.task)) return { job: event.task, kind: 'checked', day: event.date };
  return null;
}

/** An event of the journal as stored: its type, day and job (a check-in names it in `task`). */
export interface RhythmEvent {
  type?: unknown;
  date?: unknown;
  task?: unknown;
}

/**
 * A plant's rhythm after `event` is stored, or undone (`undo`): a job done is remembered
 * (rememberDone), a check-in too (rememberChecked), an undone one forgotten (forgetDay); null when
 * the event tells the rhythm nothing (a note, an edit, a snooze).
 */
export function rhythmAfterEvent(rhythms: Rhythms, event: RhythmEvent, undo = false): Rhythms | null {
  const entry = rhythmEntryOf(event);
  if (!entry) return null;
  const { job, kind, day } = entry;
  if (undo) return rhythms[job] ? { ...rhythms, [job]: forgetDay(rhythms[job], kind, day)! } : null;
  return { ...rhythms, [job]: kind === 'done' ? rememberDone(rhythms[job], day) : rememberChecked(rhythms[job], day) };
}

/** The rhythm after "Keep" was answered on `today`. */
export function rememberKept(rhythm: JobRhythm | undefined, today: string): JobRhythm {
  return { ...(rhythm ?? EMPTY_RHYTHM), keptUntil: keptUntil(today) };
}

const withKept = (rhythm: JobRhythm, kept: string | undefined): JobRhythm =>
  kept ? { ...rhythm, keptUntil: kept } : rhythm;

/**
 * The one suggestion a plant's view carries: the first of its jobs (watering, then the care tasks
 * in their order) whose remembered rhythm differs from its schedule's interval (`intervalOf`, null
 * when the job is not tracked or its frequency not understood); a watering that follows its
 * species' seasons (`followsSeasons`) by the gaps of today's season only.
 */
export function suggestionOf(
  rhythms: Rhythms | undefined,
  intervalOf: (job: CareJob) => number | null | undefined,
  today: string,
  followsSeasons = false,
): RhythmSuggestion | null {
  if (!rhythms) return null;
  for (const job of CARE_JOBS) {
    const found = suggestionFor(rhythms, job, intervalOf(job), today, followsSeasons);
    if (found) return found;
  }
  return null;
}

/** What `job`'s remembered rhythm suggests against its interval `everyDays` (learnedInterval). */
export function suggestionFor(
  rhythms: Rhythms,
  job: CareJob,
  everyDays: number | null | undefined,
  today: string,
  followsSeasons = false,
): RhythmSuggestion | null {
  const rhythm = rhythms[job];
  if (!rhythm || !everyDays) return null;
  const seasonOf = followsSeasons && job === 'water' ? seasonHalfOf : undefined;
  return learnedInterval({ job, everyDays, today, ...rhythm, keptUntil: rhythm.keptUntil ?? null, seasonOf });
}

/**
 * The half of the year a day is in, between the equinoxes: the same halves in both hemispheres
 * (only which is summer differs), so a watering that follows its species' seasons learns from the
 * gaps of today's season alone wherever its owner lives.
 */
const seasonHalfOf = (day: string): string => wateringSeasonOn(day, 'north');

/** A plant's stored `rhythm` as it reads: what is not a list of calendar days is nothing. */
export function rhythmsOf(stored: unknown): Rhythms {
  if (!stored || typeof stored !== 'object') return {};
  const days = (value: unknown) =>
    Array.isArray(value) ? value.filter((day): day is string => typeof day === 'string' && isCalendarDate(day)) : [];
  const rhythms: Rhythms = {};
  for (const job of CARE_JOBS) {
    const value = (stored as Record<string, unknown>)[job];
    if (!value || typeof value !== 'object') continue;
    const { done, checked, keptUntil: kept } = value as Record<string, unknown>;
    rhythms[job] = withKept(
      { done: days(done), checked: days(checked) },
      typeof kept === 'string' && isCalendarDate(kept) ? kept : undefined,
    );
  }
  return rhythms;
}

/**
 * POST /mango/:id/care/:task/suggestion: "Use every N days" (`everyDays`, the interval the person
 * was offered, so a suggestion that changed meanwhile is not taken unseen) or "Keep".
 */
export const SuggestionAnswerSchema = z.discriminatedUnion(
  'answer',
  [
    z.strictObject({
      answer: z.literal('use'),
      everyDays: z
        .number({ error: 'everyDays must be the whole number of days the suggestion offered.' })
        .int('everyDays must be the whole number of days the suggestion offered.')
        .min(1, 'everyDays must be the whole number of days the suggestion offered.'),
    }),
    z.strictObject({ answer: z.literal('keep') }),
  ],
  { error: 'answer must be "use" (with everyDays) or "keep".' },
);
export type SuggestionAnswer = z.infer<typeof SuggestionAnswerSchema>;
