import { expect, test, type Page } from '@playwright/test';
import { uploadPhotoAs } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { cameraJpeg, expectLoaded } from './support/images.js';
import { controlledBy, IMAGE_CACHE, keptUrls, USER_CACHE } from './support/service-worker.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

// One browser, two people, with the service worker allowed (the other specs block it): what the
// worker kept for one user is never shown to the next, and a deleted photo is not shown again.
test.use({ serviceWorkers: 'allow' });

/** A new user and a plant of theirs, overdue (watered every 3 days, last on 1 January 2026), so Today lists it. */
async function gardenerWithPlant(label: string) {
  const user = await createTestUser(`${label} Gardener`);
  const plantName = uniquePlantName(`${label} Fern`);
  const id = await createPlantAs(user, {
    plantName,
    category: 'fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: '2026-01-01',
    nextWateringDate: '2026-01-04',
  });
  return { user, plantName, id };
}

/** The worker's kept answers, as paths with their user (`__as`), by uid. */
async function keptFor(page: Page, uid: string): Promise<string[]> {
  return (await keptUrls(page, USER_CACHE))
    .filter((url) => new URL(url).searchParams.get('__as') === uid)
    .map((url) => new URL(url).pathname);
}

test("a user who signs in over another's session, without Logout, never sees the other's plants, online or offline", async ({
  page,
  context,
}) => {
  const [ada, grace] = await Promise.all([gardenerWithPlant('Ada'), gardenerWithPlant('Grace')]);
  await signIn(page, ada.user);
  await controlledBy(page);
  await page.goto('/dashboard/today');
  await expect(page.getByText(ada.plantName, { exact: true }).first()).toBeVisible();
  await page.goto(`/plant/${ada.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ada.plantName })).toBeVisible();
  // Kept for Ada, under her uid: what is due, her plant's page.
  await expect
    .poll(async () => {
      const kept = await keptFor(page, ada.user.uid);
      return [kept.includes('/mango/due'), kept.includes(`/mango/${ada.id}`)];
    })
    .toEqual([true, true]);

  // From here on, any moment Ada's plant shows on a page is noted with the page (sessionStorage
  // outlives each page load of this tab). The home page is not one of them: it lists everyone's
  // newest plants, public, Ada's too.
  await page.addInitScript((name) => {
    new MutationObserver(() => {
      if (location.pathname !== '/' && document.body?.textContent?.includes(name))
        sessionStorage.setItem('saw', location.pathname);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, ada.plantName);
  const sawAda = () => page.evaluate(() => sessionStorage.getItem('saw'));

  // Grace signs in on the Login page while Ada's session holds: no Logout.
  await signIn(page, grace.user);
  await expect.poll(() => keptFor(page, ada.user.uid)).toEqual([]);

  const myPlants = page.getByRole('table', { name: 'My plants' });
  const views = async () => {
    await page.goto('/dashboard/today');
    await expect(page.getByText(grace.plantName, { exact: true }).first()).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByText('Total Items')).toBeVisible();
    await page.goto('/myPlants');
    await expect(myPlants.getByRole('link', { name: grace.plantName, exact: true })).toBeVisible();
    await page.goto(`/plant/${grace.id}`);
    await expect(page.getByRole('heading', { level: 1, name: grace.plantName })).toBeVisible();
    await expect(page.getByText(ada.plantName)).toHaveCount(0);
  };
  await views();
  // Offline, the same pages open from what the worker kept for Grace.
  await context.setOffline(true);
  await views();
  await context.setOffline(false);

  expect(await sawAda()).toBeNull();
  expect(await keptFor(page, ada.user.uid)).toEqual([]);
  expect(await keptFor(page, grace.user.uid)).toContain('/mango/due');
});

test('a photo deleted in the app is not served afterwards, by the app or its worker', async ({ page }) => {
  const owner = await createTestUser('Pruning Photographer');
  const name = uniquePlantName('Pruned Orchid');
  const plantId = await createPlantAs(owner, { plantName: name, category: 'flowering' });
  const photo = await uploadPhotoAs(owner, plantId, await cameraJpeg(640, 480));
  await signIn(page, owner);
  await controlledBy(page);
  await page.goto(`/plant/${plantId}`);
  const gallery = page.getByRole('list', { name: 'Photos, newest first' }).getByRole('listitem');
  await expectLoaded(gallery.first().getByRole('img'));
  const images = async () => (await keptUrls(page, IMAGE_CACHE)).filter((url) => url.includes(`/photos/${photo._id}/`));
  await expect.poll(async () => (await images()).length).toBeGreaterThan(0);
  const seen = await images();

  await gallery
    .first()
    .getByRole('button', { name: /^Delete photo taken / })
    .click();
  // SweetAlert2 moves focus into the dialog (to Cancel, for a delete) once it is open and listening:
  // a click before then can be lost while the machine is busy (seen once in CI).
  const sure = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(sure.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await sure.getByRole('button', { name: 'Yes, delete it!' }).click();
  await page.getByRole('dialog', { name: 'Deleted!' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('No photos yet.')).toBeVisible();

  expect(await images()).toEqual([]);
  for (const url of new Set([...seen.map((kept) => new URL(kept).pathname), photo.url, photo.thumbUrl])) {
    expect(await page.evaluate((address) => fetch(address).then((response) => response.status), url), url).toBe(404);
  }
});
