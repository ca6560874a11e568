/*
 * Counting and ordering words in the reader's own locale, through Intl. Each Intl object is built
 * on first use and kept: building one loads the locale's data, which is not free on a phone.
 */

let counts: Intl.NumberFormat | undefined;

/** A number with the reader's digit grouping: 1,234,567 in the US, 1.234.567 in Germany. */
export function formatCount(value: number): string {
  counts ??= new Intl.NumberFormat();
  return counts.format(value);
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

let names: Intl.Collator | undefined;

/**
 * Orders names the way the reader's language does: letter case and accents ignored, numbers by
 * value ('Fern 2' before 'Fern 10'); 0 for names that differ only in case or accents.
 */
export function compareText(a: string, b: string): number {
  names ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return names.compare(a, b);
}
