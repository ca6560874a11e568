import { addDays, MAX_INTERVAL_DAYS } from './schedule';
import { z } from './zod';

/**
 * Reminders, shared by the API and the web app: a person's daily digest settings, the browser push
 * subscription a client sends, a snooze, and the pure rules of when a digest is due: the local day
 * and the instant of a wall-clock time in a time zone (daylight saving time included), and quiet
 * hours. Time zones are IANA names, read through Intl.
 */

/** A time of day, `HH:MM` on a 24-hour clock. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DEFAULT_DIGEST_TIME = '08:00';
export const DEFAULT_TIME_ZONE = 'UTC';
/** The most push subscriptions (browsers, devices) one account keeps: a new one beyond it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** The most test digests a person may send themselves in an hour. */
export const TEST_DIGESTS_PER_HOUR = 5;
/** A snooze moves a job this many days ahead at most. */
export const SNOOZE_MAX_DAYS = 14;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of the wall clock in `zone`, made on first use and kept; throws for an unknown zone. */
function wallFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(zone, format);
  }
  return format;
}

/**
 * Whether `name` is a time zone Intl knows by an IANA name ("Europe/Berlin", "UTC"); offsets
 * ("+02:00"), abbreviations and anything else are not.
 */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    wallFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `zone` at an instant, as milliseconds of a UTC date with the same fields (to the second). */
function wallMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    wallFormat(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day (`YYYY-MM-DD`) in `zone` at an instant. */
export function localDate(instant: Date, zone: string): string {
  const wall = new Date(wallMs(instant.getTime(), zone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** The time of day (`HH:MM`) in `zone` at an instant. */
export function localTime(instant: Date, zone: string): string {
  const wall = new Date(wallMs(instant.getTime(), zone));
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * The instant at which the wall clock in `zone` reads `time` on `date`. A time that happens twice
 * (the hour repeated when clocks go back) is its first; a time that never happens (the hour
 * skipped when clocks go forward) is as far after the skip as it was asked for after its start,
 * as Temporal's "compatible" choice is (02:30 on a day that skips 02:00-03:00 is 03:30).
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offsets on either side of the day; a wall time is one of them away from UTC.
  const offsets = [
    ...new Set([-36, 0, 36].map((hours) => wallMs(wall + hours * 3_600_000, zone) - (wall + hours * 3_600_000))),
  ];
  const exact = offsets
    .map((offset) => wall - offset)
    .filter((instant) => wallMs(instant, zone) === wall)
    .sort((a, b) => a - b);
  if (exact.length) return new Date(exact[0]!);
  // Skipped: the offset from before the skip puts it that far past the skip.
  const before = wallMs(wall - 36 * 3_600_000, zone) - (wall - 36 * 3_600_000);
  return new Date(wall - before);
}

/** Minutes since midnight of `HH:MM`. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export interface QuietHours {
  from: string;
  to: string;
}

/** Whether a time of day falls in quiet hours: from `from` up to (not including) `to`, across midnight when `to` is earlier. */
export function inQuietHours(time: string, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const [at, from, to] = [minutesOf(time), minutesOf(quiet.from), minutesOf(quiet.to)];
  return from < to ? at >= from && at < to : at >= from || at < to;
}

/**
 * When the next digest is due: the next minute, from the one `now` is in, in which the wall clock
 * in `zone` reads `time`, on a day after `lastDay` (the day of the last digest, which is never sent
 * twice). A time set for the minute that has begun is due at once.
 */
export function nextDigestAt(now: Date, time: string, zone: string, lastDay: string | null = null): Date {
  let day = localDate(now, zone);
  if (lastDay !== null && day <= lastDay) day = addDays(lastDay, 1);
  let at = zonedInstant(day, time, zone);
  while (at.getTime() + 60_000 <= now.getTime()) {
    day = addDays(day, 1);
    at = zonedInstant(day, time, zone);
  }
  return at;
}

const timeOfDay = (field: string) =>
  z.string().regex(TIME_OF_DAY, `${field} must be a time of day written HH:MM (for example 08:00).`);

const QuietHoursSchema = z
  .strictObject({ from: timeOfDay('Quiet hours from'), to: timeOfDay('Quiet hours to') })
  .refine((quiet) => quiet.from !== quiet.to, 'Quiet hours must start and end at different times.');

/** GET /mango/reminders/settings. */
export interface ReminderSettings {
  timeZone: string;
  /**
   * The hemisphere a plant that follows its species' seasons waters by: as set, else the time
   * zone's (hemisphereOf); `hemisphereSet` says which.
   */
  hemisphere: 'north' | 'south';
  hemisphereSet: boolean;
  time: string;
  channels: { push: boolean; email: boolean };
  quietHours: QuietHours | null;
  /** Where email digests go: the account's address (read only), or null for an account without one. */
  email: string | null;
  /**
   * Whether that address is proven (Firebase Auth's `emailVerified`: the person opened the link of
   * the verification email, or signed in with Google). Email digests go only to a proven address.
   */
  emailVerified: boolean;
}

/** PUT /mango/reminders/settings: any of the five, at least one; the digest's time never inside the quiet hours. */
export const UpdateReminderSettingsInputSchema = z
  .strictObject({
    timeZone: z
      .string()
      .refine(isTimeZone, 'timeZone must be a time zone by its IANA name, such as Europe/Berlin or America/New_York.')
      .optional(),
    time: timeOfDay('The time').optional(),
    /** null: the time zone's hemisphere again. */
    hemisphere: z
      .enum(['north', 'south'], { error: 'hemisphere must be "north", "south" or null (from the time zone).' })
      .nullable()
      .optional(),
    channels: z.strictObject({ push: z.boolean().optional(), email: z.boolean().optional() }).optional(),
    quietHours: QuietHoursSchema.nullable().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Say which setting to change.');

export type UpdateReminderSettingsInput = z.infer<typeof UpdateReminderSettingsInputSchema>;

/** Bytes of base64url text, or -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return -1;
  const clean = text.replace(/=+$/, '');
  if (clean.length % 4 === 1) return -1;
  return Math.floor((clean.length * 3) / 4);
}

/**
 * POST /mango/reminders/push-subscriptions: a browser's PushSubscription.toJSON(). `p256dh` is the
 * browser's P-256 public key (65 bytes, uncompressed), `auth` its 16-byte secret, both base64url.
 * Which endpoints the server posts to is the server's rule (reminders/push-endpoints.ts).
 */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.string().max(1024, 'endpoint is too long to be a push service address.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string()
      .refine(
        (key) => base64urlBytes(key) === 65 && key.startsWith('B'),
        'keys.p256dh must be a P-256 public key in base64url.',
      ),
    auth: z.string().refine((key) => base64urlBytes(key) === 16, 'keys.auth must be 16 bytes in base64url.'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushEndpointInputSchema = z.strictObject({ endpoint: z.string().min(1).max(1024) });

/** POST /mango/:id/care/:task/snooze. */
export const SnoozeInputSchema = z.strictObject({
  days: z
    .number({ error: 'days must be a whole number of days from 1 to 14.' })
    .int('days must be a whole number of days from 1 to 14.')
    .min(1, 'days must be at least 1.')
    .max(SNOOZE_MAX_DAYS, `days must be at most ${SNOOZE_MAX_DAYS}.`),
});
export type SnoozeInput = z.infer<typeof SnoozeInputSchema>;

/** What a check-in found: the job is not needed yet ("Checked: soil still moist"). */
const CHECK_IN_RESULTS = ['not-yet'] as const;

/** POST /mango/:id/care/:task/check. */
export const CheckInInputSchema = z.strictObject({
  result: z.enum(CHECK_IN_RESULTS, { error: 'result must be "not-yet": the job was checked and is not needed yet.' }),
  days: z
    .number({ error: `days must be a whole number of days from 1 to ${MAX_INTERVAL_DAYS}.` })
    .int(`days must be a whole number of days from 1 to ${MAX_INTERVAL_DAYS}.`)
    .min(1, 'days must be at least 1.')
    .max(MAX_INTERVAL_DAYS, `days must be at most ${MAX_INTERVAL_DAYS}.`)
    .optional(),
});
export type CheckInInput = z.infer<typeof CheckInInputSchema>;

/** How far a check-in moves a job without `days`: a third of its interval, at least a day (a day when the interval is not known). */
export const checkInDays = (intervalDays: number | null | undefined): number =>
  Math.max(1, Math.round((intervalDays ?? 0) / 3));

/** What a digest's push notification carries (the service worker shows it and acts on it). */
export interface DigestPush {
  title: string;
  body: string;
  /** The page a tap opens. */
  url: string;
  /** The person's local day the digest is for. */
  day: string;
  /** The jobs listed, which "Done" records and "Snooze 1 day" moves. */
  jobs: { plantId: string; task: string }[];
}
