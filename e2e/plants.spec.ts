import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth.js';
import { readPlant } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { createTestUser } from '../scripts/lib/test-users.mjs';

/** The sweetalert2 dialog with this title; closes it with its button when asked. */
async function expectDialog(page: Page, title: string, text: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  return dialog;
}

const cards = (page: Page) => page.getByRole('list', { name: 'Plants' }).getByRole('listitem');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 2 });

test('a user adds a plant, finds it on All Plants, opens, updates and deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createTestUser('Journey Gardener');
  const tag = randomUUID().slice(0, 8);
  const name = `Fern ${tag} Beta`;
  // Two more plants of the same user, so search, filters and sort have something to order.
  await createPlantAs(user, {
    plantName: `Fern ${tag} Alpha`,
    category: 'fern',
    careLevel: 'easy',
    nextWateringDate: '2026-04-01',
  });
  await createPlantAs(user, { plantName: `Cactus ${tag} Gamma`, category: 'succulent', careLevel: 'difficult' });
  await signIn(page, user);

  await page.goto('/addPlants');
  await expect(page).toHaveTitle('Mango Grove Tracker | Add Plant');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add New Plant');
  await page.getByLabel('Plant Name').fill(name);
  await page.getByRole('radio', { name: 'Paste a link' }).check();
  await page.getByLabel('Image URL').fill('http://localhost:5000/images/plants/boston-fern.webp');
  await page.getByLabel('Category').selectOption('fern');
  await page.getByLabel('Care Level').selectOption('difficult');
  await page.getByLabel('Watering Frequency').fill('Every 7 days');
  await page.getByLabel('Health Status').fill('Healthy');
  await page.getByLabel('Last Watered Date').fill('2026-03-04');
  await page.getByLabel('Next Watering Date').fill('2026-03-11');
  await page.getByLabel('Description').fill('Arching fronds by the bathroom window.');
  await page.getByRole('button', { name: 'Add Plant' }).click();
  const added = await expectDialog(page, 'Success!', 'Plant added successfully!');
  // Behind the open alert the form has started over: empty, and its button no longer busy.
  const submit = page.locator('#main form button[type="submit"]');
  await expect(submit).toHaveText('Add Plant');
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel('Plant Name')).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('');
  await added.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Plant Name')).toBeFocused();

  // All Plants: search by the run's tag, then filters, then sort; the view lives in the URL.
  await page.goto('/allPlants');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Plants');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
  // Default sort: next watering date ascending, the plant without a date last.
  await expect(cardNames(page)).toHaveText([name, `Fern ${tag} Alpha`, `Cactus ${tag} Gamma`]);
  await expect(page.getByRole('button', { name: 'Watering Date' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Watering Date' }).click();
  await expect(page.getByRole('button', { name: 'Watering Date' })).toHaveAccessibleDescription(
    'Sorted by Watering Date, descending (latest first).',
  );
  await expect(cardNames(page)).toHaveText([`Fern ${tag} Alpha`, name, `Cactus ${tag} Gamma`]);

  await page.getByRole('button', { name: 'Plant Name' }).click();
  await expect(page.getByRole('button', { name: 'Plant Name' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Watering Date' })).toHaveAttribute('aria-pressed', 'false');
  await expect(cardNames(page)).toHaveText([`Cactus ${tag} Gamma`, `Fern ${tag} Alpha`, name]);

  await page.getByLabel('Category').selectOption('fern');
  await expect(cardNames(page)).toHaveText([`Fern ${tag} Alpha`, name]);
  await page.getByLabel('Care Level').selectOption('difficult');
  await expect(cardNames(page)).toHaveText([name]);
  await expect(page).toHaveURL(new RegExp(`q=${tag}&category=fern&care=difficult&sort=plantName&dir=asc$`));

  // The view survives a reload, and Back undoes the last choice.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  await expect(page.getByLabel('Care Level')).toHaveValue('difficult');
  await expect(cardNames(page)).toHaveText([name]);
  await page.goBack();
  await expect(page.getByLabel('Care Level')).toHaveValue('');
  await expect(cardNames(page)).toHaveText([`Fern ${tag} Alpha`, name]);
  await page.goForward();

  const card = cards(page).filter({ hasText: name });
  await expect(card).toContainText('Category:fern');
  await expect(card).toContainText('Watering:Every 7 days');
  await expect(card).toContainText('Care Level:difficult');
  await expect(card.getByRole('img', { name })).toHaveJSProperty('complete', true);
  await card.getByRole('link', { name: `View Details of ${name}` }).click();

  // Details, preloaded by the route.
  await expect(page).toHaveURL(/\/plant\/[^/]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('March 4, 2026', { exact: true })).toBeVisible();
  await expect(page.getByText('March 11, 2026', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Difficult care tips' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Description' })).toContainText(
    'Arching fronds by the bathroom window.',
  );
  await expect(page.getByRole('link', { name: '← Back to All Plants' })).toHaveAttribute('href', '/allPlants');

  // Update, from the details page: back there afterwards.
  await page.getByRole('link', { name: 'Edit Plant' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Update Plant');
  await expect(page.getByLabel('Plant Name')).toHaveValue(name);
  await expect(page.getByLabel('Care Level')).toHaveValue('difficult');
  await expect(page.getByLabel('Next Watering Date')).toHaveValue('2026-03-11');
  await page.getByRole('button', { name: 'Update Plant' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to save' })).toHaveText(
    'Nothing to save: the plant already has these values.',
  );

  const renamed = `${name} Updated`;
  await page.getByLabel('Plant Name').fill(renamed);
  await page.getByLabel('Health Status').fill('Critical');
  await page.getByRole('button', { name: 'Update Plant' }).click();
  const updated = await expectDialog(page, 'Updated!', 'Plant updated successfully!');
  await updated.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/plant/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.getByText('Critical', { exact: true })).toBeVisible();
  expect((await readPlant(id)).plant).toMatchObject({ plantName: renamed, healthStatus: 'Critical' });

  // My Plants lists it; delete asks first, then the row goes without a reload.
  await page.goto('/myPlants');
  const table = page.getByRole('table', { name: 'My plants' });
  const row = table.getByRole('row', { name: new RegExp(renamed) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: `Edit ${renamed}` })).toHaveAttribute('href', `/update/${id}`);
  await row.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = await expectDialog(page, 'Are you sure?', "You won't be able to revert this!");
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  const deleted = await expectDialog(page, 'Deleted!', 'Plant has been deleted.');
  await deleted.getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(`Fern ${tag} Alpha`) })).toBeVisible();
  expect((await readPlant(id)).status).toBe(404);
});

test("another user cannot change someone's plant and is told so", async ({ page }) => {
  const owner = await createTestUser('Plant Owner');
  const stranger = await createTestUser('Curious Neighbour');
  const name = uniquePlantName('Guarded Bonsai');
  const id = await createPlantAs(owner, {
    plantName: name,
    category: 'bonsai',
    careLevel: 'moderate',
    healthStatus: 'Healthy',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-03-01',
    nextWateringDate: '2026-03-04',
  });
  await signIn(page, stranger);

  await page.goto(`/plant/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('link', { name: 'Edit Plant' })).toHaveCount(0);

  await page.goto(`/update/${id}`);
  await expect(page.getByLabel('Plant Name')).toHaveValue(name);
  await page.getByLabel('Plant Name').fill(`${name} (taken over)`);
  await page.getByRole('button', { name: 'Update Plant' }).click();
  await expect(page.getByRole('alert')).toHaveText('You can only change your own plants.');
  await expect(page.getByLabel('Plant Name')).toHaveValue(`${name} (taken over)`);
  expect((await readPlant(id)).plant).toMatchObject({ plantName: name, healthStatus: 'Healthy' });

  await page.goto('/myPlants');
  await expect(page.getByText("You haven't added any plants yet.")).toBeVisible();
  await page.getByRole('link', { name: 'Add Your First Plant' }).click();
  await expect(page).toHaveURL(/\/addPlants$/);
});

test('a visitor is sent to /login from /addPlants and comes back after signing in', async ({ page }) => {
  const user = await createTestUser();
  await page.goto('/addPlants');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/addPlants$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add New Plant');
});

test("an unknown plant id says 'Plant not found' on details and update", async ({ page }) => {
  await signIn(page, await createTestUser());
  for (const path of ['/plant/no-such-plant-here', '/update/no-such-plant-here']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plant not found');
    await expect(page.getByRole('link', { name: '← Back to All Plants' })).toBeVisible();
  }
});

test('on a 320 px phone the plant screens fit the width, and Add Plant explains what is missing', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const user = await createTestUser();
  const name = uniquePlantName('Pocket Fern');
  await createPlantAs(user, { plantName: name, category: 'fern', careLevel: 'easy', wateringFrequency: 'Weekly' });
  await signIn(page, user);
  const fitsWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  await page.goto('/myPlants');
  // The table becomes one card per plant.
  const list = page.getByRole('list', { name: 'My plants' });
  await expect(list.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'My plants' })).toBeHidden();
  await expect(list.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  expect(await fitsWidth()).toBe(true);

  await page.goto(`/allPlants?q=${encodeURIComponent(name)}`);
  await expect(cardNames(page)).toHaveText([name]);
  expect(await fitsWidth()).toBe(true);
  // Changing the sort keeps the reader where they are (no jump to the top).
  await page.evaluate(() => window.scrollTo(0, 250));
  await page.getByRole('button', { name: 'Plant Name' }).click();
  await expect(page).toHaveURL(/sort=plantName/);
  expect(await page.evaluate(() => window.scrollY)).toBe(250);

  await page.goto('/addPlants');
  await page.getByLabel('Plant Name').fill('Half-filled');
  await page.getByRole('button', { name: 'Add Plant' }).click();
  await expect(page.getByLabel('Photo', { exact: true })).toHaveAccessibleDescription(
    /Choose a photo to upload, or paste a link instead\.$/,
  );
  await page.getByRole('radio', { name: 'Paste a link' }).check();
  await page.getByRole('button', { name: 'Add Plant' }).click();
  await expect(page.getByLabel('Image URL')).toHaveAccessibleDescription('Image is required.');
  await expect(page.getByLabel('Category')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Next Watering Date')).toHaveAccessibleDescription('Next watering date is required.');
  await expect(page.getByLabel('Plant Name')).toHaveValue('Half-filled');
  expect(await fitsWidth()).toBe(true);
});
