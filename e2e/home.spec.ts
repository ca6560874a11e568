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
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/mango' && response.request().method() === 'GET');
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
  const newest = plants[0]!;
  await expect(cards.first()).toContainText(`${newest.category} | Care: ${newest.careLevel}`);
  await expect(cards.first().getByRole('link', { name: 'See More' })).toHaveAttribute('href', `/plant/${newest._id}`);
});
