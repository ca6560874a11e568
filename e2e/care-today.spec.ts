import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiSend, type ApiPlant } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { browserDay, browserDays } from './support/dates.js';
import { tabTo } from './support/keyboard.js';
import { createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

/** A plant watered every 3 days and fertilized monthly, with these next dates (days from today). */
async function plantWith(
  page: Page,
  user: TestUser,
  label: string,
  { water, fertilize }: { water: number; fertilize?: number },
): Promise<string> {
  const plantName = uniquePlantName(label);
  await createPlantAs(user, {
    plantName,
    category: 'fern',
    careLevel: 'moderate',
    healthStatus: 'Healthy',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: await browserDay(page, water - 3),
    nextWateringDate: await browserDay(page, water),
    image: '/images/plants/boston-fern.webp',
    care:
      fertilize === undefined
        ? {}
        : { fertilize: { frequency: 'Monthly', nextDate: await browserDay(page, fertilize) } },
  });
  return plantName;
}

async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

const group = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
const toastSaying = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const rowOf = (page: Page, groupName: string, text: string) =>
  group(page, groupName).getByRole('listitem').filter({ hasText: text });

test('a fertilizing due today is a row on Today; Done moves it out and Undo brings it back, as the server keeps it', async ({
  page,
}) => {
  const user = await createTestUser('Feeding Gardener');
  const plantName = await plantWith(page, user, 'Hungry Monstera', { water: 5, fertilize: 0 });

  await openAs(page, user, '/dashboard/today');
  const fertilize = rowOf(page, 'Today', `Fertilize · ${plantName}`);
  await expect(fertilize).toBeVisible();
  await expect(fertilize.getByText('Due today', { exact: true })).toBeVisible();
  await expect(fertilize.getByText('Monthly', { exact: true })).toBeVisible();
  await expect(
    rowOf(page, 'Next 7 days', `Water · ${plantName}`).getByText('Due in 5 days', { exact: true }),
  ).toBeVisible();

  await fertilize.getByRole('button', { name: `Done: Fertilize ${plantName}`, exact: true }).click();
  const done = toastSaying(page, `Fertilized ${plantName}`);
  await expect(done).toBeVisible();
  await expect(page.getByText(`Fertilize · ${plantName}`)).toHaveCount(0);
  await expect(page.getByText('Everything is done: nothing is overdue or due today.')).toBeVisible();

  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(toastSaying(page, `Fertilizing of ${plantName} undone`)).toBeVisible();
  await expect(rowOf(page, 'Today', `Fertilize · ${plantName}`)).toBeVisible();

  // The server agrees: still due after a reload.
  await page.reload();
  await expect(rowOf(page, 'Today', `Fertilize · ${plantName}`).getByText('Due today', { exact: true })).toBeVisible();
});

test('"Still moist" on Today moves a due watering later without recording it, and the journal says "Checked"', async ({
  page,
}) => {
  const user = await createTestUser('Checking Gardener');
  const plantName = await plantWith(page, user, 'Damp Fern', { water: -1 });

  await openAs(page, user, '/dashboard/today');
  const water = rowOf(page, 'Overdue', `Water · ${plantName}`);
  await water.getByRole('button', { name: `Checked ${plantName}: soil still moist`, exact: true }).click();
  // Every 3 days: a third of it, one day from today.
  const next = await browserDay(page, 1);
  await expect(toastSaying(page, `Checked ${plantName}: soil still moist. Next watering:`)).toBeVisible();
  await expect(
    rowOf(page, 'Next 7 days', `Water · ${plantName}`).getByText('Due tomorrow', { exact: true }),
  ).toBeVisible();

  // The server keeps it, with the last watering as it was; the plant's journal names the check-in.
  const link = rowOf(page, 'Next 7 days', `Water · ${plantName}`).getByRole('link', { name: plantName });
  const id = (await link.getAttribute('href'))!.split('/').at(-1)!;
  const { body } = await apiGet<ApiPlant>(`/mango/${id}`, user);
  expect(body).toMatchObject({ nextWateringDate: next, lastWateredDate: await browserDay(page, -4) });
  await link.click();
  const journal = page.getByRole('list', { name: 'Care history, newest first' });
  await expect(journal.getByRole('listitem').first()).toContainText('Checked: soil still moist');
});

test('Do all due does the overdue and today jobs, watering and fertilizing, in one request, and the server keeps them done', async ({
  page,
}) => {
  const user = await createTestUser('Thorough Gardener');
  const first = await plantWith(page, user, 'Both Fern', { water: -1, fertilize: 0 });
  const second = await plantWith(page, user, 'Fed Palm', { water: 4, fertilize: -2 });

  await openAs(page, user, '/dashboard/today');
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(2);
  await expect(group(page, 'Today').getByRole('listitem')).toHaveCount(1);
  const careRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/mango/care')
      careRequests.push(`${request.method()} ${request.postData()}`);
  });

  await page.getByRole('button', { name: 'Do all due (3 jobs)' }).click();
  const done = toastSaying(page, '3 jobs done');
  await expect(done).toBeVisible();
  await expect(page.getByText('Everything is done: nothing is overdue or due today.')).toBeVisible();
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(0);
  await expect(group(page, 'Today').getByRole('listitem')).toHaveCount(0);
  expect(careRequests).toHaveLength(1);
  const { items } = JSON.parse(careRequests[0]!.slice('POST '.length)) as { items: { task: string }[] };
  expect(items.map((item) => item.task).sort()).toEqual(['fertilize', 'fertilize', 'water']);

  await page.reload();
  await expect(page.getByText('Everything is done: nothing is overdue or due today.')).toBeVisible();
  await expect(
    rowOf(page, 'Next 7 days', `Water · ${first}`).getByText('Due in 3 days', { exact: true }),
  ).toBeVisible();
  await expect(rowOf(page, 'Next 7 days', `Water · ${second}`)).toBeVisible();
});

