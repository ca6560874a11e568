import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { DashboardStats, Trend } from '../functions/src/model/stats.model.js';
import { apiGet } from './support/api.js';
import { createPlantAs } from '../scripts/lib/test-plants.mjs';
import { expectSignedOut, signIn } from './support/auth.js';
import { createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

/** The trend line as the issue words it, for the trend the API answered. */
const trendLabel = ({ direction, percent }: Trend) =>
  direction === 'flat' ? 'No change from last week' : `${direction === 'up' ? '+' : '-'}${percent}% from last week`;

/** A short unique word, so a test finds its own plants among everyone's. */
const uniqueTag = () => randomUUID().slice(0, 8);

/** Opens a dashboard page as the user: the app sends a visitor to /login, then back. */
async function openAs(page: Page, user: TestUser, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An Overview card reads exactly: its name, the value (Categories: "of 8"), the trend line. */
async function expectCard(page: Page, name: string, value: number, trend: string): Promise<void> {
  const outOf = name === 'Categories' ? '\\s*of 8' : '';
  await expect(card(page, name)).toHaveText(
    new RegExp(`^${name}\\s*${escape(value.toLocaleString('en-US'))}${outOf}\\s*${escape(trend)}$`),
  );
}

test('the overview shows the figures the API answered, the user and their latest activity', async ({ page }) => {
  const user = await createTestUser('Overview Gardener');
  const tag = uniqueTag();
  await createPlantAs(user, { plantName: `Fig ${tag}`, category: 'Fruit' });
  await createPlantAs(user, { plantName: `Thyme ${tag}`, category: 'Herbs', healthStatus: 'Needs Care' });

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  // Other tests add plants at the same time: the cards are checked against the answer the page got.
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/mango/stats');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Mango Grove Tracker | Dashboard Overview');
  const stats = (await (await answer).json()) as DashboardStats;

  // The user's own figures are exact: two plants, none a week ago.
  expect(stats.mine?.plants).toEqual({ value: 2, previous: 0, trend: { direction: 'up', percent: 100 } });
  await expectCard(page, 'My Items', 2, '+100% from last week');
  for (const [name, figure] of [
    ['Total Items', stats.totalPlants],
    ['Categories', stats.categories],
    ['Activity', stats.activity],
  ] as const) {
    await expectCard(page, name, figure.value, trendLabel(figure.trend));
  }
  // This user's two adds are among everyone's activity of the week.
  expect(stats.activity.value).toBeGreaterThanOrEqual(2);

  // What the API says now, for this user, is what the page shows.
  const now = await apiGet<DashboardStats>('/mango/stats', user);
  expect(now.body.mine?.plants.value).toBe(2);

  const info = page.getByRole('region', { name: 'Logged-in User Information' });
  await expect(info).toContainText('Overview Gardener');
  await expect(info).toContainText(user.email);
  await expect(info.getByRole('img', { name: 'Your profile photo' })).toBeVisible();

  const activity = page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem');
  await expect(activity).toHaveCount(2);
  await expect(activity.nth(0)).toContainText(`Added Thyme ${tag}`);
  await expect(activity.nth(1)).toContainText(`Added Fig ${tag}`);
  await expect(activity.nth(0)).toContainText(/just now|minute/);
});

test('the overview keeps its layout while the figures load: nothing moves when they arrive', async ({ page }) => {
  const user = await createTestUser();
  await createPlantAs(user, { plantName: `Steady Fig ${uniqueTag()}`, category: 'Fruit' });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mango/stats', async (route) => {
    await held;
    await route.continue();
  });
  await openAs(page, user, '/dashboard');
  const parts = [
    ...['Total Items', 'My Items', 'Categories', 'Activity'].map((name) => card(page, name)),
    page.getByRole('region', { name: 'Recent Activity' }),
  ];
  const boxes = () => Promise.all(parts.map((part) => part.boundingBox()));

  await expect(page.getByRole('status').filter({ hasText: 'Loading the figures...' })).toBeAttached();
  await expect(card(page, 'My Items')).not.toContainText('from last week');
  const loading = await boxes();
  release();
  await expect(card(page, 'My Items')).toContainText('+100% from last week');
  await expect(page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem')).toHaveCount(1);
  expect(await boxes()).toEqual(loading);
});

test('a new user sees empty figures and an empty activity list', async ({ page }) => {
  const user = await createTestUser('Blank Slate', { photoURL: null });
  await openAs(page, user, '/dashboard');
  await expectCard(page, 'My Items', 0, 'No change from last week');
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText('No activity yet.');
  await expect(page.getByRole('region', { name: 'Logged-in User Information' }).getByRole('img')).toHaveCount(0);
});

