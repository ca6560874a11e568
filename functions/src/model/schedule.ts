/**
 * Schedule rules, shared by the API and the web app: understanding a free-text frequency (of
 * watering, and of the other care tasks), calendar-date arithmetic, and the due state shown on badges.
 * Dates are calendar days written YYYY-MM-DD; arithmetic runs in UTC so daylight-saving changes
 * can never add or lose a day.
 */

import { frequencyRulesBesideEnglish, type FrequencyRule } from './frequency-words';

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const NUM = '(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const DAYS_PER_MONTH = 30;
const DAYS_PER_YEAR = 365;
/**
 * The longest interval understood: ten years ("every 10 years"), for repotting and the like. A
 * count of days stays at most a year (MAX_DAYS_SPELLED): "every 400 days" reads as a slip of the
 * keyboard, and a longer interval is said in years.
 */
export const MAX_INTERVAL_DAYS = 10 * DAYS_PER_YEAR;
const MAX_DAYS_SPELLED = 366;

function toNumber(token: string): number {
  return NUMBER_WORDS[token] ?? Number(token);
}

/** English phrasings and the interval they mean, tried in order against the normalised text. */
const ENGLISH_RULES: FrequencyRule[] = [
  [/^(daily|every day|each day|once a day|once daily|once per day|every single day)$/, () => 1],
  [new RegExp(`^(twice|${NUM} times) (a|per) day$`), () => 1],
  [/^every other day$/, () => 2],
  [
    new RegExp(`^(once )?every ${NUM}(?: ?(?:-|to|or) ?${NUM})? days?$`),
    (m) => spelledDays(Math.min(toNumber(m[2]!), m[3] ? toNumber(m[3]) : Infinity)),
  ],
  [/^(weekly|every week|each week|once a week|once weekly|once per week)$/, () => 7],
  [/^(twice|two times) (a week|per week|weekly)$/, () => 3],
  [
    new RegExp(`^${NUM}(?: ?(?:-|to|or) ?${NUM})? ?(?:times|x) (a week|per week|weekly)$`),
    (m) => Math.floor(7 / Math.max(toNumber(m[1]!), m[2] ? toNumber(m[2]) : 0)),
  ],
  [/^(biweekly|bi-weekly|fortnightly|every fortnight|once a fortnight|every other week)$/, () => 14],
  [
    new RegExp(`^(once )?every ${NUM}(?: ?(?:-|to|or) ?${NUM})? weeks?$`),
    (m) => 7 * Math.min(toNumber(m[2]!), m[3] ? toNumber(m[3]) : Infinity),
  ],
  [/^(monthly|every month|each month|once a month|once monthly|once per month)$/, () => DAYS_PER_MONTH],
  [
    new RegExp(`^(once )?every ${NUM}(?: ?(?:-|to|or) ?${NUM})? months?$`),
    (m) => DAYS_PER_MONTH * Math.min(toNumber(m[2]!), m[3] ? toNumber(m[3]) : Infinity),
  ],
  [/^every other month$/, () => 2 * DAYS_PER_MONTH],
  [new RegExp(`^(twice|${NUM} times) (a|per) month$`), (m) => Math.floor(DAYS_PER_MONTH / (m[2] ? toNumber(m[2]) : 2))],
  [/^(quarterly|every quarter|once a quarter)$/, () => 3 * DAYS_PER_MONTH],
  [/^(yearly|annually|every year|each year|once a year|once per year|once yearly)$/, () => DAYS_PER_YEAR],
  [/^(twice (a|per) year|twice yearly|semi-?annually|every half year)$/, () => Math.floor(DAYS_PER_YEAR / 2)],
  [new RegExp(`^${NUM} times (a|per) year$`), (m) => Math.floor(DAYS_PER_YEAR / toNumber(m[1]!))],
  [/^(every other year|biennially)$/, () => 2 * DAYS_PER_YEAR],
  [
    new RegExp(`^(once )?every ${NUM}(?: ?(?:-|to|or) ?${NUM})? years?$`),
    (m) => DAYS_PER_YEAR * Math.min(toNumber(m[2]!), m[3] ? toNumber(m[3]) : Infinity),
  ],
];

