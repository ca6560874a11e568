import { expect, test } from '@playwright/test';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { createTestUser } from '../scripts/lib/test-users.mjs';

// A browser set to German: the app speaks German (docs/languages.md), and its dates follow the reader's locale.
test.use({ locale: 'de-DE' });

test("a German reader sees a plant's dates in German formats", async ({ page }) => {
  const user = await createTestUser('Leserin');
  const plantName = uniquePlantName('Farn');
  const id = await createPlantAs(user, {
    plantName,
    category: 'fern',
    careLevel: 'easy',
    healthStatus: 'Healthy',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-03-04',
    nextWateringDate: '2026-03-07',
    image: '/images/plants/boston-fern.webp',
  });

  await page.goto(`/plant/${id}`);
  await expect(page).toHaveURL(/\/login$/);
  const form = page.getByRole('main');
  await form.getByLabel('E-Mail', { exact: true }).fill(user.email);
  await form.getByLabel('Passwort', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  const fact = (term: string) => page.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(fact('Zuletzt gegossen')).toHaveText('4. März 2026');
  await expect(fact('Nächstes Gießen')).toHaveText('7. März 2026');
});
