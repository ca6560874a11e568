import { isCalendarDate } from '@model';

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

const calendar = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A stored calendar date (YYYY-MM-DD) as "Mar 3, 2026", the same day in every time zone; 'Not set' without one. */
export function formatCalendarDate(date: string | null | undefined): string {
  if (!date || !isCalendarDate(date)) return 'Not set';
  return calendar.format(new Date(`${date}T00:00:00Z`));
}

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the reader's time zone, for tooltips beside relative times. */
export function formatMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : moment.format(time);
}
