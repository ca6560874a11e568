import { expect, test } from '@playwright/test';
import { reactHasPage } from './support/hydration.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

// The reader's language: Hosting's i18n rewrites answer a public page in it (firebase.json `i18n`,
// the pages the build writes under localized/), and the app keeps the one chosen.

test.describe('a visitor whose browser prefers German', () => {
  test.use({ locale: 'de-DE' });

  test('gets German HTML at / and /allPlants before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE', javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Mango Grove Tracker | Startseite');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Mango Grove Tracker: Pflanzenpflege leicht gemacht',
    );
    await expect(page.getByRole('heading', { name: 'Neue Pflanzen' })).toBeVisible();

    await page.goto('/allPlants');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Mango Grove Tracker | Alle Pflanzen');
    await context.close();
  });

  test('the German page hydrates as it is: same heading, no English between', async ({ page }) => {
    const seen: string[] = [];
    await page.exposeFunction('noteHeading', (text: string) => seen.push(text));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const heading = document.querySelector('h1')?.textContent;
        if (heading) (window as unknown as { noteHeading: (text: string) => void }).noteHeading(heading);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/');
    await reactHasPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Mango Grove Tracker: Pflanzenpflege leicht gemacht',
    );
    expect(seen.filter((text) => /plant care made simple/.test(text))).toEqual([]);
  });
});

test('Español chosen on Login stays after signing in and on reload', async ({ page }) => {
  const user = await createTestUser('Lectora Española');
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  await page.getByRole('main').getByLabel('Language').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');

  const form = page.getByRole('main');
  await form.getByLabel('Correo electrónico', { exact: true }).fill(user.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Registrarse', exact: true })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Mis plantas' }),
  ).toBeVisible();

  await page.goto('/myPlants');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page).toHaveTitle('Mango Grove Tracker | Mis plantas');
  // Hosting answers the public pages in it too: the switcher told it in its cookie.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Mango Grove Tracker: el cuidado de tus plantas, más fácil',
  );
});
