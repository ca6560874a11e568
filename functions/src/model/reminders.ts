import { LANGUAGE_CODES, type Language } from './languages';
import { careJobId } from './plant.model';
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

/**
 * The most wall-clock formatters kept at once, the least recently used going first. Node 20's ICU
 * names 418 zones (`Intl.supportedValuesOf('timeZone')`), so the zones people actually live in are
 * all kept; a formatter holds about 30 KB (measured, resident memory), so the cache stays under
 * about 15 MB whatever it is asked for. Formatters are kept by the zone's canonical name only: a
 * name typed another way (`europe/BERLIN`) is read with a formatter made for the call, never kept,
 * so no request can grow the cache with spellings.
 */
export const ZONE_FORMATS_MAX = 500;

/** A Map of at most `max` entries: the least recently used goes first (a Map keeps the order entries were set in). */
export function lruCache<K, V>(max: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) entries.delete(entries.keys().next().value as K);
    },
    has: (key: K): boolean => entries.has(key),
    get size(): number {
      return entries.size;
    },
  };
}

const zoneFormats = lruCache<string, Intl.DateTimeFormat>(ZONE_FORMATS_MAX);

const makeWallFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** A formatter of the wall clock in `zone`, kept by its canonical name (ZONE_FORMATS_MAX); throws for an unknown zone. */
function wallFormat(zone: string): Intl.DateTimeFormat {
  const kept = zoneFormats.get(zone);
  if (kept) return kept;
  const format = makeWallFormat(zone);
  const canonical = format.resolvedOptions().timeZone;
  if (canonical !== zone) return zoneFormats.get(canonical) ?? format;
  zoneFormats.set(zone, format);
  return format;
}

/** How many wall-clock formatters are kept now (at most ZONE_FORMATS_MAX). */
export const keptZoneFormats = (): number => zoneFormats.size;

/**
 * The canonical name of a time zone Intl knows by an IANA name, as Intl resolves it
 * (`europe/BERLIN` is `Europe/Berlin`, `utc` is `UTC`), or null: offsets ("+02:00"),
 * abbreviations and anything else are not zones. Settings store this name, so a zone has one
 * spelling wherever it is read (the hemisphere of `Australia/Sydney`, its kept formatter).
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return wallFormat(name).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether `name` is a time zone Intl knows by an IANA name, in any case (canonicalTimeZone). */
export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
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
 * When the quiet hours `now` is in end: the first instant from `now` at which the wall clock in
 * `zone` reads their `to` (the same local day, or the next for quiet hours across midnight).
 */
export function quietHoursEnd(now: Date, quiet: QuietHours, zone: string): Date {
  return nextDigestAt(now, quiet.to, zone);
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

const timeOfDay = (field: string) => {
  const message = `${field} must be a time of day written HH:MM (for example 08:00).`;
  return z.string({ error: message }).regex(TIME_OF_DAY, message);
};

/**
 * The sentence of an object of the reminders' inputs that is not one, or has keys it does not
 * take: each refusal names what it describes (the reminder settings, a push subscription).
 */
const onlyKeys =
  (what: string, keys: string, take = 'take') =>
  (issue: { code: string }) =>
    issue.code === 'unrecognized_keys' ? `${what} ${take} only ${keys}.` : `${what} must be a JSON object of ${keys}.`;

const QuietHoursSchema = z
  .strictObject(
    { from: timeOfDay('Quiet hours from'), to: timeOfDay('Quiet hours to') },
    { error: onlyKeys('Quiet hours', 'from and to, each HH:MM (or null for none)') },
  )
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
  /** The language the person's digests (email and push) and calendar feed speak. */
  language: Language;
  /** Where email digests go: the account's address (read only), or null for an account without one. */
  email: string | null;
  /**
   * Whether that address is proven (Firebase Auth's `emailVerified`: the person opened the link of
   * the verification email, or signed in with Google). Email digests go only to a proven address.
   */
  emailVerified: boolean;
}

