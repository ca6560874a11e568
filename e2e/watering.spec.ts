import { expect, test, type Page } from '@playwright/test';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { browserDays } from './support/dates.js';
import { createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

const browserDaysAround = (page: Page) => browserDays(page, { today: 0, yesterday: -1, fourDaysAgo: -4 });

/** A date as the app writes it in long form ('March 4, 2026'). */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** Opens a signed-in page: the app sends a visitor to /login, then back. */
async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A plant watered every 3 days, last watered four days ago: overdue by one day. */
async function overduePlant(page: Page, user: TestUser, label: string): Promise<string> {
  const { fourDaysAgo, yesterday } = await browserDaysAround(page);
  const plantName = uniquePlantName(label);
  await createPlantAs(user, {
    plantName,
    category: 'fern',
    careLevel: 'moderate',
    healthStatus: 'Healthy',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: fourDaysAgo,
    nextWateringDate: yesterday,
    image: '/images/plants/boston-fern.webp',
  });
  return plantName;
}

const group = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
const toastSaying = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('an overdue plant is listed under Overdue in Today; Watered moves it out, its details show the event, and Undo brings it back', async ({
  page,
}) => {
  const user = await createTestUser('Today Gardener');
  const plantName = await overduePlant(page, user, 'Thirsty Fern');
  const { today } = await browserDaysAround(page);

  await openAs(page, user, '/dashboard/today');
  await expect(page).toHaveTitle('Mango Grove Tracker | Today');
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Today' }),
  ).toHaveAttribute('aria-current', 'page');
  const overdue = group(page, 'Overdue');
  const row = overdue.getByRole('listitem').filter({ hasText: plantName });
  await expect(row).toBeVisible();
  await expect(row.getByText('Overdue by 1 day', { exact: true })).toBeVisible();

  // Watered: out of Overdue at once, due again in three days.
  await row.getByRole('button', { name: `Watered ${plantName}`, exact: true }).click();
  await expect(toastSaying(page, `Watered ${plantName}`)).toBeVisible();
  await expect(overdue.getByText(plantName)).toHaveCount(0);
  const upcoming = group(page, 'Next 7 days').getByRole('listitem').filter({ hasText: plantName });
  await expect(upcoming.getByText('Due in 3 days', { exact: true })).toBeVisible();

  // Undo from the toast: back under Overdue.
  await toastSaying(page, `Watered ${plantName}`).getByRole('button', { name: 'Undo' }).click();
  await expect(toastSaying(page, `Watering of ${plantName} undone`)).toBeVisible();
  await expect(
    overdue.getByRole('listitem').filter({ hasText: plantName }).getByText('Overdue by 1 day', { exact: true }),
  ).toBeVisible();
  await expect(group(page, 'Next 7 days').getByText(plantName)).toHaveCount(0);

  // On the plant's page: the badge, Watered, the care history, and Undo again.
  await overdue.getByRole('link', { name: plantName }).click();
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  await expect(page.getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'Care History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Added' })).toBeVisible();
  await expect(history.getByText(/: Watered$/)).toHaveCount(0);

  // Undo straight from the toast: it closes by itself after 8 s, so nothing that waits on the
  // network (the care history is read again after every change) stands between the two taps.
  await page.getByRole('button', { name: `Watered ${plantName}`, exact: true }).click();
  await expect(page.getByText('Due in 3 days', { exact: true })).toBeVisible();
  await expect(page.getByText('Last Watered', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    longDate(today),
  );
  await toastSaying(page, `Watered ${plantName}`).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: 'Added' })).toBeVisible();
  await expect(history.getByText(/: Watered$/)).toHaveCount(0);

  // The server agrees after a reload; a watering kept shows in the care history.
  await page.reload();
  await expect(page.getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: 'Added' })).toBeVisible();
  await expect(history.getByText(/: Watered$/)).toHaveCount(0);
  await page.getByRole('button', { name: `Watered ${plantName}`, exact: true }).click();
  await expect(page.getByText('Due in 3 days', { exact: true })).toBeVisible();
  await expect(history.getByText(`${longDate(today)}: Watered`)).toBeVisible();
});

