import { expect, test } from '@playwright/test';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { logOut, signIn } from './support/auth.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

const NAV_LABELS = [
  'Home',
  'All Plants',
  'Add Plant',
  'My Plants',
  'Dashboard',
  'Support',
  'AboutUs',
  'Login',
  'Register',
];
/** Signed in, Login and Register have no purpose: they are what a visitor sees; Household is the user's. */
const SIGNED_IN_LABELS = [
  ...['Home', 'All Plants', 'Add Plant', 'My Plants', 'Dashboard', 'Household'],
  ...['Support', 'AboutUs'],
];

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the sticky navigation bar lists the nine links in order', async ({ page }) => {
    await page.goto('/aboutUs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(NAV_LABELS);
    await expect(nav.getByRole('link', { name: 'AboutUs' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    await page.mouse.wheel(0, 2000);
    await expect(page.getByRole('banner')).toBeInViewport();
  });

  test('signed in, the bar leaves out Login and Register until the user logs out', async ({ page }) => {
    await signIn(page, await createTestUser('Nav Gardener'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(SIGNED_IN_LABELS);
    await page.reload();
    await expect(nav.getByRole('link')).toHaveText(SIGNED_IN_LABELS);
    await logOut(page);
    await expect(nav.getByRole('link')).toHaveText(NAV_LABELS);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the menu opens from its button and closes after a link is tapped', async ({ page }) => {
    await page.goto('/support');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await menuButton.tap();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveText(NAV_LABELS);

    await nav.getByRole('link', { name: 'All Plants' }).tap();
    await expect(page).toHaveURL(/\/allPlants$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });

  test('signed in, the phone menu leaves out Login and Register', async ({ page }) => {
    await signIn(page, await createTestUser('Phone Gardener', { photoURL: null }));
    await page.goto('/support');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(SIGNED_IN_LABELS);
  });

  test('Escape closes the menu and returns focus to its button', async ({ page }) => {
    await page.goto('/aboutUs');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
  });

  test('nothing is wider than the screen at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/login', '/register', '/support', '/aboutUs', '/nowhere']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('the dark theme survives a reload and is applied before the app starts', async ({ page }) => {
  await page.goto('/aboutUs');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // With the app's JavaScript held back, only index.html's inline script can have set the class:
  // the saved theme is there before first paint, so there is no white flash.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The page is its prerendered HTML, drawn light as the build drew it: the app never ran, so its
  // controls stay disabled rather than ignore a click.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeDisabled();

  await page.unrouteAll({ behavior: 'wait' });
  await page.reload();
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('an unknown path shows the not-found page with its title and ways out', async ({ page }) => {
  await page.goto('/no/such/plant');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plant Not Found!');
  await expect(page).toHaveTitle('Mango Grove Tracker | Not Found');
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await page.getByRole('main').getByRole('link', { name: 'Get Support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page).toHaveTitle('Mango Grove Tracker | Support');
});

test('every public page has its title and one h1', async ({ page }) => {
  const pages: [string, string][] = [
    ['/', 'Home'],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/support', 'Support'],
    ['/aboutUs', 'About Us'],
  ];
  for (const [path, name] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(`Mango Grove Tracker | ${name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  }
});

test('the hero shows only on the home page, and its buttons lead to All Plants', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Plant care highlights' });
  await expect(hero.getByRole('heading', { name: 'Plant Care Tip 1' })).toBeVisible();
  await hero.getByRole('button', { name: 'Next slide' }).click();
  await expect(hero.getByRole('heading', { name: 'Popular Plant Varieties' })).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Slide 2: Popular Plant Varieties' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await hero.getByRole('link', { name: 'Explore Plants' }).click();
  await expect(page).toHaveURL(/\/allPlants$/);
  await expect(page.getByRole('region', { name: 'Plant care highlights' })).toHaveCount(0);
});

test('the footer: quick links, a subscribe form that keeps the page, social links in new tabs, this year', async ({
  page,
}) => {
  // The footer's code arriving after the page's (a slow network): meanwhile its form, in the
  // prerendered HTML, must not be sent as a plain form.
  await page.route(/\/assets\/footer-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/aboutUs');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link')).toHaveText([
    'Home',
    'Add a Plant',
    'All Plants',
    'My Plants',
  ]);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer).toContainText('Job tracking and plant care in one place');

  const social = footer.getByRole('list', { name: 'Follow us' }).getByRole('link');
  await expect(social).toHaveCount(5);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
  }

  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await expect(footer.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await footer.getByLabel('Email address').fill('reader@example.test');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/aboutUs$/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('My Plants and Today keep what is on screen in place while the plants load', async ({ page }) => {
  const user = await createTestUser();
  await createPlantAs(user, { plantName: uniquePlantName('Steady Fern'), category: 'fern' });
  await createPlantAs(user, { plantName: uniquePlantName('Steady Palm'), category: 'succulent' });
  await signIn(page, user);
  // Layout shifts not caused by input, summed as Lighthouse's CLS counts them (budget 0.02).
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const { path, answer } of [
    { path: '/myPlants', answer: /\/mango\?.*email=/ },
    { path: '/dashboard/today', answer: /\/mango\/due\?/ },
  ]) {
    // The plants' answer held back, so whatever the page draws before it is on screen when it comes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(answer, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await page.waitForTimeout(500);
    release();
    await expect(page.getByRole('button', { name: 'Add to calendar' }), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift), path).toBeLessThanOrEqual(
      0.02,
    );
    await page.unrouteAll({ behavior: 'wait' });
  }
});
