import { expect, test } from '@playwright/test';
import { accountArea, expectSignedIn, expectSignedOut, fillRegisterForm, logOut, signIn } from './support/auth.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { builtChunk } from './support/built-app.js';
import { createTestUser, TEST_PHOTO_URL, uniqueEmail } from '../scripts/lib/test-users.mjs';

test('register refuses a weak password, then creates the account and lands on / signed in', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await expect(page).toHaveTitle('Mango Grove Tracker | Register');
  await fillRegisterForm(page, { name: 'Rosa Green', photoURL: TEST_PHOTO_URL, email, password: 'lowercase1' });

  const checklist = page.getByRole('list', { name: 'Password requirements' });
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Contains uppercase letter' })).toContainText(
    '(not met yet)',
  );
  await expect(checklist.getByRole('listitem').filter({ hasText: 'At least 6 characters' })).toContainText('(met)');

  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page.getByText('Password does not meet all requirements')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expectSignedOut(page);

  await page.getByLabel('Password', { exact: true }).fill('Lowercase1');
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Contains uppercase letter' })).toContainText('(met)');
  await page.getByRole('button', { name: 'Register Now' }).click();

  // Same email, no "already in use": the weak attempt created no account.
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Mango Grove Tracker | Home');
  const photo = accountArea(page).getByRole('img', { name: 'Rosa Green' });
  await expect(photo).toBeVisible();
  await photo.hover();
  await expect(accountArea(page).getByText('Rosa Green', { exact: true })).toBeVisible();
  await expect(accountArea(page).getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.reload();
  await expect(accountArea(page).getByRole('img', { name: 'Rosa Green' })).toBeVisible();
});

test('registering an email that is taken says so and keeps the form usable', async ({ page }) => {
  const existing = await createTestUser();
  await page.goto('/register');
  await fillRegisterForm(page, {
    name: 'Copy Cat',
    photoURL: TEST_PHOTO_URL,
    email: existing.email,
    password: 'Garden123',
  });
  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this email address already exists. Log in instead.',
  );
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  await expect(page.getByLabel('Full Name')).toHaveValue('Copy Cat');
});

test('logout signs out and returns to /', async ({ page }) => {
  const user = await createTestUser('Leaving Soon');
  await signIn(page, user);
  await page.goto('/support');
  await logOut(page);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/myPlants');
  await expect(page).toHaveURL(/\/login$/);
});

test('a user without a photo sees only the Logout button', async ({ page }) => {
  const user = await createTestUser('No Photo', { photoURL: null });
  await signIn(page, user);
  const account = accountArea(page);
  await expect(account.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(account.getByRole('img')).toHaveCount(0);
  await expect(account.getByText('No Photo')).toHaveCount(0);

  await account.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);
});

test('login from a protected page goes back there, replacing the login page in history', async ({ page }) => {
  const user = await createTestUser();
  await page.goto('/support');
  await page.goto('/myPlants?view=table');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Mango Grove Tracker | Login');

  await signIn(page, user);
  await expect(page).toHaveURL(/\/myPlants\?view=table$/);
  await expect(page).toHaveTitle('Mango Grove Tracker | My Plants');

  await page.goBack();
  await expect(page).toHaveURL(/\/support$/);
});

test('a wrong password shows a sentence in a banner; Sign In is busy meanwhile and usable after', async ({ page }) => {
  const user = await createTestUser();
  await page.goto('/login');
  // Hold the Auth emulator's answer for a moment, so the busy state can be seen.
  await page.route('**/accounts:signInWithPassword**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('NotThePassword1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();

  await expect(page.getByRole('alert')).toHaveText(/not right/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expectSignedOut(page);

  await page.unrouteAll({ behavior: 'wait' });
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
});

test('login asks for both fields before calling the provider', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Forgot Password sends a reset link for the typed email', async ({ page }) => {
  const user = await createTestUser();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'a link to reset its password is on its way' }),
  ).toBeVisible();
});