/** A count of days as typed, or no interval beyond MAX_DAYS_SPELLED. */
function spelledDays(days: number): number {
  return days <= MAX_DAYS_SPELLED ? days : NaN;
}

/** English's phrasings, then those of the app's other languages (frequency-words.ts). */
const RULES: FrequencyRule[] = [...ENGLISH_RULES, ...frequencyRulesBesideEnglish(spelledDays)];

/**
 * The interval in days that a frequency such as 'Every 3 days', 'twice a week', 'Fortnightly' or
 * 'every 2 years' means, or null when the text is not understood; in Spanish, German and French
 * too ('cada 3 días', 'zweimal pro Woche', 'tous les 15 jours'), whatever the reader's language.
 * Watering and every other care task (fertilize, repot, prune, mist) are read by this one parser.
 * A month is 30 days, a year 365.
 */
export function parseWateringInterval(text: string | null | undefined): number | null {
  if (!text) return null;
  const normalised = text
    .toLowerCase()
    // Accents aside ('días', 'täglich', 'à'): each is written with and without them.
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/^(water(ed)?|about|around|roughly|approximately|approx\.?) /, '');
  for (const [pattern, interval] of RULES) {
    const match = pattern.exec(normalised);
    if (match) {
      const days = interval(match);
      return Number.isFinite(days) && days >= 1 && days <= MAX_INTERVAL_DAYS ? days : null;
    }
  }
  return null;
}

/**
 * A frequency as the form writes it, in words the schedule parser reads back as the same interval:
 * "Every 7 days", "Every day", and whole years past a year ("Every 2 years": the parser takes a
 * count of days up to a year only).
 */
export function everyDays(days: number): string {
  if (days === 1) return 'Every day';
  if (days % 365 === 0) return days === 365 ? 'Every year' : `Every ${days / 365} years`;
  if (days <= 366) return `Every ${days} days`;
  if (days % 30 === 0) return `Every ${days / 30} months`;
  return `Every ${Math.round(days / 7)} weeks`;
}

/** A day in milliseconds (a UTC day: no daylight saving). */
export const DAY_MS = 24 * 60 * 60 * 1000;

