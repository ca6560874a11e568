import { expect, test } from '@playwright/test';

interface Plant {
  _id: string;
  plantName: string;
  category: string;
  careLevel: string;
}

test('the home page lists the newest plants from the server', async ({ page, request }) => {
  const newPlants = page.getByRole('region', { name: 'New Plants' });
  const cards = newPlants.getByRole('listitem');
  // Other tests add plants concurrently: compare with what the API says at the same moment.
  await expect(async () => {
    const response = await request.get('/mango?limit=8');
    expect(response.ok()).toBe(true);
    const newest = (await response.json()) as Plant[];
    await page.goto('/');
    await expect(cards).toHaveCount(8, { timeout: 5000 });
    await expect(cards.getByRole('heading')).toHaveText(
      newest.map((plant) => plant.plantName),
      { timeout: 1000 },
    );
    for (const [i, plant] of newest.entries()) {
      await expect(cards.nth(i)).toContainText(`${plant.category} | Care: ${plant.careLevel}`, { timeout: 1000 });
      await expect(cards.nth(i).getByRole('link', { name: 'See More' })).toHaveAttribute('href', `/plant/${plant._id}`, { timeout: 1000 });
    }
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveTitle('Mango Grove Tracker | Home');
});

test('the home page has the three static sections after New Plants', async ({ page }) => {
  await page.goto('/');
  const sections = page.getByRole('main').getByRole('region');
  await expect(sections.getByRole('heading', { level: 2 })).toHaveText(['New Plants', 'Top Plant Care Mistakes', 'Beginner-Friendly Plants', 'Your Personal Plant Care Assistant']);
  await expect(page.getByRole('region', { name: 'Top Plant Care Mistakes' }).getByRole('heading', { level: 3 })).toHaveText([
    'Overwatering',
    'Wrong Lighting',
    'Neglecting Pruning',
    'Ignoring Pests',
  ]);
  const beginners = page.getByRole('region', { name: 'Beginner-Friendly Plants' });
  await expect(beginners.getByRole('heading', { level: 3 })).toHaveText(['Snake Plant', 'Pothos', 'ZZ Plant', 'Spider Plant']);
  for (const name of ['Snake Plant', 'Pothos', 'ZZ Plant', 'Spider Plant']) {
    const image = beginners.getByRole('img', { name });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  const promo = page.getByRole('region', { name: 'Your Personal Plant Care Assistant' });
  await expect(promo).toContainText('AI Powered');
  await expect(promo.getByRole('heading', { level: 3 })).toHaveText(['Smart Diagnosis', 'Custom Schedules', 'Instant Answers']);
  await expect(promo.getByRole('button')).toHaveCount(0);
});
