import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { APP_URL, createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

const FEED_URL = new RegExp(`^${APP_URL.replace(/[.:/]/g, '\\$&')}/mango/calendar/[A-Za-z0-9_-]{43}$`);

/** Opens a signed-in page: the app sends a visitor to /login, then back. */
async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A user with one scheduled plant, signed in on `path`, with the panel open; the link it shows. */
async function openPanel(
  page: Page,
  path: string,
  label: string,
): Promise<{ user: TestUser; plantName: string; link: string }> {
  const user = await createTestUser(`${label} Gardener`);
  const plantName = uniquePlantName(label);
  await createPlantAs(user, {
    plantName,
    category: 'fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-03-01',
    nextWateringDate: '2026-03-04',
  });
  await openAs(page, user, path);
  const panel = page.getByRole('region', { name: 'Add to calendar' });
  await panel.getByRole('button', { name: 'Add to calendar' }).click();
  const field = panel.getByLabel('Your calendar link');
  await expect(field).toHaveValue(FEED_URL);
  return { user, plantName, link: await field.inputValue() };
}

/** The feed as a calendar app fetches it: no token. */
async function fetchFeed(link: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(link);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

test.describe('Add to calendar', () => {
  test('on My Plants: Copy puts the private link on the clipboard, and the link is the feed with the plant', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const { plantName, link } = await openPanel(page, '/myPlants', 'Copy');
    const panel = page.getByRole('region', { name: 'Add to calendar' });
    await expect(panel.getByText('anyone who has it can see your plant names and watering dates')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      link.replace(/^http:/, 'webcal:'),
    );

    await panel.getByRole('button', { name: 'Copy link' }).click();
    await expect(panel.getByRole('status')).toHaveText('Link copied. Paste it into your calendar app to subscribe.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const feed = await fetchFeed(link);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toContain(`SUMMARY:Water ${plantName}`);
    expect(feed.text).toContain('DTSTART;VALUE=DATE:20260304');

    // The same link after a reload: it is made once.
    await page.reload();
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    await expect(page.getByLabel('Your calendar link')).toHaveValue(link);
  });

  test('when the browser refuses to copy, the panel says how to copy by hand and selects the link', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      });
    });
    const { link } = await openPanel(page, '/myPlants', 'Refused');
    const panel = page.getByRole('region', { name: 'Add to calendar' });
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await expect(panel.getByRole('status')).toContainText('Your browser did not let us copy the link.');
    const field = panel.getByLabel('Your calendar link');
    await expect(field).toBeFocused();
    expect(
      await field.evaluate((input: HTMLInputElement) =>
        input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
      ),
    ).toBe(link);
  });

  test('on Today: Reset link asks first; after Yes the panel shows a new link and the old one answers 404', async ({
    page,
  }) => {
    const { plantName, link: old } = await openPanel(page, '/dashboard/today', 'Reset');
    const panel = page.getByRole('region', { name: 'Add to calendar' });

    await panel.getByRole('button', { name: 'Reset link' }).click();
    let dialog = page.getByRole('dialog', { name: 'Reset your calendar link?' });
    await expect(dialog).toContainText('The current link stops working at once');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByLabel('Your calendar link')).toHaveValue(old);
    expect((await fetchFeed(old)).status).toBe(200);

    await panel.getByRole('button', { name: 'Reset link' }).click();
    dialog = page.getByRole('dialog', { name: 'Reset your calendar link?' });
    await dialog.getByRole('button', { name: 'Yes, reset it' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Your calendar link was reset. The old link no longer works: subscribe again with this one.',
    );
    const field = panel.getByLabel('Your calendar link');
    await expect(field).not.toHaveValue(old);
    await expect(field).toHaveValue(FEED_URL);
    const renewed = await field.inputValue();

    expect((await fetchFeed(old)).status).toBe(404);
    const feed = await fetchFeed(renewed);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain(`SUMMARY:Water ${plantName}`);
  });

  test('works by keyboard and fits a 320 px phone', async ({ page }) => {
    const user = await createTestUser('Keyboard Gardener');
    await openAs(page, user, '/myPlants');
    await page.setViewportSize({ width: 320, height: 640 });
    const toggle = page.getByRole('button', { name: 'Add to calendar' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Your calendar link')).toHaveValue(FEED_URL);
    for (const name of ['Copy link', 'Open in calendar app', 'Reset link']) {
      await page.keyboard.press('Tab');
      if (name === 'Copy link') await page.keyboard.press('Tab');
      await expect(page.getByRole(name === 'Open in calendar app' ? 'link' : 'button', { name })).toBeFocused();
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`open, it has no serious or critical axe violations in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await openPanel(page, '/dashboard/today', `Axe ${theme}`);
      const results = await new AxeBuilder({ page })
        .include('section:has(> h2 > button[aria-expanded])')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      // The rules ran on the panel (an include that matched nothing would prove nothing).
      expect(results.passes.some((rule) => rule.nodes.some((node) => node.html.startsWith('<input')))).toBe(true);
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    });
  }
});
