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

let names: Intl.Collator | undefined;

/**
 * Orders names the way the reader's language does: letter case and accents ignored, numbers by
 * value ('Fern 2' before 'Fern 10'); 0 for names that differ only in case or accents.
 */
export function compareText(a: string, b: string): number {
  names ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return names.compare(a, b);
}
