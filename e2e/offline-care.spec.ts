import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiSend } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { browserDays } from './support/dates.js';
import { controlledBy } from './support/service-worker.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

// Care on Today offline, with the service worker allowed as in pwa.spec.ts: "Do all due" goes
// through the one offline queue (web/src/lib/offline-queue.ts), each job with an id of its own, and
// reaches the server exactly once when the network is back. Snooze is not queued (the server has no
// id by which to refuse its replay) and says that nothing was changed.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_BANNER = 'You are offline.';
const toastSaying = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const group = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name} \\(`) });
const rowOf = (page: Page, groupName: string, text: string) =>
  group(page, groupName).getByRole('listitem').filter({ hasText: text });

/** How many care jobs the offline queue holds (IndexedDB `mango-offline`, store `waterings`). */
const queuedJobs = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mango-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('waterings')) return resolve(0);
          const count = open.result.transaction('waterings').objectStore('waterings').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

test('offline on Today: Do all due is queued and each job reaches the server exactly once; Snooze says nothing was changed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const user = await createTestUser('Unplugged Gardener');
  await signIn(page, user);
  const days = await browserDays(page, {
    lastWatered: -4,
    yesterday: -1,
    lastFed: -31,
    today: 0,
    wateredLately: -2,
    inFiveDays: 5,
  });
  const overdue = { lastWateredDate: days.lastWatered, nextWateringDate: days.yesterday };
  const thirsty = uniquePlantName('Unplugged Fern');
  const thirstyId = await createPlantAs(user, {
    plantName: thirsty,
    category: 'fern',
    wateringFrequency: 'Every 3 days',
    ...overdue,
  });
  const hungry = uniquePlantName('Unplugged Monstera');
  const hungryId = await createPlantAs(user, {
    plantName: hungry,
    category: 'flowering',
    // Its watering is not due this week: only its fertilizing is part of Do all due.
    wateringFrequency: 'Every 7 days',
    lastWateredDate: days.wateredLately,
    nextWateringDate: days.inFiveDays,
    care: { fertilize: { frequency: 'Monthly', lastDate: days.lastFed, nextDate: days.today } },
  });
  const sleepy = uniquePlantName('Unplugged Ivy');
  const sleepyId = await createPlantAs(user, {
    plantName: sleepy,
    category: 'succulent',
    wateringFrequency: 'Every 3 days',
    ...overdue,
  });
  /** Each plant's events of these types, as the server has them: [thirsty watered, hungry fertilized, sleepy watered, sleepy snoozed]. */
  const recorded = async () => {
    const count = async (id: string, type: string) =>
      (await apiGet<{ type: string }[]>(`/mango/${id}/events`, user)).body.filter((event) => event.type === type)
        .length;
    return Promise.all([
      count(thirstyId, 'watered'),
      count(hungryId, 'fertilized'),
      count(sleepyId, 'watered'),
      count(sleepyId, 'snoozed'),
    ]);
  };

  await page.goto('/dashboard/today');
  await controlledBy(page);
  await expect(rowOf(page, 'Overdue', `Water · ${sleepy}`)).toBeVisible();
  await expect(rowOf(page, 'Today', `Fertilize · ${hungry}`)).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();

  // Snooze offline waits in the queue too, with its own id, and says so.
  await page.getByRole('button', { name: `Snooze watering of ${sleepy}`, exact: true }).click();
  await page
    .getByRole('group', { name: `Snooze watering of ${sleepy} for` })
    .getByRole('button', { name: '1 day', exact: true })
    .click();
  await expect(
    toastSaying(page, `You are offline: the watering of ${sleepy} will be snoozed for 1 day when you are back online.`),
  ).toBeVisible();
  expect(await queuedJobs(page)).toBe(1);

  // Do all due: every overdue and today job queued, each as its row's Done would be, in one sentence.
  await page.getByRole('button', { name: /^Do all due/ }).click();
  await expect(
    toastSaying(page, 'You are offline: 3 jobs will be marked as done when you are back online.'),
  ).toBeVisible();
  expect(await queuedJobs(page)).toBe(4);
  expect(await recorded()).toEqual([0, 0, 0, 0]);

  // Back online: sent in the order tapped, the snooze first.
  await context.setOffline(false);
  await expect(toastSaying(page, `Watering of ${sleepy} snoozed now that you are back online`)).toBeVisible();
  await expect(toastSaying(page, `Watered ${thirsty}: recorded now that you are back online`)).toBeVisible();
  await expect(toastSaying(page, `Fertilized ${hungry}: recorded now that you are back online`)).toBeVisible();
  await expect(toastSaying(page, `Watered ${sleepy}: recorded now that you are back online`)).toBeVisible();
  await expect.poll(() => recorded()).toEqual([1, 1, 1, 1]);
  await expect.poll(() => queuedJobs(page)).toBe(0);

  // Once: the online event and Background Sync both ask, and a reload sends nothing more.
  await page.reload();
  await expect(page.getByText('Everything is done: nothing is overdue or due today.')).toBeVisible();
  await page.waitForTimeout(2000);
  expect(await recorded()).toEqual([1, 1, 1, 1]);
});

test("offline, Today's walk by place holds from the worker's cache, and Do all in a place is queued", async ({
  page,
  context,
}) => {
  const user = await createTestUser('Unplugged Walker');
  await signIn(page, user);
  const days = await browserDays(page, { lastWatered: -3, today: 0 });
  const place = async (name: string) =>
    (await apiSend<{ id: string }>(user, 'POST', '/mango/places', { name, light: 'medium' }, 201)).id;
  const [hall, study] = [await place('Hall'), await place('Study')];
  await apiSend(user, 'PUT', '/mango/places/order', { ids: [study, hall] });
  const plantIn = async (label: string, placeId: string | null) => {
    const plantName = uniquePlantName(label);
    await createPlantAs(user, {
      plantName,
      category: 'fern',
      wateringFrequency: 'Every 3 days',
      lastWateredDate: days.lastWatered,
      nextWateringDate: days.today,
      ...(placeId ? { placeId } : {}),
    });
    return plantName;
  };
  const inHall = await plantIn('Hall Fern', hall);
  const inStudy = await plantIn('Study Palm', study);
  const nowhere = await plantIn('Wandering Ivy', null);
  const walk = () => page.getByRole('region', { name: / \(\d+ jobs?\)$/ }).getByRole('heading', { level: 2 });
  /** Today's reads of the places: the walk alone, which costs the server no count() per place. */
  const placesAsked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/mango/places') placesAsked.push(url.search);
  });

  await page.goto('/dashboard/today');
  await controlledBy(page);
  await expect(walk()).toHaveText([/^Study 1/, /^Hall 1/, /^Unplaced 1/, /^Next 7 days/]);
  expect(placesAsked.length).toBeGreaterThan(0);
  expect(new Set(placesAsked)).toEqual(new Set(['?plantCount=false']));

  // Loaded again with no network: the page, its jobs and the places all come from the worker.
  await context.setOffline(true);
  await page.reload();
  await expect(walk()).toHaveText([/^Study 1/, /^Hall 1/, /^Unplaced 1/, /^Next 7 days/]);
  // Playwright's offline emulation does not reach `navigator.onLine` of a document loaded while
  // it is on (it says true): set again, the page hears it as a browser that went offline.
  await context.setOffline(false);
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(rowOf(page, 'Hall', `Water · ${inHall}`)).toBeVisible();
  await expect(rowOf(page, 'Unplaced', `Water · ${nowhere}`)).toBeVisible();

  // One job, said as its row's Done would say it.
  await page.getByRole('button', { name: 'Do all in Study', exact: true }).click();
  await expect(
    toastSaying(page, `You are offline: ${inStudy} will be marked as watered when you are back online.`),
  ).toBeVisible();
  expect(await queuedJobs(page)).toBe(1);

  await context.setOffline(false);
  await expect(toastSaying(page, `Watered ${inStudy}: recorded now that you are back online`)).toBeVisible();
  await expect.poll(() => queuedJobs(page)).toBe(0);
  await page.reload();
  await expect(walk()).toHaveText([/^Hall 1/, /^Unplaced 1/, /^Next 7 days/]);
});