function toUtcMs(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** date + days, as a calendar date. */
export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** The calendar day of `now` in the local time zone (the user's day, in a browser). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type DueKind = 'overdue' | 'today' | 'tomorrow' | 'upcoming';

export interface DueState {
  kind: DueKind;
  /** Days until the next watering; negative when overdue. */
  days: number;
  label: string;
}

/** 'Overdue by N days', 'Due today', 'Due tomorrow', 'Due in N days', or null without a date. */
export function dueState(nextWateringDate: string | null | undefined, today: string): DueState | null {
  if (!nextWateringDate) return null;
  const days = daysBetween(today, nextWateringDate);
  if (days < 0) return { kind: 'overdue', days, label: `Overdue by ${-days} ${-days === 1 ? 'day' : 'days'}` };
  if (days === 0) return { kind: 'today', days, label: 'Due today' };
  if (days === 1) return { kind: 'tomorrow', days, label: 'Due tomorrow' };
  return { kind: 'upcoming', days, label: `Due in ${days} days` };
}

/** The next watering after `lastWatered`, or undefined without an interval. */
export function suggestNextWateringDate(
  lastWatered: string | null | undefined,
  intervalDays: number | null,
): string | undefined {
  if (!lastWatered || !intervalDays) return undefined;
  return addDays(lastWatered, intervalDays);
}

/** The hint a form shows for an understood interval: 'Every day', 'Every 3 days', 'Every 2 weeks', 'Every 2 years'. */
export function describeInterval(days: number): string {
  if (days === 1) return 'Every day';
  if (days === DAYS_PER_YEAR) return 'Every year';
  if (days % DAYS_PER_YEAR === 0) return `Every ${days / DAYS_PER_YEAR} years`;
  if (days === 7) return 'Every week';
  if (days % 7 === 0) return `Every ${days / 7} weeks`;
  return `Every ${days} days`;
}

/** The calendar day of `now` in UTC: the server's "today". */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * How far a watering date may lie after the server's UTC day. The furthest time zone ahead of UTC
 * (UTC+14) is at most one calendar day ahead, so a user anywhere may record "today" in their own
 * calendar; a date two days ahead of UTC is in the future for everyone.
 */
export const WATERING_DAYS_AHEAD_OF_UTC = 1;

/** The latest date a watering may be recorded on, seen from the server's clock. */
export function latestWateringDate(now: Date = new Date()): string {
  return addDays(utcToday(now), WATERING_DAYS_AHEAD_OF_UTC);
}

export interface WateringDates {
  lastWateredDate?: string | null;
  nextWateringDate?: string | null;
}

/**
 * The plant's dates after a watering on `date`: the last watering is that day; the next one is
 * `date + interval` with an interval, else the plant's previous gap between its two dates (when
 * both are set and the next comes after the last), else it stays where it was.
 */
export function datesAfterWatering(
  current: WateringDates,
  intervalDays: number | null | undefined,
  date: string,
): { lastWateredDate: string; nextWateringDate: string | null } {
  const { lastDate, nextDate } = datesAfterJob(
    { lastDate: current.lastWateredDate, nextDate: current.nextWateringDate },
    intervalDays,
    date,
  );
  return { lastWateredDate: lastDate, nextWateringDate: nextDate };
}

/** A care task's two dates (see care-tasks.ts). */
export interface JobDates {
  lastDate?: string | null;
  nextDate?: string | null;
}

/**
 * The next date a schedule is stored with: the one given, else, when its interval is understood,
 * the last date + interval (today + interval without a last date), so that every schedule the
 * server can read comes due; null when there is neither a date nor an interval.
 */
export function nextDateOrDefault(
  { lastDate, nextDate }: JobDates,
  intervalDays: number | null | undefined,
  today: string,
): string | null {
  if (nextDate) return nextDate;
  return intervalDays ? addDays(lastDate || today, intervalDays) : null;
}

/** A task's dates after it is done on `date`, by the watering's rules (datesAfterWatering). */
export function datesAfterJob(
  current: JobDates,
  intervalDays: number | null | undefined,
  date: string,
): { lastDate: string; nextDate: string | null } {
  if (intervalDays) return { lastDate: date, nextDate: addDays(date, intervalDays) };
  const { lastDate: last, nextDate: next } = current;
  if (last && next && daysBetween(last, next) > 0)
    return { lastDate: date, nextDate: addDays(date, daysBetween(last, next)) };
  return { lastDate: date, nextDate: next || null };
}

/** How far ahead the Today page looks after today. */
export const UPCOMING_DAYS = 7;

export interface DueGroups<T> {
  /** Due before today, the most overdue first. */
  overdue: T[];
  /** Due today. */
  today: T[];
  /** Due in the following UPCOMING_DAYS days, soonest first. */
  upcoming: T[];
}

/**
 * The Today page's groups of anything with a due day (a plant's watering, one job of a plant):
 * `dateOf` gives its day, `order` breaks ties within a day. Items without a day, or due later
 * than UPCOMING_DAYS days from now, are in none. Within a group: by day, then by `order`.
 */
export function groupByDueDate<T>(
  items: readonly T[],
  today: string,
  dateOf: (item: T) => string | null | undefined,
  order: (a: T, b: T) => number,
): DueGroups<T> {
  const groups: DueGroups<T> = { overdue: [], today: [], upcoming: [] };
  const sorted = [...items].sort((a, b) => (dateOf(a) ?? '').localeCompare(dateOf(b) ?? '') || order(a, b));
  for (const item of sorted) {
    const state = dueState(dateOf(item), today);
    if (!state) continue;
    if (state.kind === 'overdue') groups.overdue.push(item);
    else if (state.kind === 'today') groups.today.push(item);
    else if (state.days <= UPCOMING_DAYS) groups.upcoming.push(item);
  }
  return groups;
}

/** Badge colour of a due state: overdue red, today and tomorrow yellow, later green. */
export function dueTone(kind: DueKind): 'red' | 'yellow' | 'green' {
  if (kind === 'overdue') return 'red';
  if (kind === 'upcoming') return 'green';
  return 'yellow';
}
