import { expect, test } from '@playwright/test';

test('the home page lists the newest plants from the server', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Mango Grove Tracker | Home');
  const newPlants = page.getByRole('region', { name: 'New Plants' });
  const cards = newPlants.getByRole('listitem');
  await expect(cards).toHaveCount(8);
  // The seed's newest plant comes first.
  await expect(cards.first().getByRole('heading')).toHaveText('Garden Mint');
  await expect(cards.first()).toContainText('Herbs | Care: easy');
  await expect(cards.first().getByRole('link', { name: 'See More' })).toHaveAttribute('href', /^\/plant\/[\w-]+$/);
});
