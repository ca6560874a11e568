import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiGet, uploadPhotoAs } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { cameraJpeg, expectLoaded } from './support/images.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

/**
 * Plant photos in the built app against the emulators: Add Plant's and Add Item's uploads, the
 * plant page's gallery, the cover as a thumbnail on the lists, and a photo seen before offline.
 */

/** The sweetalert2 dialog with this title, closed with its button. */
async function closeDialog(page: Page, title: string, button = 'OK') {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

const galleryItems = (page: Page) => page.getByRole('list', { name: 'Photos, newest first' }).getByRole('listitem');

test('Add Plant uploads a shrunk photo with a progress bar; the gallery shows it, All Plants its thumbnail; the owner adds one, makes it the cover and deletes the other', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await createTestUser('Photo Gardener');
  const name = uniquePlantName('Photo Fern');
  // Keeps what the page hands XMLHttpRequest.send, to read the bytes that left the browser.
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    const sentPhotos: Blob[] = [];
    (window as unknown as { sentPhotos: Blob[] }).sentPhotos = sentPhotos;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof Blob) sentPhotos.push(body);
      return send.call(this, body);
    };
  });
  await signIn(page, user);
  await page.goto('/addPlants');
  await expect(page.getByRole('radio', { name: 'Upload a photo' })).toBeChecked();
  await page.getByLabel('Plant Name').fill(name);
  await page.getByLabel('Category').selectOption('fern');
  await page.getByLabel('Care Level').selectOption('easy');
  await page.getByLabel('Watering Frequency').fill('Every 7 days');
  await page.getByLabel('Health Status').fill('Healthy');
  await page.getByLabel('Last Watered Date').fill('2026-03-04');
  await page.getByLabel('Next Watering Date').fill('2026-03-11');
  await page.getByLabel('Description').fill('Photographed sideways, as a phone stores it.');
  // 12 megapixels, stored sideways with EXIF orientation 6 (a phone held upright).
  const original = await cameraJpeg(4000, 3000, { orientation: 6 });
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'fern.jpg', mimeType: 'image/jpeg', buffer: original });
  await expect(page.getByText('Selected photo: fern.jpg')).toBeVisible();

  // The upload is held until its bar has been seen: on this machine it would take milliseconds.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: { plantId: string; type: string | null }[] = [];
  await page.route(/\/mango\/[^/]+\/photos(\?|$)/, async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.fallback();
    sent.push({
      plantId: new URL(request.url()).pathname.split('/')[2]!,
      type: await request.headerValue('content-type'),
    });
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add Plant' }).click();
  // The plant is created first: on a busy machine the emulated function can take a while.
  await expect(page.getByRole('progressbar', { name: /^Uploading photo\.\.\. \d+\s?%$/ })).toBeVisible({
    timeout: 30_000,
  });
  release();
  await closeDialog(page, 'Success!');
  await page.unroute(/\/mango\/[^/]+\/photos(\?|$)/);

  // Shrunk in the browser: upright (EXIF applied), at most 1600 px, JPEG. The bytes are read from
  // the page (a Blob body's bytes are not in the intercepted request).
  expect(sent).toHaveLength(1);
  const { plantId, type } = sent[0]!;
  const body = Buffer.from(
    await page.evaluate(async () => {
      const blob = (window as unknown as { sentPhotos: Blob[] }).sentPhotos[0]!;
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }),
  );
  const shrunk = await sharp(body).metadata();
  expect({
    type,
    format: shrunk.format,
    width: shrunk.width,
    height: shrunk.height,
    orientation: shrunk.orientation,
  }).toEqual({
    type: 'image/jpeg',
    format: 'jpeg',
    width: 1200,
    height: 1600,
    orientation: undefined,
  });
  console.log(`photo upload: ${original.length} bytes chosen (4000 x 3000), ${body.length} bytes sent (1200 x 1600)`);

  // All Plants, first (Chromium takes a larger srcset candidate it already holds): the card shows
  // the cover's thumbnail.
  await page.goto(`/allPlants?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('list', { name: 'Plants' }).getByRole('listitem').filter({ hasText: name });
  const thumbnail = card.getByRole('img', { name, exact: true });
  await expect(thumbnail).toHaveAttribute('srcset', /thumb\.webp 400w, .*card\.webp 800w, .*full\.webp 1600w/);
  await expectLoaded(thumbnail);
  // A quarter of a 1280 px window: the 400 px thumbnail is the one the browser took.
  expect(await thumbnail.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/thumb\.webp$/);
  // A phone (412 px at 1.75 device pixels per px, Lighthouse's): one column, about 720 pixels wide,
  // so the 800 px card size, not the 1600 px photo.
  const phone = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(`/allPlants?q=${encodeURIComponent(name)}`);
  const phoneThumbnail = phonePage.getByRole('list', { name: 'Plants' }).getByRole('img', { name, exact: true });
  await expectLoaded(phoneThumbnail);
  expect(await phoneThumbnail.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/card\.webp$/);
  // Its page, whose photo index.html asks for before the app runs: that early request takes the
  // same size as the page's <img>, so the 1600 px photo is never downloaded on the phone.
  await signIn(phonePage, user);
  const phoneFiles: string[] = [];
  phonePage.on('request', (request) => {
    if (request.url().includes('/photos/')) phoneFiles.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  await phonePage.goto(`/plant/${plantId}`);
  const phoneCover = phonePage.getByRole('img', { name, exact: true });
  await expectLoaded(phoneCover);
  expect(await phoneCover.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/card\.webp$/);
  expect(phoneFiles).not.toContain('full.webp');
  await phone.close();

  // The plant page: the photo is the cover and the gallery's one photo.
  await page.goto(`/plant/${plantId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const cover = page.getByRole('img', { name, exact: true });
  await expect(cover).toHaveAttribute('src', /\/mango\/[^/]+\/photos\/[^/]+\/full\.webp$/);
  await expectLoaded(cover);
  await expect(galleryItems(page)).toHaveCount(1);
  await expect(galleryItems(page).first()).toContainText('Cover');
  await expectLoaded(galleryItems(page).first().getByRole('img'));

  // The owner adds a second photo with a caption; the first stays the cover until another is picked.
  const form = page.getByRole('form', { name: 'Add a photo' });
  await form
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'leaf.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(800, 600) });
  await form.getByLabel('Caption (optional)').fill('A new leaf');
  await form.getByRole('button', { name: 'Upload photo' }).click();
  await expect(form.getByRole('status')).toHaveText('Photo added.');
  await expect(galleryItems(page)).toHaveCount(2);
  const newLeaf = galleryItems(page).filter({ hasText: 'A new leaf' });
  const first = galleryItems(page).filter({ hasNotText: 'A new leaf' });
  await expect(first).toContainText('Cover');

  await newLeaf.getByRole('button', { name: /^Make cover: photo taken .*, “A new leaf”$/ }).press('Enter');
  await expect(newLeaf).toContainText('Cover');
  await expect(first).not.toContainText('Cover');
  const newLeafPhoto = await newLeaf.getByRole('img').getAttribute('src');
  await expect(cover).toHaveAttribute('src', newLeafPhoto!);

  await first.getByRole('button', { name: /^Delete photo taken / }).click();
  await closeDialog(page, 'Are you sure?', 'Yes, delete it!');
  await closeDialog(page, 'Deleted!');
  await expect(galleryItems(page)).toHaveCount(1);
  await expect(galleryItems(page).first()).toContainText('A new leaf');
  const { body: left } = await apiGet<{ photos: { url: string }[] }>(`/mango/${plantId}/photos`, user);
  expect(left.photos.map((photo) => photo.url)).toEqual([newLeafPhoto]);
});

test("Add Item's picker stores the chosen photo as the item's picture", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser('Item Gardener');
  const name = uniquePlantName('Photo Basil');
  await signIn(page, user);
  await page.goto('/dashboard/add-item');
  await page.getByRole('textbox', { name: 'Plant Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Herbs');
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'basil.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(3000, 2000) });
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-items$/);

  const { body } = await apiGet<{ plants: { plantName: string; image?: string; thumbUrl?: string }[] }>(
    `/mango?email=${encodeURIComponent(user.email)}&sort=plantName&dir=asc&limit=10`,
    user,
  );
  expect(body.plants).toHaveLength(1);
  expect(body.plants[0]!.image).toMatch(/^\/mango\/[^/]+\/photos\/[^/]+\/full\.webp$/);
  expect(body.plants[0]!.thumbUrl).toMatch(/\/thumb\.webp$/);

  const picture = page.getByRole('img', { name, exact: true });
  await expect(picture).toHaveAttribute(
    'srcset',
    new RegExp(`${body.plants[0]!.thumbUrl!.replace(/[.]/g, '\\.')} 400w`),
  );
  await expectLoaded(picture);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a photo seen before shows offline; an upload started offline waits, saying so, and goes when the network is back', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const user = await createTestUser('Offline Photographer');
    const name = uniquePlantName('Offline Orchid');
    const plantId = await createPlantAs(user, { plantName: name, category: 'flowering' });
    await uploadPhotoAs(user, plantId, await cameraJpeg(1600, 1200));
    await signIn(page, user);
    await page.goto(`/plant/${plantId}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // The owner's view (a visitor's comes first, while the sign-in is read) is the one kept for offline.
    const form = page.getByRole('form', { name: 'Add a photo' });
    await expect(form).toBeVisible();
    await expectLoaded(page.getByRole('img', { name, exact: true }));
    await expectLoaded(galleryItems(page).first().getByRole('img'));

    // Offline, an upload waits for the network, saying so, and goes when it is back.
    await context.setOffline(true);
    await expect(page.getByText('You are offline. You can open the plants')).toBeVisible();
    await form
      .getByLabel('Add a photo')
      .setInputFiles({ name: 'bud.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(800, 600) });
    await form.getByRole('button', { name: 'Upload photo' }).click();
    await expect(
      form.getByText('You are offline: the photo will be sent as soon as you are back online.'),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(form.getByRole('status')).toHaveText('Photo added.');
    await expect(galleryItems(page)).toHaveCount(2);
    const { body } = await apiGet<{ photos: unknown[] }>(`/mango/${plantId}/photos`, user);
    expect(body.photos).toHaveLength(2);
    for (const item of await galleryItems(page).all()) await expectLoaded(item.getByRole('img'));

    // Reloaded offline, the page opens with the photos seen before.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectLoaded(page.getByRole('img', { name, exact: true }));
    await expect(galleryItems(page)).toHaveCount(2);
    for (const item of await galleryItems(page).all()) await expectLoaded(item.getByRole('img'));
    await context.setOffline(false);
  });
});
