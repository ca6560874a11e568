// Registers the service worker (src/sw/sw.ts) once the page has loaded and the browser is idle, in
// production builds only (main.tsx), through workbox-window; offers a new version when one is
// waiting; keeps the worker's own words in the app's language; and sends the care jobs queued
// offline when the network is back (the `online` event, the worker's Background Sync message, or
// any request of the app answered). The queue is read (and Firebase loaded for its token) only when
// something may be queued, so a first visit or a plain reopen costs nothing.
import { Workbox } from 'workbox-window';
import { sendQueuedCareJobs } from '@/features/care/lib/offline-care-jobs';
import { afterEachAnswer } from '@/lib/api-client';
import { offerUpdate } from '@/lib/app-status';
import { translate } from '@/lib/i18n/i18n';
import { mayHaveQueuedCareJobs } from '@/lib/queue-marker';
import { OPEN_PAGE_MESSAGE, TODAY_PATH, workerMessages, type WorkerTexts } from '@/sw/digest-push';
import { REPLAY_MESSAGE } from '@/sw/messages';
import { keepWorkerTexts } from '@/sw/worker-texts';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 30 * 60_000;

const isTodayLink = (url: string) => url === TODAY_PATH || url.startsWith(`${TODAY_PATH}#`);

/**
 * Keeps the worker's own words (its notification's actions) in the language the app speaks, for it
 * to show when a push comes with no page open: now, and whenever the language changes (`<html lang>`
 * follows it once its catalogue is in). @returns what stops following the language
 */
export function keepWorkerTextsInLanguage(): () => void {
  const keep = () => {
    const texts: WorkerTexts = {};
    for (const key of Object.keys(workerMessages) as (keyof typeof workerMessages)[])
      texts[key] = translate(workerMessages[key]);
    keepWorkerTexts(texts).catch(() => {
      // Storage off (private modes): the worker says its words in English.
    });
  };
  keep();
  const observer = new MutationObserver(keep);
  observer.observe(document.documentElement, { attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

/**
 * @param navigate goes to a page of the app, as a link in it would (the router's navigate): a
 *   notification clicked while the app is open takes this page there, keeping what it holds.
 */
export function registerServiceWorker(navigate: (to: string) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    offerUpdate(() => {
      // The new worker takes over, then the page reloads into the version it serves.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  navigator.serviceWorker.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type === REPLAY_MESSAGE) void sendQueuedCareJobs();
  });
  // A digest's notification clicked while the app is open: the worker asks this page to go to Today
  // (with the Done or Snooze to record in its address: sw/digest-push.ts). Only Today: the one page
  // the worker sends anyone to.
  navigator.serviceWorker.addEventListener('message', (event) => {
    const data = event.data as { type?: string; url?: unknown } | null;
    if (data?.type === OPEN_PAGE_MESSAGE && typeof data.url === 'string' && isTodayLink(data.url)) navigate(data.url);
  });
  // A browser that refuses workers (a policy, some private modes) still has the whole app online.
  wb.register().catch((error: unknown) =>
    console.warn('The app works online only: its service worker could not be registered.', error),
  );
  keepWorkerTextsInLanguage();
  window.setInterval(() => void wb.update(), UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
}

/**
 * Queued care jobs go when the network is back, whenever the app opens online, and when a request
 * of the app is answered (the browser may have said online all along: a network that lied).
 */
export function watchNetwork(): void {
  const sendIfQueued = () => {
    if (mayHaveQueuedCareJobs()) void sendQueuedCareJobs();
  };
  window.addEventListener('online', sendIfQueued);
  afterEachAnswer(sendIfQueued);
  if (navigator.onLine) sendIfQueued();
}
