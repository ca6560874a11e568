import type { Locator, Page } from '@playwright/test';

/**
 * Presses Tab until `target` has the focus (at most `limit` presses): it fails when the keyboard
 * cannot reach it. The element is found once: a role locator works out the page's whole
 * accessibility tree at each use, which made a keyboard journey three times slower.
 */
export async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  const element = await target.elementHandle();
  if (!element) throw new Error(`${target} is not on the page`);
  for (let presses = 0; presses < limit; presses += 1) {
    if (await element.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`The keyboard did not reach ${target} in ${limit} presses of Tab`);
}