test('the Undo of Do all due brings back a watering and a fertilizing of one plant, as the server keeps them', async ({
  page,
}) => {
  const user = await createTestUser('Undoing Gardener');
  await plantWith(page, user, 'Undo Fern', { water: -1, fertilize: 0 });
  await openAs(page, user, '/dashboard/today');
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(1);
  await expect(group(page, 'Today').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Do all due (2 jobs)' }).click();
  const done = toastSaying(page, '2 jobs done');
  await expect(page.getByText('Everything is done: nothing is overdue or due today.')).toBeVisible();
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(toastSaying(page, '2 jobs undone')).toBeVisible();
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(1);
  await expect(group(page, 'Today').getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(rowOf(page, 'Overdue', 'Water ·').getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'Today', 'Fertilize ·').getByText('Due today', { exact: true })).toBeVisible();
});

test('My Plants and My Items show each plant its nearest job, a care task when it comes before watering', async ({
  page,
}) => {
  const user = await createTestUser('Listing Gardener');
  const fertilizeFirst = await plantWith(page, user, 'Soon Fed', { water: 9, fertilize: 2 });
  const waterFirst = await plantWith(page, user, 'Dry Fern', { water: -1, fertilize: 20 });

  await openAs(page, user, '/myPlants');
  const table = page.getByRole('table', { name: 'My plants' });
  await expect(
    table.getByRole('row', { name: new RegExp(fertilizeFirst) }).getByText('Fertilize due in 2 days', { exact: true }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(waterFirst) }).getByText('Water overdue by 1 day', { exact: true }),
  ).toBeVisible();

  await page.goto('/dashboard/my-items');
  await expect(
    page.getByRole('article', { name: fertilizeFirst }).getByText('Fertilize due in 2 days', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('article', { name: waterFirst }).getByText('Water overdue by 1 day', { exact: true }),
  ).toBeVisible();
});

test('Today by keyboard alone on a 320 px phone in the dark theme: rows fit, Done and Do all due work, no serious axe finding', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const user = await createTestUser('Pocket Feeder');
  const fed = await plantWith(page, user, 'Pocket Monstera With A Long Name', { water: 6, fertilize: 0 });
  const other = await plantWith(page, user, 'Pocket Palm', { water: -1 });

  await openAs(page, user, '/dashboard/today');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(rowOf(page, 'Today', `Fertilize · ${fed}`)).toBeVisible();
  await expect(rowOf(page, 'Overdue', `Water · ${other}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  for (const row of await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button') })
    .all()) {
    const box = (await row.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  }
  const axe = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await tabTo(page, page.getByRole('button', { name: `Done: Fertilize ${fed}`, exact: true }));
  await page.keyboard.press('Enter');
  await expect(toastSaying(page, `Fertilized ${fed}`)).toBeVisible();
  await expect(page.getByText(`Fertilize · ${fed}`)).toHaveCount(0);

  await tabTo(page, page.getByRole('button', { name: 'Do all due (1 job)', exact: true }));
  await page.keyboard.press('Enter');
  await expect(toastSaying(page, '1 job done')).toBeVisible();
  await expect(page.getByText('Everything is done: nothing is overdue or due today.')).toBeVisible();
  await expect(group(page, 'Overdue').getByRole('listitem')).toHaveCount(0);
});

test("a plant's learned rhythm by keyboard on a 320 px phone: Keep on Today, Use on the plant's page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await createTestUser('Rhythm Gardener');
  // Watered every 5 days four times though the schedule says every 3: the server suggests 5.
  const days = await browserDays(page, { start: -20, a: -15, b: -10, c: -5, d: 0 });
  const wateredEveryFiveDays = async (label: string) => {
    const name = uniquePlantName(label);
    const id = await createPlantAs(user, {
      plantName: name,
      category: 'fern',
      wateringFrequency: 'Every 3 days',
      lastWateredDate: days.start,
      nextWateringDate: days.start,
    });
    for (const date of [days.a, days.b, days.c, days.d])
      await apiSend(user, 'POST', `/mango/${id}/care/water`, { date });
    return { name, id };
  };
  const plants = { kept: await wateredEveryFiveDays('Steady Fern'), used: await wateredEveryFiveDays('Slow Palm') };

  await openAs(page, user, '/dashboard/today');
  const offer = rowOf(page, 'Next 7 days', `Water · ${plants.kept.name}`).getByRole('group', {
    name: `Suggestion for ${plants.kept.name}`,
  });
  await expect(offer).toContainText('Watered every 5 days on average, not every 3.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  await tabTo(page, offer.getByRole('button', { name: `Keep 3 days for ${plants.kept.name}`, exact: true }));
  await page.keyboard.press('Enter');
  await expect(toastSaying(page, `${plants.kept.name} keeps its watering schedule`)).toBeVisible();
  await expect(offer).toHaveCount(0);

  await page.goto(`/plant/${plants.used.id}`);
  const use = page.getByRole('button', { name: `Use every 5 days for ${plants.used.name}`, exact: true });
  await expect(page.getByRole('group', { name: `Suggestion for ${plants.used.name}` })).toContainText(
    'Watered every 5 days on average, not every 3.',
  );
  const box = (await use.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  await tabTo(page, use);
  await page.keyboard.press('Enter');
  await expect(toastSaying(page, `${plants.used.name}: watering every 5 days from now on`)).toBeVisible();
  await expect(page.getByRole('group', { name: `Suggestion for ${plants.used.name}` })).toHaveCount(0);

  // As the server keeps them: the used interval, and no suggestion left on either plant.
  const used = await apiGet<ApiPlant & { wateringIntervalDays: number; suggestion?: unknown }>(
    `/mango/${plants.used.id}`,
    user,
  );
  expect(used.body).toMatchObject({ wateringFrequency: 'Every 5 days', wateringIntervalDays: 5 });
  expect(used.body.suggestion).toBeUndefined();
  const kept = await apiGet<ApiPlant & { suggestion?: unknown }>(`/mango/${plants.kept.id}`, user);
  expect(kept.body).toMatchObject({ wateringFrequency: 'Every 3 days' });
  expect(kept.body.suggestion).toBeUndefined();
});
