import { isCalendarDate } from '@model/validators';

/*
 * Dates as the app shows them. Plant dates are calendar days written YYYY-MM-DD, formatted in UTC
 * because `new Date('2026-03-04')` is midnight UTC, which a local-time formatter west of
 * Greenwich would show as March 3. Moments (createdAt, activity times) are ISO instants shown in
 * the reader's time zone.
 */

export const NOT_SET = 'Not set';

function toUtcDate(value: string | null | undefined): Date | undefined {
  const date = value?.trim();
  return date && isCalendarDate(date) ? new Date(`${date}T00:00:00Z`) : undefined;
}

/** 'March 4, 2026', or 'Not set' for a missing or unreadable date. */
export function formatLongDate(value: string | null | undefined, locale = 'en-US'): string {
  const date = toUtcDate(value);
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date) : NOT_SET;
}

/** 'Mar 4, 2026', or 'Not set'. */
export function formatMediumDate(value: string | null | undefined, locale = 'en-US'): string {
  const date = toUtcDate(value);
  return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date) : NOT_SET;
}

/** The date in the reader's own short format ('3/4/2026' in the US), or 'Not set'. */
export function formatLocaleDate(value: string | null | undefined, locale?: string): string {
  const date = toUtcDate(value);
  return date ? date.toLocaleDateString(locale, { timeZone: 'UTC' }) : NOT_SET;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": the largest whole unit. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the reader's time zone, for tooltips beside relative times. */
export function formatMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : moment.format(time);
}