test('Add Item stores the plant and lands on My Items, where the tabs filter by health', async ({ page }) => {
  const user = await createTestUser('Adder Gardener');
  const tag = uniqueTag();
  await createPlantAs(user, {
    plantName: `Wilted Basil ${tag}`,
    category: 'Herbs',
    healthStatus: 'Critical',
    careLevel: 'difficult',
  });
  await openAs(page, user, '/dashboard/add-item');

  await expect(page.getByRole('heading', { level: 1, name: 'Add New Item' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Care Level' })).toHaveValue('easy');
  await expect(page.getByRole('combobox', { name: 'Health Status' })).toHaveValue('Healthy');
  await page.getByRole('textbox', { name: 'Plant Name' }).fill(`Dwarf Lemon ${tag}`);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Fruit');
  await page.getByRole('textbox', { name: 'Watering Frequency' }).fill('Every 3 days');
  await page.getByLabel('Next Watering Date').fill('2030-01-15');
  await page.getByRole('textbox', { name: 'Description' }).fill('A small lemon tree by the window.');
  const lemonPng = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e8d43a' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'lemon.png', mimeType: 'image/png', buffer: lemonPng });
  await expect(page.getByText('Selected file: lemon.png')).toBeVisible();

  const post = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/mango' && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add Item' }).click();
  // The item is stored with the placeholder (which counts as no image), then the picture is
  // uploaded as its first photo and becomes its cover.
  expect((await post).postDataJSON()).toEqual({
    plantName: `Dwarf Lemon ${tag}`,
    category: 'Fruit',
    careLevel: 'easy',
    healthStatus: 'Healthy',
    wateringFrequency: 'Every 3 days',
    nextWateringDate: '2030-01-15',
    description: 'A small lemon tree by the window.',
    image: '/images/placeholder-plant.webp',
  });
  await expect(page.getByText('Item added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-items$/);
  await expect(page.getByRole('heading', { level: 1, name: "Adder Gardener's Plants" })).toBeVisible();

  const panel = page.getByRole('tabpanel');
  const lemon = panel.getByRole('article', { name: `Dwarf Lemon ${tag}` });
  const basil = panel.getByRole('article', { name: `Wilted Basil ${tag}` });
  await expect(panel.getByRole('article')).toHaveCount(2);
  await expect(lemon).toContainText('Healthy');
  await expect(lemon).toContainText('Every 3 days');
  await expect(lemon).toContainText('Jan 15, 2030');
  await expect(lemon).toContainText('easy');
  await expect(lemon).toContainText('A small lemon tree by the window.');
  await expect(lemon.getByRole('img', { name: `Dwarf Lemon ${tag}` })).toHaveAttribute(
    'src',
    /^\/mango\/[^/]+\/photos\/[^/]+\/full\.webp$/,
  );

  // The summary cards are a description list: each term's value is the definition after it.
  const summary = (term: string) =>
    page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(summary('Total Plants')).toHaveText('2');
  await expect(summary('Healthy Plants')).toHaveText('1');
  await expect(summary('Needs Attention')).toHaveText('1');

  await page.getByRole('tab', { name: 'Healthy' }).click();
  await expect(page.getByRole('tab', { name: 'Healthy' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('article')).toHaveCount(1);
  await expect(lemon).toBeVisible();

  await page.getByRole('tab', { name: 'Needs Care' }).click();
  await expect(panel.getByRole('article')).toHaveCount(1);
  await expect(basil).toBeVisible();

  // Deleting the only plant that needs care leaves the filter empty.
  await basil.getByRole('button', { name: `Delete Wilted Basil ${tag}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByRole('dialog', { name: 'Deleted!' })).toContainText('Plant has been deleted.');
  await page.getByRole('dialog', { name: 'Deleted!' }).getByRole('button', { name: 'OK' }).click();
  await expect(panel).toContainText('No plants match your filter');
  await expect(summary('Needs Attention')).toHaveText('0');

  await page.getByRole('tab', { name: 'All' }).click();
  await expect(panel.getByRole('article')).toHaveCount(1);
});

test('My Items invites a user without plants to add one', async ({ page }) => {
  const user = await createTestUser('Empty Gardener');
  await openAs(page, user, '/dashboard/my-items');
  await expect(page.getByRole('heading', { name: 'No plants yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Your First Plant' }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-item$/);
});

test('Add Item names what is missing and sends nothing', async ({ page }) => {
  const user = await createTestUser();
  await openAs(page, user, '/dashboard/add-item');
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/mango') posted = true;
  });
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByText('Plant name is required.')).toBeVisible();
  await expect(page.getByText('Category is required.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/add-item$/);
  expect(posted).toBe(false);
});

test('All Items searches, and deletes a plant after the confirmation', async ({ page }) => {
  const user = await createTestUser();
  const tag = uniqueTag();
  const id = await createPlantAs(user, {
    plantName: `Doomed Mint ${tag}`,
    category: 'Herbs',
    healthStatus: 'Needs Care',
  });
  await createPlantAs(user, { plantName: `Kept Rose ${tag}`, category: 'Flower' });
  await openAs(page, user, '/dashboard/all-items');

  const search = page.getByRole('searchbox', { name: 'Search items' });
  await expect(search).toHaveAttribute('placeholder', 'Search items...');
  const table = page.getByRole('region', { name: 'All items' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Image',
    'Name',
    'Category',
    'Place',
    'Care Level',
    'Health Status',
    'Actions',
  ]);
  await search.fill(tag.toUpperCase());
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: `Doomed Mint ${tag}` });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Herbs');
  await expect(row.getByText('Needs Care')).toBeVisible();
  await expect(row.getByRole('link', { name: `Edit Doomed Mint ${tag}` })).toHaveAttribute('href', `/update/${id}`);

  await search.fill(`mint ${tag}`);
  await expect(rows).toHaveCount(1);

  // 'No, cancel!' keeps it.
  await row.getByRole('button', { name: `Delete Doomed Mint ${tag}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText("You won't be able to revert this!");
  await confirm.getByRole('button', { name: 'No, cancel!' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(1);

  await row.getByRole('button', { name: `Delete Doomed Mint ${tag}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  const done = page.getByRole('dialog', { name: 'Deleted!' });
  await expect(done).toContainText('Plant has been deleted.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('No items found.')).toBeVisible();
  expect((await apiGet(`/mango/${id}`)).status).toBe(404);

  // The other plant of the run is still there (the unsearched list is paged, A to Z: search again).
  await search.fill(tag);
  await expect(table.getByRole('rowheader')).toHaveText([`Kept Rose ${tag}`]);
});

test("another user's delete on All Items is refused with the owner-only message, and the plant stays", async ({
  page,
}) => {
  const owner = await createTestUser('Owner Gardener');
  const other = await createTestUser('Other Gardener');
  const tag = uniqueTag();
  const id = await createPlantAs(owner, { plantName: `Guarded Orchid ${tag}`, category: 'Flower' });
  await openAs(page, other, '/dashboard/all-items');

  await page.getByRole('searchbox', { name: 'Search items' }).fill(tag);
  await page.getByRole('button', { name: `Delete Guarded Orchid ${tag}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
  const error = page.getByRole('dialog', { name: 'Error!' });
  await expect(error).toContainText(
    'Error deleting item: Failed to delete item: Only its owner may delete this plant.',
  );
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('rowheader', { name: `Guarded Orchid ${tag}` })).toBeVisible();
  expect((await apiGet(`/mango/${id}`)).status).toBe(200);
});

test('Logout in the sidebar signs out and goes home', async ({ page }) => {
  const user = await createTestUser();
  await openAs(page, user, '/dashboard');
  await page.getByRole('complementary', { name: 'Dashboard sidebar' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the sidebar opens from its button and closes on the overlay, on Escape and after a link', async ({ page }) => {
    const user = await createTestUser();
    await openAs(page, user, '/dashboard');
    const toggle = page.getByRole('button', { name: 'Dashboard menu', exact: true });
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveText([
      'Overview',
      'Today',
      'All Items',
      'My Items',
      'Add Item',
      'Places',
      'Reminders',
    ]);
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeFocused();
    // The overlay: anywhere right of the drawer.
    await page.mouse.click(375, 420);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await nav.getByRole('link', { name: 'My Items' }).tap();
    await expect(page).toHaveURL(/\/dashboard\/my-items$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });

  test('nothing is wider than the screen at 320 px: the table scrolls in its own box', async ({ page }) => {
    const user = await createTestUser();
    await createPlantAs(user, {
      plantName: `Narrow Fern ${uniqueTag()}`,
      category: 'fern',
      description: 'A fern with a long description. '.repeat(8),
    });
    await openAs(page, user, '/dashboard');
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of [
      '/dashboard',
      '/dashboard/all-items',
      '/dashboard/my-items',
      '/dashboard/add-item',
      '/dashboard/reminders',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path.endsWith('all-items'))
        await expect(page.getByRole('region', { name: 'All items' }).getByRole('row').nth(1)).toBeVisible();
      if (path.endsWith('my-items')) await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
