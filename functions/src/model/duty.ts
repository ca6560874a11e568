import { z } from './zod';
import { scheduledJobs, type CareJob, type DuePlant } from './care-tasks';
import type { HouseholdRole } from './household';
import { addDays, daysBetween } from './schedule';
import { isCalendarDate } from './validators';

/**
 * A household's rota, shared by the API and the web app: whose turn it is to care for the shared
 * plants on a day. Pure: no express, firebase or DOM. Days are calendar days (YYYY-MM-DD, UTC, as a
 * sitter's last day is).
 */

/** `everyone`: every person who may care gets every job; `rotation`: one person a period. */
export const DUTY_MODES = ['everyone', 'rotation'] as const;
export type DutyMode = (typeof DUTY_MODES)[number];
export const DUTY_PERIODS = ['day', 'week'] as const;
export type DutyPeriodLength = (typeof DUTY_PERIODS)[number];
/** How many periods GET /mango/household/duty looks ahead, this one first. */
export const DUTY_PERIODS_AHEAD = 8;
/** A job this many days late on someone else's turn also goes to the next person of the rotation, once. */
export const HAND_ON_DAYS = 2;
/** An absence ends at most this many days after today. */
export const AWAY_MAX_DAYS_AHEAD = 365;

/** Someone away from `from` to `until`, both days included. */
export interface AwaySpan {
  uid: string;
  from: string;
  until: string;
}

/** What the household stores of its rota (the household document's `duty`). */
export interface DutySettings {
  mode: DutyMode;
  /** Member uids in turn order: the owner and members only, never a sitter. */
  rotation: string[];
  period: DutyPeriodLength;
  /** The day the rota counts from: the first person of `rotation` has the period that starts on it. */
  startsOn: string;
  /** At most one span a person. */
  away: AwaySpan[];
}

/** Someone of the household as the rota sees them. */
export interface RotaPerson {
  uid: string;
  displayName: string;
  role: HouseholdRole;
  /** A sitter's last day; null for an owner or a member. */
  until: string | null;
}

export interface OnDuty {
  uid: string;
  displayName: string;
}

/** One period of the rota and who has it. */
export interface DutyPeriod extends OnDuty {
  from: string;
  until: string;
}

/** GET /mango/household/duty. */
export interface Duty extends DutySettings {
  /** On duty today; null in mode `everyone`. */
  today: OnDuty | null;
  /** The next DUTY_PERIODS_AHEAD periods, this one first; empty in mode `everyone`. */
  weeks: DutyPeriod[];
}

/** The rota a household has before its owner changes anything: everyone, weekly, owner first. */
export function defaultDuty(people: readonly RotaPerson[], startsOn: string): DutySettings {
  return { mode: 'everyone', rotation: rotaCandidates(people).map((p) => p.uid), period: 'week', startsOn, away: [] };
}

/** Who may be in a rotation: the owner, then members by name. Sitters never are. */
export function rotaCandidates(people: readonly RotaPerson[]): RotaPerson[] {
  return people
    .filter((person) => person.role !== 'sitter')
    .sort((a, b) => (a.role === 'owner' ? -1 : b.role === 'owner' ? 1 : a.displayName.localeCompare(b.displayName)));
}

const periodDays = (period: DutyPeriodLength) => (period === 'week' ? 7 : 1);

/** The period `day` falls in: its number counted from `startsOn` (negative before it) and its days. */
export function periodOf(settings: Pick<DutySettings, 'period' | 'startsOn'>, day: string) {
  const length = periodDays(settings.period);
  const index = Math.floor(daysBetween(settings.startsOn, day) / length);
  const from = addDays(settings.startsOn, index * length);
  return { index, from, until: addDays(from, length - 1) };
}

const isAway = (away: readonly AwaySpan[], uid: string, day: string) =>
  away.some((span) => span.uid === uid && span.from <= day && day <= span.until);

/**
 * Who is on duty on `day`: null in mode `everyone`. The period's person is the rotation's next in
 * turn; someone away that day hands the day to the next person of the rotation who is not away.
 * When every person of the rotation is away, a sitter whose dates cover the day (and who is not
 * away) has it, the first by name; with no sitter either, it stays with the person whose turn it
 * is, so the plants still have someone named. A uid of the rotation who is no longer an owner or a
 * member (removed, left, made a sitter) is skipped.
 */
export function onDutyOn(settings: DutySettings, people: readonly RotaPerson[], day: string): OnDuty | null {
  if (settings.mode === 'everyone') return null;
  const byUid = new Map(people.map((person) => [person.uid, person]));
  const rotation = settings.rotation.flatMap((uid) => {
    const person = byUid.get(uid);
    return person && person.role !== 'sitter' ? [person] : [];
  });
  if (!rotation.length) return null;
  const count = rotation.length;
  const turn = ((periodOf(settings, day).index % count) + count) % count;
  for (let step = 0; step < count; step += 1) {
    const person = rotation[(turn + step) % count]!;
    if (!isAway(settings.away, person.uid, day)) return named(person);
  }
  const sitter = people
    .filter((p) => p.role === 'sitter' && p.until !== null && day <= p.until && !isAway(settings.away, p.uid, day))
    .sort((a, b) => a.displayName.localeCompare(b.displayName))[0];
  return named(sitter ?? rotation[turn]!);
}

