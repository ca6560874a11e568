import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth.js';
import { createPlantAs } from '../scripts/lib/test-plants.mjs';
import { createTestUser } from '../scripts/lib/test-users.mjs';

const PUBLIC_ROUTES = ['/', '/login', '/register', '/allPlants', '/support', '/aboutUs', '/no/such/page'];
const SIGNED_IN_ROUTES = [
  '/addPlants',
  '/myPlants',
  '/plant/:id',
  '/update/:id',
  '/dashboard',
  '/dashboard/today',
  '/dashboard/all-items',
  '/dashboard/my-items',
  '/dashboard/add-item',
  '/dashboard/reminders',
  '/household',
];

/**
 * Waits until the page has drawn its content: a heading, and no loading overlay, with the app
 * running (a prerendered page shows its heading before the app starts, and the app's start
 * re-applies the saved theme, which would undo the dark class set below mid-check).
 */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeEnabled();
  await expect(page.getByText('Loading, please wait...')).toHaveCount(0);
}

/**
 * Every rule in the light theme; in the dark one, the rules about colour, the only thing the theme
 * changes (each page's structure, names and roles are the same in both).
 */
async function seriousViolations(page: Page, theme: 'light' | 'dark'): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (theme === 'light') axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  else axe.withRules(['color-contrast', 'link-in-text-block']);
  const results = await axe.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Waits for the page's CSS transitions to end (the links' 150 ms colour change among them), so
 * colours are measured settled. Asking for the animations brings the page's style up to date first,
 * which starts the transitions a class just changed.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished.catch(() => undefined)),
    ),
  );
}

/**
 * A page's serious violations in both themes, in one visit: every rule in the light theme, then the
 * colour rules with the theme switched as the app switches it (the `dark` class on <html>, the
 * theme's single source of truth), each once its colours have settled. (A stylesheet turning
 * transitions off would not do: the app's Content Security Policy refuses inline styles.)
 */
async function violationsInBothThemes(page: Page, route: string): Promise<string[]> {
  await expect(page.locator('html')).toHaveClass(/^(?!.*\bdark\b)/);
  await transitionsEnded(page);
  const light = await seriousViolations(page, 'light');
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await transitionsEnded(page);
  const dark = await seriousViolations(page, 'dark');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  return [...light.map((v) => `${route} (light): ${v}`), ...dark.map((v) => `${route} (dark): ${v}`)];
}

test.describe('both themes', () => {
  // Reduced motion keeps the hero still, so colour contrast is measured on settled slides.
  test.use({ reducedMotion: 'reduce' });

  test('public pages, signed out, have no serious or critical axe violations', async ({ page }) => {
    const found: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await settle(page);
      found.push(...(await violationsInBothThemes(page, route)));
    }
    expect(found).toEqual([]);
  });

  test('every page, signed in, has no serious or critical axe violations', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createTestUser('Axe Checker');
    const plantId = await createPlantAs(user, {
      plantName: 'Axe Fern',
      category: 'fern',
      careLevel: 'moderate',
      healthStatus: 'Needs Care',
      wateringFrequency: 'Every 3 days',
      lastWateredDate: '2026-01-01',
      nextWateringDate: '2026-01-04',
      image: '/images/plants/boston-fern.webp',
      description: 'Checked by axe.',
    });
    await signIn(page, user);
    const found: string[] = [];
    // Of the public pages, those a signed-in user sees differently beyond the header (which every
    // page here has): the home page's lists and All Plants' cards.
    for (const route of ['/', '/allPlants', ...SIGNED_IN_ROUTES].map((r) => r.replace(':id', plantId))) {
      await page.goto(route);
      await settle(page);
      found.push(...(await violationsInBothThemes(page, route)));
    }
    expect(found).toEqual([]);
  });
});
