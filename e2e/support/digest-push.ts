import { expect, type BrowserContext, type Page } from '@playwright/test';
import { runScheduledFunction, scheduledFunctions } from '../../scripts/lib/scheduler.mjs';
import { APP_URL } from '../../scripts/lib/test-users.mjs';

// A digest pushed to the app's service worker and its notification clicked, as the browser tests
// do them: no browser here reaches a push service, so the push is delivered through Chrome DevTools
// Protocol, and the click is dispatched in the worker (docs/reminders.md). The worker must be
// allowed (`serviceWorkers: 'allow'`) and the browser Debian's full Chromium: the headless shell
// refuses every site the notification permission, so its worker can show none.

/**
 * Delivers a push message to the app's worker, as a push service would (Chrome DevTools Protocol:
 * the registration by the id DevTools knows it by), and resolves once a notification shows.
 *
 * Chrome closes a persistent notification by its origin and tag, and a close it has not finished
 * applies to the next notification shown with the same tag: the digest's is always `mango-digest`.
 * A person's click and the next day's digest never meet; a test that clicks a notification (or ends,
 * the next test running in the same browser) and pushes within a second does. Measured on
 * 2026-12-02: the digest test failed in 3 of 12 runs, and a loop of pushes lost 2 of about 150, each
 * time with the worker's showNotification resolved and getNotifications empty after it. So a push
 * whose notification is gone is delivered again, at most three times; what it shows is the tests'.
 */
export async function pushDelivery(
  context: BrowserContext,
  page: Page,
): Promise<(payload: unknown) => Promise<unknown>> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${APP_URL}/`)).toBeTruthy();
  const registrationId = registrations.get(`${APP_URL}/`)!;
  const shownCount = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length);
  return async (payload) => {
    for (let attempt = 1; ; attempt += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: APP_URL,
        registrationId,
        data: JSON.stringify(payload),
      });
      try {
        await expect.poll(shownCount, { timeout: 3000 }).toBeGreaterThan(0);
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  };
}

/**
 * The stack's scheduled digest run (`queueDigests`), now: what the launcher does once a minute,
 * called as Cloud Scheduler's "force run" would, so a test whose digest time has come needs not
 * wait for the next minute. Its digests go out as every day's do: through the task queue, to the
 * mail server and each push subscription's push service.
 */
export async function runDigestSchedule(): Promise<void> {
  const emulatorUrl = new URL(process.env.FUNCTION_URL ?? 'http://127.0.0.1:5001').origin;
  const projectId = process.env.GCLOUD_PROJECT ?? 'demo-mango-grove';
  const run = (await scheduledFunctions(emulatorUrl)).find(({ name }) => name === 'queueDigests');
  if (!run) throw new Error('The Functions emulator has loaded no queueDigests.');
  expect(await runScheduledFunction({ emulatorUrl, projectId, ...run, scheduledAt: new Date() })).toBe(200);
}

/** The titles of the notifications the app's worker shows. */
export function shownTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => notification.title),
  );
}

/**
 * Marks the page once the app registers its worker: the app listens for the worker's word just
 * before that, a moment after the page has loaded (app/service-worker.ts), and a word sent before
 * would find nobody listening. Call before the page loads.
 */
export async function noteWorkerRegistration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      (window as { __registeredWorker?: boolean }).__registeredWorker = true;
      return register.apply(this, args);
    };
  });
}

/** Waits until the app has registered its worker, so that it hears the worker's word (noteWorkerRegistration). */
export async function workerRegistered(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __registeredWorker?: boolean }).__registeredWorker === true);
}

/** A click on the digest's notification (`action` one of its buttons, or '' for the notification itself), as the worker gets it. */
export async function clickNotification(context: BrowserContext, action: string): Promise<void> {
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async (which) => {
    // The worker's own types (WebWorker's lib) are not this file's (DOM's): only what is used here.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag: 'mango-digest' });
    // Dispatched from here, the event is not the browser's: the worker's waitUntil refuses it (and
    // says so in the worker's console) after the hand-over has started, and no window may be
    // focused or opened. An open page is told where to go, as for a real click.
    self.dispatchEvent(
      new scope.NotificationEvent('notificationclick', { notification: notification!, action: which }),
    );
  }, action);
}

/**
 * Notes every address the page's history is given from now on (the router's pushState and
 * replaceState, the digest's hand-over among them), until the next full load.
 */
export async function noteAddresses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as { __addresses?: string[] }).__addresses = seen;
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (state: unknown, unused: string, url?: string | URL | null) => {
        seen.push(String(url));
        original(state, unused, url);
      };
    }
  });
  return () => page.evaluate(() => [...((window as { __addresses?: string[] }).__addresses ?? [])]);
}
