import { expect, test, type Page } from '@playwright/test';
import config from './playwright.config.js';
import { startPushReceiver } from '../functions/test/support/push-receiver.js';
import { apiGet, apiSend, idTokenOf, type ApiPlant } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { browserDay } from './support/dates.js';
import { tabTo } from './support/keyboard.js';
import {
  clickNotification,
  noteWorkerRegistration,
  pushDelivery,
  runDigestSchedule,
  workerRegistered,
} from './support/digest-push.js';
import { controlledBy } from './support/service-worker.js';
import { APP_URL, createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

// Reminders in the browser: the Reminders page by keyboard, and the service worker showing a
// delivered digest and recording its Done and Snooze 1 day through the app. The worker is allowed
// here (the other specs block it), and the browser is Debian's full Chromium, headless: the
// headless shell the other specs use refuses every site the notification permission, so its
// worker can show none. No browser here reaches a push service offline: subscribing fails, which
// the page says, so a push is delivered to the worker through Chrome DevTools Protocol instead
// (docs/reminders.md).
test.use({
  serviceWorkers: 'allow',
  launchOptions: { ...config.use?.launchOptions, executablePath: process.env.FULL_CHROME_PATH ?? '/usr/bin/chromium' },
});

/** The local stack's mail server (MailDev): its REST API. */
const INBOX_URL = process.env.INBOX_URL ?? 'http://127.0.0.1:1080';

interface Mail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** Every mail sent to `address` so far. */
async function mailsTo(address: string): Promise<Mail[]> {
  const all = (await (await fetch(`${INBOX_URL}/api/email`)).json()) as Mail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

interface Settings {
  timeZone: string;
  hemisphere: 'north' | 'south';
  hemisphereSet: boolean;
  time: string;
  channels: { push: boolean; email: boolean };
  quietHours: { from: string; to: string } | null;
  email: string | null;
}

/** PUT /mango/reminders/settings as the user. */
async function putSettings(user: TestUser, input: Partial<Omit<Settings, 'email'>>): Promise<void> {
  const response = await fetch(`${APP_URL}/mango/reminders/settings`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${await idTokenOf(user)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`PUT settings failed (${response.status}): ${await response.text()}`);
}

/** A plant of the user's watered every 3 days, due `offset` days from the browser's today. */
async function plantDue(page: Page, user: TestUser, label: string, offset = -1) {
  const plantName = uniquePlantName(label);
  const id = await createPlantAs(user, {
    plantName,
    category: 'fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: await browserDay(page, offset - 3),
    nextWateringDate: await browserDay(page, offset),
  });
  return { id, plantName };
}

const toastSaying = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('the Reminders page', () => {
  // A browser in Berlin: the page sends its zone the first time, while the account's is UTC.
  test.use({ timezoneId: 'Europe/Berlin' });

  test('by keyboard: the browser zone taken, email on, the time, another zone, quiet hours, and a test read back from the inbox', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const user = await createTestUser('Reminded Gardener', { emailVerified: true });
    const { plantName } = await plantDue(page, user, 'Reminded Fern');
    await signIn(page, user);
    await page.goto('/dashboard/today');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Reminder settings' });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/reminders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();

    await expect(page.getByText("Your time zone is now Europe/Berlin, this browser's.")).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
    await expect(
      page.getByText('Reminders are off: turn on notifications or email to get a daily digest of what needs care.'),
    ).toBeVisible();
    await expect(page.getByText(`Email digests are off. They would go to ${user.email}.`)).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Turn on email' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Email digests go to ${user.email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn off email' })).toBeFocused();

    // The digest's time, typed into the time field's hour, minute and AM/PM parts.
    await tabTo(page, page.getByLabel('Digest time'));
    await page.keyboard.type('0730AM');
    await expect(page.getByLabel('Digest time')).toHaveValue('07:30');
    await tabTo(page, page.getByLabel('Time zone'));
    await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await tabTo(page, page.getByRole('checkbox', { name: 'Quiet hours' }));
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Quiet from')).toHaveValue('22:00');
    await expect(page.getByLabel('Quiet until')).toHaveValue('07:00');
    await tabTo(page, page.getByRole('button', { name: 'Save times' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Your digest comes by email every day at 7:30 AM, Asia/Tokyo time, when something needs care. Quiet hours: nothing is sent from 10:00 PM to 7:00 AM.',
      ),
    ).toBeVisible();
    const { body: stored } = await apiGet<Settings>('/mango/reminders/settings', user);
    expect(stored).toEqual({
      timeZone: 'Asia/Tokyo',
      // The seasons left to the time zone: Tokyo's are the north's.
      hemisphere: 'north',
      hemisphereSet: false,
      time: '07:30',
      channels: { push: false, email: true },
      quietHours: { from: '22:00', to: '07:00' },
      language: 'en',
      email: user.email,
      emailVerified: true,
    });

    await tabTo(page, page.getByRole('button', { name: 'Send a test' }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByText('A test digest was sent: 1 email. It lists what needs care today.', { exact: true }),
    ).toBeVisible();
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('1 plant needs care today');
    // Overdue by a day in the browser's zone, where the plant was made; the digest counts in Tokyo's,
    // whose date is a day ahead of Berlin's from 15:00 to 23:00 UTC.
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const overdue = dayIn('Asia/Tokyo') === dayIn('Europe/Berlin') ? '1 day' : '2 days';
    expect(mail!.text).toContain(`${plantName}: water (${overdue} overdue)`);
  });

  test('turning notifications on says why it cannot: refused, or no push service here; nothing is turned on', async ({
    page,
    context,
  }) => {
    const user = await createTestUser('Pushless Gardener');
    await signIn(page, user);
    await page.goto('/dashboard/reminders');
    await controlledBy(page);
    await expect(page.getByText(/^Notifications are off\./)).toBeVisible();

    // Headless Chromium answers the permission's question with a refusal.
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "Notifications are blocked for this site, so none can be shown. Allow notifications for this site in your browser's settings, then turn them on here again.",
    );

    // Allowed, the browser still cannot subscribe: no push service is reachable offline.
    await context.grantPermissions(['notifications'], { origin: APP_URL });
    await page.reload();
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This browser could not reach its push service, so notifications cannot be turned on now. Check your connection and try again, or get the digest by email.',
    );
    await expect(page.getByText('Notifications are off.', { exact: true })).toBeVisible();
    const { body: stored } = await apiGet<Settings>('/mango/reminders/settings', user);
    expect(stored.channels).toEqual({ push: false, email: false });
  });
});

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: unknown;
  actions: { action: string; title: string }[];
}