/** PUT /mango/reminders/settings: any of the six, at least one; the digest's time never inside the quiet hours. */
const TIME_ZONE_MESSAGE = 'timeZone must be a time zone by its IANA name, such as Europe/Berlin or America/New_York.';
const LANGUAGE_MESSAGE = `language must be one of ${LANGUAGE_CODES.map((code) => `"${code}"`).join(', ')}.`;
const CHANNEL_MESSAGE = (channel: string) => `channels.${channel} must be true or false.`;

export const UpdateReminderSettingsInputSchema = z
  .strictObject(
    {
      timeZone: z.string({ error: TIME_ZONE_MESSAGE }).refine(isTimeZone, TIME_ZONE_MESSAGE).optional(),
      time: timeOfDay('The time').optional(),
      /** null: the time zone's hemisphere again. */
      hemisphere: z
        .enum(['north', 'south'], { error: 'hemisphere must be "north", "south" or null (from the time zone).' })
        .nullable()
        .optional(),
      channels: z
        .strictObject(
          {
            push: z.boolean({ error: CHANNEL_MESSAGE('push') }).optional(),
            email: z.boolean({ error: CHANNEL_MESSAGE('email') }).optional(),
          },
          { error: onlyKeys('The reminder channels', 'push and email, each true or false') },
        )
        .optional(),
      quietHours: QuietHoursSchema.nullable().optional(),
      language: z.enum(LANGUAGE_CODES, { error: LANGUAGE_MESSAGE }).optional(),
    },
    { error: onlyKeys('The reminder settings', 'timeZone, hemisphere, time, channels, quietHours and language') },
  )
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    'Say which reminder setting to change: timeZone, hemisphere, time, channels, quietHours or language.',
  );

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
const ENDPOINT_MESSAGE = "endpoint must be the push subscription's address (its PushSubscription.toJSON().endpoint).";
const P256DH_MESSAGE = 'keys.p256dh must be a P-256 public key in base64url.';
const AUTH_MESSAGE = 'keys.auth must be 16 bytes in base64url.';

export const PushSubscriptionInputSchema = z.object(
  {
    endpoint: z.string({ error: ENDPOINT_MESSAGE }).max(1024, 'endpoint is too long to be a push service address.'),
    expirationTime: z
      .number({ error: "expirationTime must be the push subscription's expiry in milliseconds, or null." })
      .nullable()
      .optional(),
    keys: z.strictObject(
      {
        p256dh: z
          .string({ error: P256DH_MESSAGE })
          .refine((key) => base64urlBytes(key) === 65 && key.startsWith('B'), P256DH_MESSAGE),
        auth: z.string({ error: AUTH_MESSAGE }).refine((key) => base64urlBytes(key) === 16, AUTH_MESSAGE),
      },
      { error: onlyKeys("The push subscription's keys", 'p256dh and auth') },
    ),
  },
  { error: onlyKeys('The push subscription', 'endpoint, expirationTime and keys', 'takes') },
);
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** DELETE /mango/reminders/push-subscriptions: the subscription to forget, by its endpoint. */
export const PushEndpointInputSchema = z.strictObject(
  {
    endpoint: z
      .string({ error: ENDPOINT_MESSAGE })
      .min(1, ENDPOINT_MESSAGE)
      .max(1024, 'endpoint is too long to be a push service address.'),
  },
  { error: onlyKeys('The push subscription to forget', 'its endpoint', 'takes') },
);

/** POST /mango/:id/care/:task/snooze. */
export const SnoozeInputSchema = z.strictObject({
  days: z
    .number({ error: 'days must be a whole number of days from 1 to 14.' })
    .int('days must be a whole number of days from 1 to 14.')
    .min(1, 'days must be at least 1.')
    .max(SNOOZE_MAX_DAYS, `days must be at most ${SNOOZE_MAX_DAYS}.`),
  /** The tap's own id (a job queued offline, sent again): the server moves the job once. */
  jobId: careJobId.optional(),
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
  /** The tap's own id, as a snooze's. */
  jobId: careJobId.optional(),
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
