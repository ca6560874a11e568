import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import config from './playwright.config.js';
import { apiGet, apiSend, type ApiPlant } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { browserDay } from './support/dates.js';
import {
  clickNotification,
  noteAddresses,
  noteWorkerRegistration,
  pushDelivery,
  shownTitles,
  workerRegistered,
} from './support/digest-push.js';
import { controlledBy } from './support/service-worker.js';
import { APP_URL, createTestUser } from '../scripts/lib/test-users.mjs';

// A digest notification's Done reaches Today under a nonce only the service worker makes
// (web/src/sw/digest-hand-over.ts). Plant ids are public: a link that names the jobs itself, mailed
// to an owner and opened while signed in, must record nothing, and so must a nonce made up or
// already used. The worker is allowed and the browser is Debian's full Chromium, headless, as in
// reminders.spec.ts (support/digest-push.ts says why).
test.use({
  serviceWorkers: 'allow',
  launchOptions: { ...config.use?.launchOptions, executablePath: process.env.FULL_CHROME_PATH ?? '/usr/bin/chromium' },
});

const EXPIRED = "This reminder's link has expired or was already used, so nothing was recorded.";
const toastSaying = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test("a link naming the jobs, or a made-up or used nonce, records nothing; the notification's Done records them once", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  const user = await createTestUser('Targeted Gardener');
  await signIn(page, user);
  const [yesterday, lastWatered, today, next] = await Promise.all(
    [-1, -4, 0, 3].map((offset) => browserDay(page, offset)),
  );
  const plantName = uniquePlantName('Targeted Fern');
  const id = await createPlantAs(user, {
    plantName,
    category: 'fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: lastWatered,
    nextWateringDate: yesterday,
  });
  const watered = page.getByRole('button', { name: `Watered ${plantName}`, exact: true });

  // What the server says, read with the API: whether the watering is due, and how often it was recorded.
  const dueIds = async () =>
    (await apiGet<{ plants: ApiPlant[] }>(`/mango/due?until=${today}`, user)).body.plants.map((plant) => plant._id);
  const waterings = async () =>
    (await apiGet<{ type: string }[]>(`/mango/${id}/events`, user)).body.filter((event) => event.type === 'watered')
      .length;
  // Every change the page or its worker sends.
  const changes: string[] = [];
  context.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/mango'))
      changes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });

  await test.step('a forged link, in the form the notification once used, with a fresh `at`', async () => {
    await page.goto(`/dashboard/today#digest=done&jobs=${id}.water,${id}.fertilize&at=${Date.now()}`);
    await expect(toastSaying(page, EXPIRED)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/today$/);
    await expect(watered).toBeVisible();
  });

  await test.step('a nonce the worker never made', async () => {
    await page.goto('/dashboard');
    await page.goto(`/dashboard/today#digest=${randomUUID()}`);
    await expect(toastSaying(page, EXPIRED)).toBeVisible();
    await expect(watered).toBeVisible();
  });

  expect(changes).toEqual([]);
  expect(await dueIds()).toContain(id);
  expect(await waterings()).toBe(0);

  // The notification's own Done, through the worker: recorded, and the address named only a nonce.
  await noteWorkerRegistration(page);
  await page.goto('/dashboard');
  await controlledBy(page);
  await workerRegistered(page);
  const deliver = await pushDelivery(context, page);
  const addresses = await noteAddresses(page);
  await deliver({
    title: '1 plant needs care today',
    body: `${plantName}: water (1 day overdue)`,
    url: '/dashboard/today',
    day: today,
    jobs: [{ plantId: id, task: 'water' }],
  });
  await expect.poll(() => shownTitles(page)).toEqual(['1 plant needs care today']);
  await clickNotification(context, 'done');
  await expect(page).toHaveURL(/\/dashboard\/today$/);
  await expect(toastSaying(page, '1 job done')).toBeVisible();
  await expect.poll(async () => (await apiGet<ApiPlant>(`/mango/${id}`, user)).body.nextWateringDate).toBe(next);
  expect(await waterings()).toBe(1);
  const handedOver = (await addresses()).filter((address) => address.includes('#'));
  expect(handedOver).toEqual([expect.stringMatching(/^\/dashboard\/today#digest=[0-9a-f-]{36}$/)]);
  expect(handedOver.join(' ')).not.toContain(id);

  await test.step('the same nonce opened again, its job due again: nothing recorded', async () => {
    await apiSend(user, 'DELETE', `/mango/${id}/care/water/latest`);
    expect(await dueIds()).toContain(id);
    changes.length = 0;
    await page.goto('/dashboard');
    await page.goto(handedOver[0]!);
    await expect(toastSaying(page, EXPIRED)).toBeVisible();
    await expect(watered).toBeVisible();
    expect(changes).toEqual([]);
    expect(await dueIds()).toContain(id);
    expect(await waterings()).toBe(0);
  });
});
