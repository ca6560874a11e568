import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

/*
 * An interval in days as the reader's language says it. The model says intervals in English
 * (describeInterval, everyDays in @model/schedule), the words its parser reads back from a
 * frequency field; the reader is told the same intervals in these messages, by the same units.
 * The counts are written as the model writes them (`{count}`, no digit grouping).
 */
const messages = defineMessages({
  start: {
    id: 'plants.interval.start',
    message:
      '{unit, select, day {{count, plural, one {Every day} other {Every {count} days}}} week {{count, plural, one {Every week} other {Every {count} weeks}}} month {{count, plural, one {Every month} other {Every {count} months}}} other {{count, plural, one {Every year} other {Every {count} years}}}}',
  },
  within: {
    id: 'plants.interval.within',
    message:
      '{unit, select, day {{count, plural, one {every day} other {every {count} days}}} week {{count, plural, one {every week} other {every {count} weeks}}} month {{count, plural, one {every month} other {every {count} months}}} other {{count, plural, one {every year} other {every {count} years}}}}',
  },
});

/** An interval as a unit and a count of it: 'week', 2 for "every 2 weeks". */
interface IntervalUnits {
  unit: 'day' | 'week' | 'month' | 'year';
  count: number;
}

const YEAR = 365;

/** The units of describeInterval: "Every day", "Every week", "Every 2 weeks", "Every 3 days", "Every 2 years". */
export function describedUnits(days: number): IntervalUnits {
  if (days === 1) return { unit: 'day', count: 1 };
  if (days % YEAR === 0) return { unit: 'year', count: days / YEAR };
  if (days % 7 === 0) return { unit: 'week', count: days / 7 };
  return { unit: 'day', count: days };
}

/** The units of everyDays: days up to a year ("Every 7 days"), whole years, months or weeks past it. */
export function everyDaysUnits(days: number): IntervalUnits {
  if (days === 1) return { unit: 'day', count: 1 };
  if (days % YEAR === 0) return { unit: 'year', count: days / YEAR };
  if (days <= YEAR + 1) return { unit: 'day', count: days };
  if (days % 30 === 0) return { unit: 'month', count: days / 30 };
  return { unit: 'week', count: Math.round(days / 7) };
}

/** "Every 3 days", starting a sentence or on its own. */
export function intervalText(units: IntervalUnits, t: typeof translate = translate): string {
  return t(messages.start, { ...units });
}

/** "every 3 days", inside a sentence. */
export function intervalWithin(units: IntervalUnits, t: typeof translate = translate): string {
  return t(messages.within, { ...units });
}