test('a watering recorded for an earlier day on My Plants counts from that day', async ({ page }) => {
  const user = await createTestUser('Earlier Gardener');
  const plantName = await overduePlant(page, user, 'Late Basil');
  const { yesterday, today } = await browserDaysAround(page);

  await openAs(page, user, '/myPlants');
  const row = page.getByRole('table', { name: 'My plants' }).getByRole('row', { name: new RegExp(plantName) });
  await expect(row.getByText('Water overdue by 1 day', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Watered ${plantName} earlier` }).click();
  const day = row.getByLabel('Day watered');
  await expect(day).toBeFocused();
  await expect(day).toHaveAttribute('max', today);
  await day.fill(yesterday);
  await row.getByRole('button', { name: `Save watering of ${plantName}` }).click();
  await expect(toastSaying(page, `Watered ${plantName}`)).toBeVisible();
  await expect(row.getByText('Water due in 2 days', { exact: true })).toBeVisible();
});

test('Do all due on Today waters the overdue plants with one request and one summary toast, and nothing is left due', async ({
  page,
}) => {
  const user = await createTestUser('Busy Gardener');
  const first = await overduePlant(page, user, 'First Fern');
  const second = await overduePlant(page, user, 'Second Fern');

  await openAs(page, user, '/dashboard/today');
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(2);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/mango'))
      writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Do all due (2 jobs)' }).click();
  const watered = toastSaying(page, '2 jobs done');
  await expect(watered).toBeVisible();
  await expect(page.getByText('Everything is done: nothing is overdue or due today.')).toBeVisible();
  const upcoming = group(page, 'Next 7 days');
  for (const name of [first, second])
    await expect(
      upcoming.getByRole('listitem').filter({ hasText: name }).getByText('Due in 3 days', { exact: true }),
    ).toBeVisible();
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(0);
  // One request for both, and one for their Undo.
  await watered.getByRole('button', { name: 'Undo' }).click();
  await expect(toastSaying(page, '2 jobs undone')).toBeVisible();
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(2);
  expect(writes).toEqual(['POST /mango/care', 'DELETE /mango/waterings/latest']);
});

test('the forms suggest the next watering from the frequency and the last watering', async ({ page }) => {
  const user = await createTestUser('Form Gardener');
  await openAs(page, user, '/addPlants');
  const frequency = page.getByLabel('Watering Frequency');
  await frequency.fill('every other day');
  await expect(page.getByText('Understood as: Every 2 days')).toBeVisible();
  await page.getByLabel('Last Watered Date').fill('2028-02-28');
  await expect(page.getByLabel('Next Watering Date')).toHaveValue('2028-03-01');
  await frequency.fill('sometimes');
  await expect(page.getByText(/^Not understood/)).toBeVisible();
  await expect(page.getByLabel('Next Watering Date')).toHaveValue('2028-03-01');
});

test('the home page reminds a signed-in user of plants due today, and loads nothing of it for visitors', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New Plants' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Care reminder' })).toHaveCount(0);
  expect(requested.filter((url) => url.includes('home-due-banner'))).toEqual([]);

  const user = await createTestUser('Reminded Gardener');
  await overduePlant(page, user, 'Reminder Fern');
  await signIn(page, user);
  await page.goto('/');
  const reminder = page.getByRole('region', { name: 'Care reminder' });
  await reminder.getByRole('link', { name: '1 plant needs water today. See Today' }).click();
  await expect(page).toHaveURL(/\/dashboard\/today$/);
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(1);
});

test('on a 320 px phone Today, My Plants and My Items fit the width, with the "watered earlier" panel open too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const user = await createTestUser('Pocket Gardener');
  const plantName = await overduePlant(page, user, 'Pocket Fern');
  await signIn(page, user);
  const fitsWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  for (const [path, scope, badge] of [
    ['/dashboard/today', () => group(page, 'Overdue'), 'Overdue by 1 day'],
    ['/myPlants', () => page.getByRole('list', { name: 'My plants' }), 'Water overdue by 1 day'],
    ['/dashboard/my-items', () => page.getByRole('article', { name: plantName }), 'Water overdue by 1 day'],
  ] as const) {
    await page.goto(path);
    const toggle = scope().getByRole('button', { name: `Watered ${plantName} earlier` });
    await expect(scope().getByText(badge, { exact: true })).toBeVisible();
    expect(await fitsWidth(), path).toBe(true);
    await toggle.click();
    const panel = page.getByRole('form', { name: `When was ${plantName} watered?` });
    const box = (await panel.boundingBox())!;
    expect(box.x, path).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, path).toBeLessThanOrEqual(320);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(toggle).toBeFocused();
  }
});
