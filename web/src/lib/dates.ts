import { isCalendarDate } from '@model/validators';
import { formatLocale, translate } from './i18n/i18n';
import { defineMessages } from './i18n/messages';
import { notSet } from './text';

/*
 * Dates as the app shows them, in the app's language as the reader writes it (i18n.ts,
 * formatLocale; a `locale` argument names another).
 * Plant dates are calendar days written YYYY-MM-DD, formatted in UTC because
 * `new Date('2026-03-04')` is midnight UTC, which a local-time formatter west of Greenwich would
 * show as March 3. Moments (createdAt, activity times) are ISO instants shown in the reader's time
 * zone.
 */

/*
 * Intl formatters are costly to build (the first one loads locale data: tens of milliseconds on a
 * phone), so each kind is built on first use and kept, never per call or at module load.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = locale ?? formatLocale();
  const key = `${tag ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formatters.set(key, format);
  }
  return format;
}

function toUtcDate(value: string | null | undefined): Date | undefined {
  const date = value?.trim();
  // A date alone (YYYY-MM-DD, which isCalendarDate checks) is read as midnight UTC.
  return date && isCalendarDate(date) ? new Date(date) : undefined;
}

/** The long date in the reader's format ('March 4, 2026' in the US), or 'Not set' for a missing or unreadable date. */
export function formatLongDate(value: string | null | undefined, locale?: string): string {
  const date = toUtcDate(value);
  return date ? dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date) : notSet();
}

/** The day and month in the reader's format ('September 23' in the US, '23 September' in Britain), or 'Not set'. */
export function formatDayMonth(value: string | null | undefined, locale?: string): string {
  const date = toUtcDate(value);
  return date ? dateFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date) : notSet();
}

/** The medium date in the reader's format ('Mar 4, 2026' in the US), or 'Not set'. */
export function formatMediumDate(value: string | null | undefined, locale?: string): string {
  const date = toUtcDate(value);
  return date ? dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date) : notSet();
}

/** The date in the reader's own short format ('3/4/2026' in the US), or 'Not set'. */
export function formatLocaleDate(value: string | null | undefined, locale?: string): string {
  const date = toUtcDate(value);
  return date ? dateFormat(locale, { timeZone: 'UTC' }).format(date) : notSet();
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const messages = defineMessages({
  justNow: { id: 'time.justNow', message: 'just now' },
});

const relatives = new Map<string | undefined, Intl.RelativeTimeFormat>();

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago": the largest whole unit, in the app's
 * language like the sentences around them.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 60) return translate(messages.justNow);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      const locale = formatLocale();
      let relative = relatives.get(locale);
      if (!relative) relatives.set(locale, (relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
      return relative.format(Math.trunc(seconds / size), unit);
    }
  }
  return translate(messages.justNow);
}

/** A moment in the reader's time zone and format, for tooltips beside relative times. */
export function formatMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