/** The notifications the app's worker shows. */
function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      data: notification.data as unknown,
      actions: ((notification as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(
        ({ action, title }) => ({ action, title }),
      ),
    })),
  );
}

test('a delivered digest shows one notification; its Done records the jobs through the open app, and Snooze 1 day moves them', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  const user = await createTestUser('Notified Gardener');
  await signIn(page, user);
  // Snoozes count days from the person's own today: the browser's.
  await putSettings(user, { timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone) });
  const thirsty = await plantDue(page, user, 'Thirsty Fern');
  const sleepy = await plantDue(page, user, 'Sleepy Palm', 0);
  const later = await plantDue(page, user, 'Later Ivy');
  await noteWorkerRegistration(page);
  await page.goto('/dashboard');
  await controlledBy(page);
  await workerRegistered(page);
  const deliver = await pushDelivery(context, page);
  const day = await browserDay(page, 0);

  const digest = {
    title: '2 plants need care today',
    body: `${thirsty.plantName}: water (1 day overdue)\n${sleepy.plantName}: water (due today)`,
    url: '/dashboard/today',
    day,
    jobs: [
      { plantId: thirsty.id, task: 'water' },
      { plantId: sleepy.id, task: 'water' },
    ],
  };
  await deliver(digest);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: digest.title,
        body: digest.body,
        tag: 'mango-digest',
        data: { url: '/dashboard/today', day, jobs: digest.jobs },
        actions: [
          { action: 'done', title: 'Done' },
          { action: 'snooze', title: 'Snooze 1 day' },
        ],
      },
    ]);

  await clickNotification(context, 'done');
  await expect(page).toHaveURL(/\/dashboard\/today$/);
  await expect(toastSaying(page, '2 jobs done')).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  const next = await browserDay(page, 3);
  for (const { id } of [thirsty, sleepy])
    await expect.poll(async () => (await apiGet<ApiPlant>(`/mango/${id}`, user)).body.nextWateringDate).toBe(next);

  // The next one, while the app shows another page: "Snooze 1 day" moves its job to tomorrow.
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await deliver({ ...digest, title: '1 plant needs care today', jobs: [{ plantId: later.id, task: 'water' }] });
  await expect
    .poll(async () => (await shownNotifications(page)).map(({ title }) => title))
    .toEqual(['1 plant needs care today']);
  await clickNotification(context, 'snooze');
  await expect(page).toHaveURL(/\/dashboard\/today$/);
  await expect(toastSaying(page, `Watering of ${later.plantName} snoozed for 1 day`)).toBeVisible();
  const tomorrow = await browserDay(page, 1);
  await expect
    .poll(async () => (await apiGet<ApiPlant>(`/mango/${later.id}`, user)).body.nextWateringDate)
    .toBe(tomorrow);

  // A push it cannot read still says something needs care; a tap on it opens Today.
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await deliver('not a digest');
  await expect
    .poll(async () => (await shownNotifications(page)).map(({ title }) => title))
    .toEqual(['Your plants need care']);
  await clickNotification(context, '');
  await expect(page).toHaveURL(/\/dashboard\/today$/);
});

