import { expect, test, type Page } from '@playwright/test';
import { apiGet, type ApiPlant } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { tabTo } from './support/keyboard.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a new owner finds Monstera by typing "swiss": the form fills its care, and its page names the species and the risk to pets', async ({
  page,
}) => {
  const user = await createTestUser('Species Finder');
  await page.goto('/addPlants');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/addPlants$/);

  const species = page.getByRole('combobox', { name: 'Species (optional)' });
  await species.fill('swiss');
  const monstera = page.getByRole('option', { name: /^Swiss cheese plant/ });
  await expect(monstera).toBeVisible();
  // The keyboard walks the list to it (Swiss chard comes first) and Enter picks it.
  while ((await monstera.getAttribute('aria-selected')) !== 'true') await species.press('ArrowDown');
  await species.press('Enter');
  await expect(page.getByRole('group', { name: 'Species (optional)' })).toContainText('Monstera deliciosa');
  await expect(page.getByLabel('Category')).toHaveValue('flowering');
  await expect(page.getByLabel('Care Level')).toHaveValue('easy');
  await expect(page.getByLabel('Watering Frequency')).toHaveValue(/^Every (7|14) days$/);
  await expect(page.getByLabel('Next Watering Date')).not.toHaveValue('');

  const plantName = uniquePlantName('Monstera');
  await page.getByLabel('Plant Name').fill(plantName);
  await page.getByRole('radio', { name: 'Paste a link' }).check();
  await page.getByLabel('Image URL').fill('http://localhost:5000/images/plants/boston-fern.webp');
  await page.getByLabel('Health Status').fill('Healthy');
  await page.getByLabel('Last Watered Date').fill('2026-03-04');
  await page.getByLabel('Description').fill('By the east window.');
  await page.getByRole('button', { name: 'Add Plant' }).click();
  await expect(page.getByRole('dialog')).toContainText('Plant added successfully!');

  const mine = await apiGet<ApiPlant[]>(`/mango?email=${encodeURIComponent(user.email)}`, user);
  const added = mine.body.find((plant) => plant.plantName === plantName) as ApiPlant & { speciesId?: string };
  expect(added.speciesId).toBe('monstera-deliciosa');
  await page.goto(`/plant/${added._id}`);
  await expect(page.getByText('Toxic to cats', { exact: true })).toBeVisible();
  await expect(page.getByText('Toxic to dogs', { exact: true })).toBeVisible();
  const card = page.getByRole('region', { name: 'Species' });
  await expect(card).toContainText('Monstera deliciosa');
  await expect(card).toContainText('in use now');
});

test('on a 320 px phone, by keyboard alone, Add Item finds basil and fills its care', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const user = await createTestUser('Phone Gardener');
  await page.goto('/dashboard/add-item');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard\/add-item$/);

  const species = page.getByRole('combobox', { name: 'Species (optional)' });
  await tabTo(page, species);
  await page.keyboard.type('basil');
  await expect(page.getByRole('option', { name: /^Basil/ })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /^Basil/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Clear species' })).toBeFocused();
  await expect(page.getByLabel('Category')).toHaveValue('Herbs');
  await expect(page.getByLabel('Watering Frequency')).toHaveValue(/^Every (2|4) days$/);
  expect(await fitsWidth(page)).toBe(true);
});

test('on a 320 px phone, a plant of a species the lists do not cover says what that means, and never counts as safe', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const owner = await createTestUser('Careful Owner');
  const plantName = uniquePlantName('Mini monstera');
  // The ASPCA's lists name no Rhaphidophora, for cats or for dogs.
  const id = await createPlantAs(owner, {
    plantName,
    category: 'flowering',
    careLevel: 'easy',
    speciesId: 'rhaphidophora-tetrasperma',
  });
  const notKnown = 'Not known for cats and dogs: treat as possibly harmful';

  await page.goto(`/allPlants?q=${encodeURIComponent(plantName)}`);
  const list = page.getByRole('list', { name: 'Plants' });
  await expect(list.getByRole('heading', { name: plantName })).toBeVisible();
  await expect(list.getByText(notKnown, { exact: true })).toBeVisible();
  await expect(list.getByText(/^Safe for/)).toHaveCount(0);
  expect(await fitsWidth(page)).toBe(true);
  await page.getByLabel('Pets').selectOption('both');
  await expect(page.getByText('No plants found matching your criteria.')).toBeVisible();

  await page.goto(`/plant/${id}`);
  await signIn(page, owner);
  await expect(page.getByRole('region', { name: 'Species' })).toContainText(`${notKnown}.`);
  await expect(page.getByText(notKnown, { exact: true })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
});
