import { expect, type Page } from '@playwright/test';

/** The service worker's caches (web/src/sw/messages.ts). */
export const USER_CACHE = 'mango-user-answers';
export const IMAGE_CACHE = 'mango-images';

/** Waits until the page's worker is active and controls the page (after a load, as a returning visit). */
export async function controlledBy(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The URLs a cache of the worker holds (none when it has no such cache). */
export function keptUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(
    async (name) =>
      (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((request) => request.url) : [],
    cacheName,
  );
}
