import { isCalendarDate } from '@model';

/**
 * Plant dates are calendar days written YYYY-MM-DD. They are formatted in UTC because
 * `new Date('2026-03-04')` is midnight UTC, which a local-time formatter west of Greenwich would
 * show as March 3.
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

/** The date in the reader's own short format ('3/4/2026' in the US), or 'Not set'. */
export function formatLocaleDate(value: string | null | undefined, locale?: string): string {
  const date = toUtcDate(value);
  return date ? date.toLocaleDateString(locale, { timeZone: 'UTC' }) : NOT_SET;
}
