import type { Page } from '@playwright/test';

/**
 * Calendar days `offsets` days from the browser's own today, in its time zone as the app counts
 * them (YYYY-MM-DD), under the same names: one evaluation in the page for all of them.
 */
export function browserDays<K extends string>(page: Page, offsets: Record<K, number>): Promise<Record<K, string>> {
  return page.evaluate(
    (days: Record<string, number>) => {
      const now = new Date();
      const day = (offset: number) => {
        const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
        return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      };
      return Object.fromEntries(Object.entries(days).map(([name, offset]) => [name, day(offset)]));
    },
    offsets as Record<string, number>,
  ) as Promise<Record<K, string>>;
}

/** One calendar day `offset` days from the browser's today. */
export async function browserDay(page: Page, offset: number): Promise<string> {
  return (await browserDays(page, { day: offset })).day;
}
