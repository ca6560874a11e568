import { expect, test, type Locator, type Page } from '@playwright/test';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { browserDay } from './support/dates.js';
import { tabTo } from './support/keyboard.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

/** A species of the bundled catalogue that wants full sun (its most used common name: Okra). */
const OKRA = 'abelmoschus-esculentus';

const PHONE = { width: 320, height: 720 };

/** Chooses the option of a focused select that starts with `text`, as a person types it. */
async function typeInto(page: Page, select: Locator, text: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(text);
}

const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('places on a 320 px phone by keyboard alone: make two, place three plants, reorder, walk Today, see a light that does not fit', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await createTestUser('Walking Gardener');
  const [watered, today] = [await browserDay(page, -3), await browserDay(page, 0)];
  const dueToday = (label: string, speciesId?: string) => ({
    plantName: uniquePlantName(label),
    category: 'fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: watered,
    nextWateringDate: today,
    ...(speciesId ? { speciesId } : {}),
  });
  const plants = [dueToday('Okra By The Sink', OKRA), dueToday('Kitchen Fern'), dueToday('Balcony Fern')];
  const [okra, fern, outside] = await Promise.all(
    plants.map(async (plant) => ({ name: plant.plantName, id: await createPlantAs(user, plant) })),
  );

  await page.goto('/dashboard/places');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard\/places$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Places' })).toBeVisible();

  // Two places: a dim kitchen, then a sunny balcony outdoors.
  const newPlace = page.getByRole('form', { name: 'New place' });
  for (const { name, light, outdoor } of [
    { name: 'Kitchen', light: 'Low', outdoor: false },
    { name: 'Balcony', light: 'Full', outdoor: true },
  ]) {
    await tabTo(page, newPlace.getByLabel('Name'));
    await page.keyboard.type(name);
    await typeInto(page, newPlace.getByLabel('Light'), light);
    if (outdoor) {
      await tabTo(page, newPlace.getByLabel('Outdoors'));
      await page.keyboard.press('Space');
    }
    await tabTo(page, newPlace.getByRole('button', { name: 'Make place' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listitem', { name: new RegExp(`\\b${name}$`) })).toBeVisible();
  }
  const walk = page.getByRole('list', { name: 'Your places, in walking order' });
  const stops = () => walk.getByRole('heading', { level: 2 });
  await expect(stops()).toHaveText(['1.Kitchen', '2.Balcony']);
  await expect(page.getByRole('listitem', { name: /\bBalcony$/ })).toContainText('Full sun, outdoors; 0 plants');

  // Each plant placed from its form's Place box.
  for (const [plant, place] of [
    [okra, 'Kitchen'],
    [fern, 'Kitchen'],
    [outside, 'Balcony'],
  ] as const) {
    await page.goto(`/update/${plant.id}`);
    await typeInto(page, page.getByLabel('Place', { exact: true }), place);
    await expect(page.getByLabel('Place', { exact: true })).toHaveValue(/.+/);
    await tabTo(page, page.getByRole('button', { name: 'Update Plant' }));
    await page.keyboard.press('Enter');
    // The dialog's OK has the focus.
    await expect(page.getByRole('dialog', { name: 'Updated!' }).getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Enter');
    // Opened by its address, the form goes back to My Plants.
    await expect(page).toHaveURL(/\/myPlants$/);
  }

  // The walk starts on the balcony now.
  await page.goto('/dashboard/places');
  await expect(page.getByRole('listitem', { name: /\bKitchen$/ })).toContainText('Low light, indoors; 2 plants');
  await tabTo(page, page.getByRole('button', { name: 'Move up Balcony' }));
  await page.keyboard.press('Enter');
  await expect(stops()).toHaveText(['1.Balcony', '2.Kitchen']);
  expect(await fitsThePhone(page)).toBe(true);
  await page.reload();
  await expect(stops()).toHaveText(['1.Balcony', '2.Kitchen']);

  // Today: a group per place in that order; "Do all in Kitchen" does the kitchen's two.
  await page.goto('/dashboard/today');
  const groups = page.getByRole('region').getByRole('heading', { level: 2 });
  await expect(groups).toHaveText([/^Balcony 1/, /^Kitchen 2/, /^Next 7 days/, 'Add to calendar']);
  const kitchen = page.getByRole('region', { name: /^Kitchen \(/ });
  // Due the same day: by name.
  await expect(kitchen.getByRole('listitem')).toHaveText([
    new RegExp(`^Water · ${fern.name}`),
    new RegExp(`^Water · ${okra.name}`),
  ]);
  expect(await fitsThePhone(page)).toBe(true);
  await tabTo(page, page.getByRole('button', { name: 'Do all in Kitchen', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '2 jobs done' })).toBeVisible();
  await expect(kitchen).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Balcony \(/ }).getByRole('listitem')).toHaveText([
    new RegExp(`^Water · ${outside.name}`),
  ]);

  // Okra wants full sun, and the kitchen gets low light.
  await page.goto(`/plant/${okra.id}`);
  await expect(
    page.getByText('Too dark here for an Okra: it wants full sun, and Kitchen gets low light.', { exact: false }),
  ).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Move it' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/update/${okra.id}$`));
});