test('a person who chose French gets the digest mail in French, read back from the inbox', async ({ page }) => {
  const user = await createTestUser('Lectrice Française', { emailVerified: true });
  await signIn(page, user);
  const plantName = uniquePlantName('Fougère');
  await createPlantAs(user, {
    plantName,
    category: 'fern',
    wateringFrequency: 'Every 3 days',
    lastWateredDate: await browserDay(page, -4),
    nextWateringDate: await browserDay(page, -1),
  });
  // The header's switcher: the account takes the language too, for what the server sends.
  await page.getByRole('banner').getByLabel('Language').filter({ visible: true }).selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect
    .poll(async () => (await apiGet<{ language: string }>('/mango/reminders/settings', user)).body.language)
    .toBe('fr');

  await putSettings(user, { channels: { push: false, email: true } });
  const sent = await fetch(`${APP_URL}/mango/reminders/test`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await idTokenOf(user)}` },
  });
  expect(sent.status).toBe(200);
  const [mail, ...more] = await mailsTo(user.email);
  expect(more).toEqual([]);
  expect(mail!.subject).toBe('1 plante a besoin de soins aujourd’hui');
  expect(mail!.text).toContain(`${plantName}\u00a0: arroser (1 jour de retard)`);
});

/**
 * The minute it is now in `timeZone` (HH:MM), at least 10 s before the next one: a digest time set
 * to it has come (a digest is due until a minute past its time), so the next scheduled run sends it.
 */
async function thisMinute(timeZone: string): Promise<string> {
  const seconds = new Date().getSeconds();
  if (seconds >= 50) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(),
  );
}

test("a person who reads French gets the day's digest in French: the mail, and the push's notification with its buttons", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  // The browser's push service: the server encrypts the digest for this subscription and posts it
  // here (the local stack takes push services on 127.0.0.1), and what it decrypts goes to the worker.
  const pushService = await startPushReceiver();
  try {
    const user = await createTestUser('Lectrice Matinale', { emailVerified: true });
    await signIn(page, user);
    const fern = await plantDue(page, user, 'Fougère');
    await noteWorkerRegistration(page);
    await page.goto('/dashboard');
    await controlledBy(page);
    await workerRegistered(page);
    await page.getByRole('banner').getByLabel('Language').filter({ visible: true }).selectOption('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect
      .poll(async () => (await apiGet<{ language: string }>('/mango/reminders/settings', user)).body.language)
      .toBe('fr');

    const subscription = pushService.subscribe();
    const { endpoint, expirationTime, keys } = subscription;
    await apiSend(user, 'POST', '/mango/reminders/push-subscriptions', { endpoint, expirationTime, keys }, 201);
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await putSettings(user, { timeZone, time: await thisMinute(timeZone), channels: { push: true, email: true } });
    await runDigestSchedule();

    await expect.poll(() => subscription.received.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await mailsTo(user.email)).length).toBe(1);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('1 plante a besoin de soins aujourd’hui');
    expect(mail!.text).toContain(`${fern.plantName}\u00a0: arroser (1 jour de retard)`);

    const deliver = await pushDelivery(context, page);
    await deliver(subscription.received[0]!.payload);
    const day = await browserDay(page, 0);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: '1 plante a besoin de soins aujourd’hui',
          body: `${fern.plantName}\u00a0: arroser (1 jour de retard)`,
          tag: 'mango-digest',
          data: { url: '/dashboard/today', day, jobs: [{ plantId: fern.id, task: 'water' }] },
          actions: [
            { action: 'done', title: 'Fait' },
            { action: 'snooze', title: 'Reporter d’un jour' },
          ],
        },
      ]);
  } finally {
    await pushService.close();
  }
});
