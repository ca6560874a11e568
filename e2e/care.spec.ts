import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet } from './support/api.js';
import { uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { builtSharedChunk } from './support/built-app.js';
import { browserDays } from './support/dates.js';
import { cameraJpeg, expectLoaded } from './support/images.js';
import { tabTo } from './support/keyboard.js';
import { createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

/**
 * Care beyond watering in the built app against the emulators: a fertilizing schedule set under
 * Add Plant's More care, its due badge, Done and Undo on the plant's page, and a journal note with
 * a new photo; by mouse, by keyboard alone, and on a 320 px phone.
 */

const browserDaysAround = (page: Page) => browserDays(page, { today: 0, yesterday: -1, inAWeek: 7, inFourWeeks: 28 });

/** A date as the app writes it in long form ('March 4, 2026'). */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
/** What a person types into Chromium's en-US date field: month, day, year. */
const typedDate = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;

const toastSaying = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** How the flow is driven: by pointer, or by the keyboard alone (Tab to a control, then keys). */
interface Driver {
  press: (target: Locator) => Promise<void>;
  fill: (target: Locator, text: string) => Promise<void>;
  date: (target: Locator, date: string) => Promise<void>;
  choose: (target: Locator, option: string, key: string) => Promise<void>;
}

const pointer: Driver = {
  press: (target) => target.click(),
  fill: (target, text) => target.fill(text),
  date: (target, date) => target.fill(date),
  choose: async (target, option) => {
    await target.selectOption(option);
  },
};

const keyboard = (page: Page): Driver => ({
  press: async (target) => {
    await tabTo(page, target);
    await page.keyboard.press('Enter');
  },
  fill: async (target, text) => {
    await tabTo(page, target);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
  },
  date: async (target, date) => {
    await tabTo(page, target);
    await page.keyboard.type(typedDate(date));
  },
  choose: async (target, option, key) => {
    await tabTo(page, target);
    await page.keyboard.press(key);
    await expect(target).toHaveValue(option);
  },
});

/** The whole flow, as one person would go through it; `narrow` checks that every screen fits 320 px. */
async function careFlow(page: Page, user: TestUser, drive: Driver, { narrow = false } = {}) {
  const { today, yesterday, inAWeek, inFourWeeks } = await browserDaysAround(page);
  const name = uniquePlantName('Fed Monstera');

  await page.goto('/addPlants');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/addPlants$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add New Plant');

  // Add Plant, in the order the fields come; More care is closed until opened.
  await drive.fill(page.getByLabel('Plant Name'), name);
  await drive.choose(page.getByLabel('Category'), 'fern', 'f');
  await drive.choose(page.getByLabel('Care Level'), 'easy', 'e');
  await drive.fill(page.getByLabel('Watering Frequency'), 'Weekly');
  await drive.fill(page.getByLabel('Health Status'), 'Healthy');
  await drive.date(page.getByLabel('Last Watered Date'), today);
  await expect(page.getByLabel('Next Watering Date')).toHaveValue(inAWeek);
  await drive.fill(page.getByLabel('Description'), 'Split leaves by the window.');
  const fertilizing = page.getByLabel('Fertilizing Frequency');
  await expect(fertilizing).toBeHidden();
  await drive.press(page.locator('summary', { hasText: 'More care' }));
  await drive.fill(fertilizing, 'Every 4 weeks');
  await expect(fertilizing).toHaveAccessibleDescription('Understood as: Every 4 weeks');
  const nextFertilizing = page.getByLabel('Next Fertilizing Date');
  await expect(nextFertilizing).toHaveValue(inFourWeeks);
  await expect(nextFertilizing).toHaveAccessibleDescription(
    'Suggested from today and the frequency. You can change it.',
  );
  // It was due yesterday: overdue on the plant's page.
  await drive.date(nextFertilizing, yesterday);
  await expect(nextFertilizing).toHaveValue(yesterday);
  if (narrow) expect(await fitsWidth(page)).toBe(true);
  const link = page.getByRole('radio', { name: 'Paste a link' });
  if (drive === pointer) await link.check();
  else {
    await tabTo(page, page.getByRole('radio', { name: 'Upload a photo' }));
    await page.keyboard.press('ArrowRight');
    await expect(link).toBeChecked();
  }
  await drive.fill(page.getByLabel('Image URL'), 'http://localhost:5000/images/plants/boston-fern.webp');
  await drive.press(page.getByRole('button', { name: 'Add Plant' }));
  const added = page.getByRole('dialog', { name: 'Success!' });
  await expect(added).toBeVisible();
  await drive.press(added.getByRole('button', { name: 'OK' }));

  // The server stored the schedule: the plant's page shows it with its badge.
  const { body: list } = await apiGet<{ plants: { _id: string }[] }>(`/mango?q=${encodeURIComponent(name)}`);
  expect(list.plants).toHaveLength(1);
  const id = list.plants[0]!._id;
  const { body: stored } = await apiGet<{ care?: unknown }>(`/mango/${id}`, user);
  expect(stored.care).toMatchObject({
    fertilize: { frequency: 'Every 4 weeks', nextDate: yesterday, intervalDays: 28 },
  });
  await page.goto(`/plant/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const care = page.getByRole('region', { name: 'More care' });
  const task = care.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Fertilize' }) });
  await expect(task.getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  await expect(task).toContainText('Every 4 weeks');
  if (narrow) expect(await fitsWidth(page)).toBe(true);

  // Done: due in four weeks at once, and in the journal; Undo straight from the toast.
  const history = page.getByRole('region', { name: 'Care History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Added' })).toBeVisible();
  await drive.press(task.getByRole('button', { name: `Done fertilizing ${name}`, exact: true }));
  await expect(task.getByText('Due in 28 days', { exact: true })).toBeVisible();
  await expect(task).toContainText(`Last fertilized: ${longDate(today)}`);
  await drive.press(toastSaying(page, `Fertilized ${name}`).getByRole('button', { name: 'Undo' }));
  await expect(toastSaying(page, `Fertilizing of ${name} undone`)).toBeVisible();
  await expect(task.getByText('Overdue by 1 day', { exact: true })).toBeVisible();
  await expect(history.getByText(/: Fertilized$/)).toHaveCount(0);

  // Done again, and it stays: the server agrees after a reload, and the journal has it.
  await drive.press(task.getByRole('button', { name: `Done fertilizing ${name}`, exact: true }));
  await expect(task.getByText('Due in 28 days', { exact: true })).toBeVisible();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.reload();
  await expect(task.getByText('Due in 28 days', { exact: true })).toBeVisible();
  await expect(history.getByText(`${longDate(today)}: Fertilized`)).toBeVisible();

  // A note with a new photo: uploaded, then named by the note, whose entry shows its thumbnail.
  const form = history.getByRole('form', { name: 'Add a note' });
  // The page drew without the model's rules (zod); the note's check loads them.
  const rules = builtSharedChunk('model');
  expect(requested).not.toContain(rules);
  // Their code not reaching the page is said, and nothing is sent.
  await page.context().route(`**${rules}`, (route) => route.abort());
  await drive.press(form.getByRole('button', { name: 'Add note' }));
  await expect(form.getByRole('alert')).toHaveText(
    'The note could not be checked. Please reload the page and try again.',
  );
  await page.context().unroute(`**${rules}`);
  await page.reload();
  await drive.press(form.getByRole('button', { name: 'Add note' }));
  await expect(form.getByLabel('Note')).toHaveAccessibleDescription('Note text is required.');
  expect(requested).toContain(rules);
  await drive.fill(form.getByLabel('Note'), 'A new leaf is unfurling.');
  const picker = form.getByLabel('Or upload a new photo (optional)');
  if (drive !== pointer) await tabTo(page, picker);
  await picker.setInputFiles({ name: 'leaf.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() });
  await drive.press(form.getByRole('button', { name: 'Add note' }));
  await expect(form.getByRole('status')).toHaveText('Note added.');
  const entry = history.getByRole('listitem').filter({ hasText: 'A new leaf is unfurling.' });
  await expect(entry).toContainText(`${longDate(today)}: Note`);
  const thumbnail = entry.getByRole('img', { name: `${name}, photo taken ${longDate(today)}` });
  await expectLoaded(thumbnail);
  // The photo is the plant's: in its gallery too.
  await expect(page.getByRole('list', { name: 'Photos, newest first' }).getByRole('listitem')).toHaveCount(1);
  if (narrow) expect(await fitsWidth(page)).toBe(true);
}

test.describe('care beyond watering', () => {
  test.setTimeout(150_000);

  test('a fertilizing schedule set on Add Plant is due on the plant page, Done and Undo work, and a note keeps a photo', async ({
    page,
  }) => {
    await careFlow(page, await createTestUser('Care Gardener'), pointer);
  });

  test('the same by keyboard alone', async ({ page }) => {
    await careFlow(page, await createTestUser('Keyboard Gardener'), keyboard(page));
  });

  test('the same on a 320 px phone, every screen within its width', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await careFlow(page, await createTestUser('Phone Gardener'), pointer, { narrow: true });
  });
});
