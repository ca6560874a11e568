import { formatLocale, translate } from './i18n/i18n';
import { defineMessages } from './i18n/messages';

/*
 * Words as the app shows them: a missing fact, a plant's watering, and counting and ordering in the
 * app's language as the reader writes it (i18n.ts, formatLocale), through Intl. Each Intl object is
 * built on first use and kept, one per locale: building one loads the locale's data, which is not
 * free on a phone. The module is in the app's first download (main.tsx prepares the locale's
 * data), so it imports only the language's store, which is too.
 */

const messages = defineMessages({
  notSet: { id: 'lib.notSet', message: 'Not set' },
});

/** What the app shows for a fact a plant does not have (a date, a watering, a place), in the app's language. */
export function notSet(): string {
  return translate(messages.notSet);
}

/** A plant's watering as every screen says it: what its owner wrote, or 'Not set' for nothing (or only spaces). */
export function describeWatering(frequency: string | null | undefined): string {
  return frequency?.trim() || notSet();
}

/** One Intl object per locale, built on first use. */
function perLocale<T>(build: (locale: string | undefined) => T): () => T {
  const built = new Map<string | undefined, T>();
  return () => {
    const locale = formatLocale();
    let value = built.get(locale);
    if (value === undefined) built.set(locale, (value = build(locale)));
    return value;
  };
}

const counts = perLocale((locale) => new Intl.NumberFormat(locale));

/** A number with the reader's digit grouping: 1,234,567 in the US, 1.234.567 in Germany. */
export function formatCount(value: number): string {
  return counts().format(value);
}

/**
 * Builds the reader's number format now, for a caller that runs it in a task of its own while the
 * browser waits for a page's data: the first Intl object a page builds loads the locale's data
 * (about 55 ms at 4x CPU throttling, the bench's phone), which inside a render holds the page's
 * first draw in one long task; the date formats and the collator built after it cost a few ms.
 */
export function prepareLocaleData(): void {
  formatCount(0);
}

const names = perLocale((locale) => new Intl.Collator(locale, { sensitivity: 'base', numeric: true }));

/**
 * Orders names the way the reader's language does: letter case and accents ignored, numbers by
 * value ('Fern 2' before 'Fern 10'); 0 for names that differ only in case or accents.
 */
export function compareText(a: string, b: string): number {
  return names().compare(a, b);
}
