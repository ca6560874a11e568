import { expect, test } from '@playwright/test';

interface PlantCard {
  _id: string;
  plantName: string;
  category: string;
  careLevel: string;
  createdAt: string;
}

test('the home page lists the newest plants from the server', async ({ page }) => {
  // Other suites add plants to the same stack, so the cards are checked against the answer the
  // page itself received, not against a fixed seed.
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/mango' && response.request().method() === 'GET',
  );
  await page.goto('/');
  await expect(page).toHaveTitle('Mango Grove Tracker | Home');
  const plants = (await (await answer).json()) as PlantCard[];
  expect(plants).toHaveLength(8);
  const times = plants.map((plant) => Date.parse(plant.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  const newPlants = page.getByRole('region', { name: 'New Plants' });
  const cards = newPlants.getByRole('listitem');
  await expect(cards).toHaveCount(8);
  await expect(cards.getByRole('heading')).toHaveText(plants.map((plant) => plant.plantName));
  for (const [i, plant] of plants.entries()) {
    await expect(cards.nth(i)).toContainText(`${plant.category} | Care: ${plant.careLevel}`);
    await expect(cards.nth(i).getByRole('link', { name: 'See More' })).toHaveAttribute('href', `/plant/${plant._id}`);
  }
});

test('the home page has the three static sections after New Plants', async ({ page }) => {
  await page.goto('/');
  const sections = page.getByRole('main').getByRole('region');
  await expect(sections.getByRole('heading', { level: 2 })).toHaveText([
    'New Plants',
    'Top Plant Care Mistakes',
    'Beginner-Friendly Plants',
    'Your Personal Plant Care Assistant',
  ]);
  await expect(
    page.getByRole('region', { name: 'Top Plant Care Mistakes' }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Overwatering', 'Wrong Lighting', 'Neglecting Pruning', 'Ignoring Pests']);
  const beginners = page.getByRole('region', { name: 'Beginner-Friendly Plants' });
  await expect(beginners.getByRole('heading', { level: 3 })).toHaveText([
    'Snake Plant',
    'Pothos',
    'ZZ Plant',
    'Spider Plant',
  ]);
  for (const name of ['Snake Plant', 'Pothos', 'ZZ Plant', 'Spider Plant']) {
    const image = beginners.getByRole('img', { name });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  const promo = page.getByRole('region', { name: 'Your Personal Plant Care Assistant' });
  await expect(promo).toContainText('AI Powered');
  await expect(promo.getByRole('heading', { level: 3 })).toHaveText([
    'Smart Diagnosis',
    'Custom Schedules',
    'Instant Answers',
  ]);
  await expect(promo.getByRole('button')).toHaveCount(0);
});
