import { CARE_JOB_WORDS, type CareJob } from './care-tasks';
import { addDays, daysBetween } from './schedule';

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

export interface RhythmSuggestion {
  job: CareJob;
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
    job,
    everyDays: learned,
    basis: `${CARE_JOB_WORDS[job].done} every ${learned} ${learned === 1 ? 'day' : 'days'} on average, not every ${everyDays}`,
  };
}

/** The day until which a "Keep" answered on `day` holds. */
export const keptUntil = (day: string): string => addDays(day, RHYTHM_KEPT_DAYS);
