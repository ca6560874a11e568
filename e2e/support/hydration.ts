import type { Page } from '@playwright/test';

/**
 * Waits until React has taken over the page shown: hydrated a prerendered page (web/build/prerender.ts)
 * or drawn one anew. React keeps its own key on every node it has, the main landmark among them.
 */
export async function reactHasPage(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('main') ?? {}).some((key) => key.startsWith('__reactFiber')),
  );
}