/** The day whose turn a job of `date` is: its own day, or `today` for an overdue one. */
export const dutyDayOf = (date: string, today: string): string => (date > today ? date : today);

/**
 * Who is on duty for each scheduled job of a shared plant (scheduledJobs): the rota's person on
 * that job's own day, today for an overdue one; null for each in mode `everyone`. A plant's jobs
 * may fall on different turns, so each of Today's rows names its own job's person.
 */
export function onDutyByJob(
  settings: DutySettings,
  people: readonly RotaPerson[],
  plant: DuePlant,
  today: string,
): Partial<Record<CareJob, OnDuty | null>> {
  return Object.fromEntries(
    scheduledJobs(plant).map(({ job, date }) => [job, onDutyOn(settings, people, dutyDayOf(date, today))]),
  );
}

/**
 * Who is next after `uid` on `day`: the following person of the rotation who is not away and not
 * `uid`; null in mode `everyone`, for someone not in the rotation (a sitter covering), or when
 * nobody else is there. An overdue job of `uid`'s turn is handed on to them.
 */
export function nextOnDuty(
  settings: DutySettings,
  people: readonly RotaPerson[],
  uid: string,
  day: string,
): OnDuty | null {
  if (settings.mode === 'everyone') return null;
  const members = new Map(people.filter((p) => p.role !== 'sitter').map((p) => [p.uid, p]));
  const rotation = settings.rotation.filter((other) => members.has(other));
  const at = rotation.indexOf(uid);
  if (at < 0) return null;
  for (let step = 1; step < rotation.length; step += 1) {
    const next = rotation[(at + step) % rotation.length]!;
    if (!isAway(settings.away, next, day)) return named(members.get(next)!);
  }
  return null;
}

const named = ({ uid, displayName }: { uid: string; displayName: string }): OnDuty => ({ uid, displayName });

/**
 * The rota as GET /mango/household/duty answers it on `today`: who is on duty now and in the next
 * periods. A period names who is on duty on its first day (this one's: today); someone away for
 * part of a period hands over only the days they are away.
 */
export function dutyView(settings: DutySettings, people: readonly RotaPerson[], today: string): Duty {
  const now = onDutyOn(settings, people, today);
  const weeks: DutyPeriod[] = [];
  if (now) {
    const length = periodDays(settings.period);
    const first = periodOf(settings, today);
    for (let i = 0; i < DUTY_PERIODS_AHEAD; i += 1) {
      const from = addDays(first.from, i * length);
      const person = i === 0 ? now : onDutyOn(settings, people, from);
      if (person) weeks.push({ from, until: addDays(from, length - 1), ...person });
    }
  }
  return { ...settings, today: now, weeks };
}

/** Absences over before `today` are of no use to the rota: a write drops them. */
export const currentAway = (away: readonly AwaySpan[], today: string): AwaySpan[] =>
  away.filter((span) => span.until >= today);

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date written YYYY-MM-DD.` })
    .trim()
    .refine(isCalendarDate, `${name} must be a real date written YYYY-MM-DD.`);

/** PUT /mango/household/duty: any of mode, rotation, period, startsOn. */
export const UpdateDutyInputSchema = z
  .strictObject(
    {
      mode: z.enum(DUTY_MODES, { error: `Mode must be one of: ${DUTY_MODES.join(', ')}.` }).optional(),
      rotation: z
        .array(z.string({ error: 'Rotation must list member ids.' }).min(1, 'Rotation must list member ids.'), {
          error: 'Rotation must be a list of member ids.',
        })
        .min(1, 'A rotation needs at least one person.')
        .max(30, 'A rotation lists each person of the household at most once.')
        .refine((uids) => new Set(uids).size === uids.length, 'A rotation lists each person at most once.')
        .optional(),
      period: z.enum(DUTY_PERIODS, { error: `Period must be one of: ${DUTY_PERIODS.join(', ')}.` }).optional(),
      startsOn: day('Start date').optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'The rota takes only these fields: mode, rotation, period, startsOn.'
          : 'The rota must be an object.',
    },
  )
  .refine((input) => Object.keys(input).length > 0, {
    message: 'Send at least one of mode, rotation, period or startsOn.',
    path: ['mode'],
    // Only of an input that is otherwise fine: an unknown field is its own sentence.
    when: (payload) => payload.issues.length === 0,
  });
export type UpdateDutyInput = z.infer<typeof UpdateDutyInputSchema>;

/** POST /mango/household/away: the caller, or (for the owner) anyone of the household, by `uid`. */
export const AwayInputSchema = z
  .strictObject(
    {
      uid: z.string({ error: 'uid must be a member id.' }).min(1, 'uid must be a member id.').optional(),
      from: day('First day away'),
      until: day('Last day away'),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Away takes only these fields: uid, from, until.'
          : 'Away must be an object with from and until.',
    },
  )
  .refine((input) => !isCalendarDate(input.from) || !isCalendarDate(input.until) || input.from <= input.until, {
    message: 'The last day away must be on or after the first.',
    path: ['until'],
  });
export type AwayInput = z.infer<typeof AwayInputSchema>;
