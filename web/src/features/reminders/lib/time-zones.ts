import { DEFAULT_TIME_ZONE, isTimeZone } from '@model/reminders';
import { formatLocale } from '@/lib/i18n/i18n';

/** This browser's time zone (an IANA name), or null when it has none Intl can name. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}

let zones: string[] | undefined;

/**
 * The time zones to choose from, by their IANA names: the platform's list, with `also` (the one
 * stored, the browser's) and UTC, which some browsers leave out of it. Worked out once.
 */
export function timeZoneChoices(also: readonly (string | null)[]): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  const extra = [DEFAULT_TIME_ZONE, ...also].filter((zone): zone is string => !!zone && !zones!.includes(zone));
  return extra.length ? [...new Set(extra), ...zones].sort() : zones;
}

/** A zone as a person reads it: "America/New York". */
export const zoneLabel = (zone: string) => zone.replace(/_/g, ' ');

const SENT_KEY = 'mango.reminders.zoneSent';

/**
 * Whether this browser has already offered its time zone for `uid`'s reminders: it does once per
 * account on each device, so a zone the person chose afterwards (UTC included) is never overwritten.
 */
export function zoneOffered(uid: string): boolean {
  try {
    return localStorage.getItem(`${SENT_KEY}.${uid}`) !== null;
  } catch {
    return false;
  }
}

export function noteZoneOffered(uid: string): void {
  try {
    localStorage.setItem(`${SENT_KEY}.${uid}`, '1');
  } catch {
    // Storage can be off (private mode): the zone is offered again on the next visit, while the stored one is UTC.
  }
}

const timeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * A time of day (`HH:MM`) as the reader writes times in the app's language (i18n.ts,
 * formatLocale): "8:00 AM" in the US, "08:00" in Germany.
 */
export function formatTimeOfDay(time: string): string {
  // Built on first use in each locale and kept: building one loads the locale's data.
  const locale = formatLocale();
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
    timeFormats.set(locale, format);
  }
  const [hours, minutes] = time.split(':').map(Number);
  return Number.isFinite(hours) && Number.isFinite(minutes)
    ? format.format(Date.UTC(1970, 0, 1, hours!, minutes!))
    : time;
}