test("a returning user's plant page draws while Firebase is still checking the session, asking for the plant once before the app runs", async ({
  page,
}) => {
  const user = await createTestUser('Back Again');
  const plantName = uniquePlantName('Returning');
  const id = await createPlantAs(user, { plantName, category: 'fern', image: '/images/plants/mint.webp' });
  await signIn(page, user);

  // Hold Firebase's session check (accounts:lookup) until the page has been looked at.
  let releaseLookup = () => {};
  const lookupHeld = new Promise<void>((resolve) => (releaseLookup = resolve));
  await page.route('**/accounts:lookup**', async (route) => {
    await lookupHeld;
    await route.continue();
  });
  const plantRequests: { authorized: boolean }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/mango/${id}`)
      plantRequests.push({ authorized: 'authorization' in request.headers() });
  });

  await page.goto(`/plant/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plantName);
  await expectSignedIn(page);
  await expect(page.getByText('Loading, please wait...')).toHaveCount(0);

  // Confirmed: the owner's view arrives and turns on the owner's controls.
  releaseLookup();
  await expect(page.getByRole('button', { name: `Watered ${plantName}`, exact: true })).toBeVisible();
  // One visitor's request from index.html, taken by the app, and one with the owner's token.
  expect(plantRequests).toEqual([{ authorized: false }, { authorized: true }]);
});

test('a remembered user whose session no longer holds is sent to /login from a protected page', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(
        'mango.user',
        JSON.stringify({ uid: 'gone', email: 'gone@example.com', displayName: 'Gone', photoURL: null }),
      );
    }
  });
  await page.goto('/myPlants');
  await expect(page).toHaveURL(/\/login$/);
  await expectSignedOut(page);
  expect(await page.evaluate(() => localStorage.getItem('mango.user'))).toBeNull();
});

test.describe('a visitor opening a link to a sign-in page, on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });

  const pages = [
    { route: '/plant/AbCdEfGhIjKlMnOpQrSt', modules: ['src/app/routes/plant-details.tsx'] },
    { route: '/dashboard', modules: ['src/app/routes/dashboard/layout.tsx', 'src/app/routes/dashboard/overview.tsx'] },
  ];
  for (const { route, modules } of pages) {
    test(`sees Login at ${route} without the page jumping, having downloaded Login's code and not the page's`, async ({
      page,
    }) => {
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      // Every layout shift the page makes from its first paint, as Lighthouse sums them.
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // A phone's slower network, so that the page's steps are drawn one by one as a phone sees them.
      await page.route('**/assets/**', async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await request.continue();
      });
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForTimeout(1000);
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
      expect(
        shifts.reduce((sum, value) => sum + value, 0),
        `layout shifts: ${JSON.stringify(shifts)}`,
      ).toBeLessThanOrEqual(0.02);
      // Login's code was asked for by the page itself, beside the app's; the page's own code and
      // data never were.
      const login = builtChunk('src/app/routes/login.tsx');
      expect(await page.locator(`link[rel="modulepreload"][href="${login}"]`).count()).toBe(1);
      for (const module of modules) expect(asked).not.toContain(builtChunk(module));
      expect(asked.filter((path) => path.startsWith('/mango'))).toEqual([]);
    });
  }
});

test('a visitor who browses never downloads the Firebase SDK; the sign-in pages have it ready', async ({ page }) => {
  const firebase = builtChunk('src/lib/firebase.ts');
  const serviceWorker = builtChunk('src/app/service-worker.ts');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  for (const route of ['/', '/allPlants', '/support']) {
    // The worker's code comes once the browser is idle after the load: what waits for idleness has run.
    const idle = page.waitForRequest((request) => new URL(request.url()).pathname === serviceWorker);
    await page.goto(route);
    await idle;
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeEnabled();
    expect(asked, route).not.toContain(firebase);
  }
  // Login, reached as a visitor reaches it: from the header.
  await accountArea(page).getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => asked.includes(firebase)).toBe(true);
});
