import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { logOut, signIn } from './support/auth.js';
import { builtFile } from './support/built-app.js';
import { reactHasPage } from './support/hydration.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

// The installable, offline app, with its service worker allowed (the other specs block
// it). One at a time: the update test changes the built worker that every page here is served.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const BUILT_WORKER = builtFile('sw.js');
const USER_CACHE = 'mango-user-answers';
const OFFLINE_BANNER = 'You are offline.';

/** Waits until the page's worker is active and controls the page (after a load, as a returning visit). */
async function controlledBy(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const toastSaying = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A new user and a plant of theirs watered every 3 days, last on 1 January 2026 (so overdue), and its waterings as the server has them. */
async function gardenerWithPlant(displayName: string, name: string, category = 'fern') {
  const user = await createTestUser(displayName);
  const plantName = uniquePlantName(name);
  const id = await createPlantAs(user, {
    plantName,
    category,
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-01-01',
    nextWateringDate: '2026-01-04',
  });
  const waterings = async () =>
    (await apiGet<{ type: string }[]>(`/mango/${id}/events`, user)).body.filter((event) => event.type === 'watered')
      .length;
  return { user, plantName, id, waterings };
}

test('installable: the manifest with its icons, linked from the page, and an active service worker', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Mango Grove Tracker',
    short_name: 'Mango Grove',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`).sort()).toEqual([
    '192x192',
    '512x512',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await controlledBy(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  expect(
    await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.state)),
  ).toBe('activated');
});

test('the prerendered public pages open offline as the worker kept them, and React takes them over', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledBy(page);
  await context.setOffline(true);
  for (const [path, heading] of [
    ['/login', 'Login'],
    ['/allPlants', 'All Plants'],
    ['/aboutUs', 'About Us'],
    ['/', 'Mango Grove Tracker: plant care made simple'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading!);
    // The page's own HTML, not the app shell drawn anew, and React has it (its code from the worker too).
    expect(await page.locator('#root').getAttribute('data-prerendered'), path).toBe(path);
    await reactHasPage(page);
    await expect(page.getByRole('button', { name: 'Dark theme' }), path).toBeEnabled();
  }
  // Any other page is the app shell, which draws it.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plant Not Found!');
  await context.setOffline(false);
});

/**
 * An <img> that shows the picture it was given: loaded from that address (not swapped for the
 * placeholder after an error) with a width of its own.
 */
async function expectPictureFrom(image: Locator, url: string) {
  await expect
    .poll(() =>
      image.evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        loaded: img.complete && img.naturalWidth > 0,
      })),
    )
    .toEqual({ src: url, loaded: true });
}

test('a returning user sees photos that live on other sites: the profile photo and a plant image, once the worker controls the page', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // Other https sites, served here by routes: the worker's own requests pass through them too.
  const picture = fs.readFileSync(new URL('../web/public/icons/icon-192.png', import.meta.url));
  const asked: string[] = [];
  await context.route(/^https:\/\/(photos\.example\.net|images\.example\.org)\//, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: picture });
  });
  const photoURL = 'https://photos.example.net/gardeners/rosa.png';
  const image = `https://images.example.org/ferns/${Date.now()}.png`;
  const user = await createTestUser('Rosa Faraway', { photoURL });
  const plantName = uniquePlantName('Faraway Fern');
  const id = await createPlantAs(user, { plantName, category: 'fern', image });

  await signIn(page, user);
  await page.goto('/myPlants');
  await controlledBy(page);
  // A returning visit: every picture is asked for through the worker.
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const accountPhoto = page.getByRole('banner').getByRole('img', { name: 'Rosa Faraway' });
  await expectPictureFrom(accountPhoto, photoURL);
  await expectPictureFrom(page.getByRole('table', { name: 'My plants' }).getByRole('img', { name: plantName }), image);

  await page.goto(`/plant/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  await expectPictureFrom(page.getByRole('main').getByRole('img', { name: plantName }), image);
  await expectPictureFrom(accountPhoto, photoURL);
  expect(asked).toContain(photoURL);
  expect(asked).toContain(image);
});

test('offline: My Plants, Today and a plant page seen before open after a reload, with the banner; a form waits for the network, saying so', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { user, plantName, id } = await gardenerWithPlant('Offline Gardener', 'Offline Fern');
  await signIn(page, user);
  await page.goto('/myPlants');
  await controlledBy(page);
  await expect(
    page.getByRole('table', { name: 'My plants' }).getByRole('link', { name: plantName, exact: true }),
  ).toBeVisible();
  await page.goto('/dashboard/today');
  await expect(page.getByText(plantName, { exact: true }).first()).toBeVisible();
  await page.goto(`/plant/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0);

  // Offline on an open form: the banner, and the form waits for the network, saying so.
  await page.goto('/addPlants');
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Plant' })).toBeDisabled();
  await expect(page.getByText('You are offline: this form can be sent once you are back online.')).toBeVisible();

  // The network is gone for the worker too: an answer it never kept cannot be had.
  expect(
    await page.evaluate(() =>
      fetch(`/mango/never-seen-${Date.now()}`).then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  // Reloaded offline, the pages seen before open with what was last seen.
  await page.goto(`/plant/${id}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  await page.goto('/myPlants');
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'My plants' }).getByRole('link', { name: plantName, exact: true }),
  ).toBeVisible();
  await page.goto('/dashboard/today');
  await expect(page.getByText(plantName, { exact: true }).first()).toBeVisible();

  await context.setOffline(false);
  const mine = await apiGet<{ plants: { plantName: string }[] }>(
    `/mango?email=${encodeURIComponent(user.email)}&sort=plantName&dir=asc&limit=10`,
    user,
  );
  expect(mine.body.plants.map((plant) => plant.plantName)).toEqual([plantName]);
});

test('stale-while-revalidate: a page seen before opens with what was kept while the worker asks the server, and takes in what changed elsewhere; a change made here shows at once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { user, plantName: first, id } = await gardenerWithPlant('Returning Gardener', 'Kept Fern');
  await signIn(page, user);
  await page.goto(`/plant/${id}`);
  await controlledBy(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await page.goto('/myPlants');
  const table = page.getByRole('table', { name: 'My plants' });
  await expect(table.getByRole('link', { name: first, exact: true })).toBeVisible();
  /** The user's list as the worker keeps it. */
  const keptList = () =>
    page.evaluate(async (name) => {
      const cache = await caches.open(name);
      const texts = await Promise.all(
        (await cache.keys())
          .filter((request) => request.url.includes('email='))
          .map(async (request) => (await cache.match(request))!.text()),
      );
      return texts.join('\n');
    }, USER_CACHE);
  await expect.poll(keptList).toContain(first);

  // A plant added from another device: the next view opens at once with what was kept while the
  // worker asks the server; the server's list differs, so the page reads it again by itself.
  const second = uniquePlantName('Kept Ivy');
  await createPlantAs(user, { plantName: second, category: 'fern' });
  expect(await keptList()).not.toContain(second);
  // What the table first showed, noted as it is drawn.
  await page.addInitScript(() => {
    const noted = window as unknown as { firstList?: string };
    new MutationObserver((_, observer) => {
      const rows = document.querySelectorAll('table tbody tr');
      if (!rows.length) return;
      noted.firstList = Array.from(rows, (row) => row.textContent).join('\n');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(table.getByRole('link', { name: second, exact: true })).toBeVisible();
  const firstList = await page.evaluate(() => (window as unknown as { firstList?: string }).firstList);
  expect(firstList).toContain(first);
  expect(firstList).not.toContain(second);
  expect(await keptList()).toContain(second);

  // A change made in this browser: the pages kept before it go to the server first, so the plant
  // page and My Plants show it at once.
  const renamed = `${first} Renamed`;
  await page.goto(`/update/${id}`);
  await expect(page.getByLabel('Plant Name')).toHaveValue(first);
  await page.getByLabel('Plant Name').fill(renamed);
  await page.getByRole('button', { name: 'Update Plant' }).click();
  const updated = page.getByRole('dialog', { name: 'Updated!' });
  await updated.getByRole('button', { name: 'OK' }).click();
  // Back on My Plants, where the edit began.
  await expect(page).toHaveURL(/\/myPlants$/);
  await expect(table.getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: first, exact: true })).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await page.goto(`/plant/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
});

test('a Watered tap offline is queued and reaches the server exactly once when the network is back', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { user, plantName, id, waterings } = await gardenerWithPlant('Queued Gardener', 'Queued Basil', 'Herbs');
  await signIn(page, user);
  await page.goto(`/plant/${id}`);
  await controlledBy(page);
  const watered = page.getByRole('button', { name: `Watered ${plantName}`, exact: true });
  await expect(watered).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await watered.click();
  await expect(
    toastSaying(page, `You are offline: ${plantName} will be marked as watered when you are back online.`),
  ).toBeVisible();
  expect(
    await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('mango-offline');
          open.onsuccess = () => {
            const count = open.result.transaction('waterings').objectStore('waterings').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    ),
  ).toBe(1);
  expect(await waterings()).toBe(0);

  await context.setOffline(false);
  await expect(toastSaying(page, `Watered ${plantName}: recorded now that you are back online`)).toBeVisible();
  await expect.poll(waterings).toBe(1);
  // Once: the online event and Background Sync both ask, a reload sends nothing more.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  await page.waitForTimeout(2000);
  expect(await waterings()).toBe(1);
});

test('logout deletes the answers kept for the user', async ({ page }) => {
  const user = await createTestUser('Leaving Gardener');
  await createPlantAs(user, { plantName: uniquePlantName('Private Fern'), category: 'fern' });
  await signIn(page, user);
  await page.goto('/myPlants');
  await controlledBy(page);
  await expect(page.getByRole('table', { name: 'My plants' })).toBeVisible();
  const kept = () =>
    page.evaluate(
      async (name) =>
        (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((request) => request.url) : [],
      USER_CACHE,
    );
  await expect
    .poll(async () => (await kept()).some((url) => url.includes(`email=${encodeURIComponent(user.email)}`)))
    .toBe(true);
  const before = await kept();
  await logOut(page);
  // What the user was given is gone; the home page, drawn for a visitor after logout, may keep its
  // own public answers again.
  const after = await kept();
  expect(after.filter((url) => url.includes(encodeURIComponent(user.email)))).toEqual([]);
  expect(after.filter((url) => before.includes(url) && !new URL(url).search.startsWith('?limit='))).toEqual([]);
});

test('a new build deployed while the app is open: "A new version is available" with Reload', async ({ page }) => {
  await page.goto('/');
  await controlledBy(page);
  await expect(page.getByText('A new version is available.')).toHaveCount(0);
  const original = fs.readFileSync(BUILT_WORKER, 'utf8');
  try {
    fs.writeFileSync(BUILT_WORKER, `${original}\n// a new build, ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    await expect(page.getByText('A new version is available.')).toBeVisible();
    // Reload: the new worker takes over and the page reloads into it.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByText('A new version is available.')).toHaveCount(0);
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null),
      ),
    ).toBeNull();
  } finally {
    fs.writeFileSync(BUILT_WORKER, original);
  }
});

/** Waits until the page's worker is installed and `activated` (not for it to control the page). */
async function workerActivated(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.state ?? null),
        ),
      { timeout: 30_000 },
    )
    .toBe('activated');
}

test('offline from the first visit: once the worker is activated, My Plants, the plant opened and its Watered work offline, by the nav and by a full load', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const { user, plantName, id, waterings } = await gardenerWithPlant('First Visit Gardener', 'First Visit Fern');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const myPlants = page.getByRole('table', { name: 'My plants' }).getByRole('link', { name: plantName, exact: true });
  const heading = page.getByRole('heading', { level: 1, name: plantName });
  const unreachable = page.getByText('Could not reach the server');

  // A first visit: signed in on the Login page, then My Plants and the plant, all in one page load,
  // every answer read before any worker controlled the page.
  await signIn(page, user);
  await nav.getByRole('link', { name: 'My Plants' }).click();
  await expect(myPlants).toBeVisible();
  await myPlants.click();
  await expect(heading).toBeVisible();
  // The whole page as read online, its care history too (read once the page is drawn).
  const history = page.getByRole('region', { name: 'Care History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Added' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // From here the API cannot be reached (a poor signal), while the worker installs with the app's
  // files; then offline as soon as it is activated. Nothing the page read may wait for the network
  // once it has been shown: asked again when the worker took over, it was lost here.
  await context.route('**/mango/**', (route) => route.abort('internetdisconnected'));
  await workerActivated(page);
  await context.setOffline(true);
  await context.unrouteAll();
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

  await nav.getByRole('link', { name: 'My Plants' }).click();
  await expect(myPlants).toBeVisible();
  await expect(unreachable).toHaveCount(0);
  await myPlants.click();
  await expect(heading).toBeVisible();
  await page.getByRole('button', { name: `Watered ${plantName}`, exact: true }).click();
  await expect(
    toastSaying(page, `You are offline: ${plantName} will be marked as watered when you are back online.`),
  ).toBeVisible();

  // A full load of each, and a reload, still offline: the worker answers the app and its data.
  await page.goto('/myPlants');
  await expect(myPlants).toBeVisible();
  await page.reload();
  await expect(myPlants).toBeVisible();
  await page.goto(`/plant/${id}`);
  await expect(heading).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: 'Added' })).toBeVisible();
  await expect(unreachable).toHaveCount(0);

  await context.setOffline(false);
  await expect.poll(waterings, { timeout: 30_000 }).toBe(1);
});

test('a network that lies (online, no answer): Watered and a Done are queued, saying so, and reach the server exactly once, also the one whose answer was lost', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const user = await createTestUser('Captive Gardener');
  const plantName = uniquePlantName('Captive Basil');
  const id = await createPlantAs(user, {
    plantName,
    category: 'Herbs',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-01-01',
    nextWateringDate: '2026-01-04',
    care: { fertilize: { frequency: 'Every 4 weeks', lastDate: '2026-01-01', nextDate: '2026-01-29' } },
  });
  const recorded = async () => {
    const events = (await apiGet<{ type: string }[]>(`/mango/${id}/events`, user)).body;
    return ['watered', 'fertilized'].map((type) => events.filter((event) => event.type === type).length);
  };
  await signIn(page, user);
  await page.goto(`/plant/${id}`);
  await controlledBy(page);
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  const watered = page.getByRole('button', { name: `Watered ${plantName}`, exact: true });
  const fertilized = page.getByRole('button', { name: `Done fertilizing ${plantName}`, exact: true });
  await expect(watered).toBeEnabled();
  await expect(fertilized).toBeEnabled();

  // Wi-Fi without internet: the browser still says online, and no request gets an answer. The
  // watering's request reaches the server and only its answer is lost; the fertilizing's is lost
  // on the way. (The worker sends the page's requests: the context's routes see them.)
  let lying = true;
  await context.route('**/mango/**', async (route) => {
    if (!lying) return route.fallback();
    if (route.request().method() === 'POST' && route.request().url().endsWith('/care/water')) await route.fetch();
    return route.abort('internetdisconnected');
  });
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await watered.click();
  await expect(
    toastSaying(page, `You are offline: ${plantName} will be marked as watered when you are back online.`),
  ).toBeVisible();
  await expect.poll(recorded).toEqual([1, 0]);
  await fertilized.click();
  await expect(
    toastSaying(page, `You are offline: ${plantName} will be marked as fertilized when you are back online.`),
  ).toBeVisible();
  await expect(page.getByText('Could not reach the server')).toHaveCount(0);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  expect(await recorded()).toEqual([1, 0]);

  // Requests get through again, with no `online` event: the queue's own retry sends both, in order,
  // and the watering that reached the server before is not recorded a second time.
  lying = false;
  await expect(toastSaying(page, `Watered ${plantName}: recorded now that you are back online`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(toastSaying(page, `Fertilized ${plantName}: recorded now that you are back online`)).toBeVisible({
    timeout: 30_000,
  });
  expect(await recorded()).toEqual([1, 1]);
  await context.unrouteAll();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: plantName })).toBeVisible();
  await page.waitForTimeout(2000);
  expect(await recorded()).toEqual([1, 1]);
});
