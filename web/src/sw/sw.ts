// The service worker (vite-plugin-pwa builds it with Workbox; `npm run dev` has none). What it
// keeps, and for whom:
//   - the app shell and its chunks, precached per build; a new build waits until the app's
//     "A new version is available" prompt is accepted (SKIP_WAITING), never silently;
//   - the site's own images (plant photos, avatars), for everyone alike, cache first, at most
//     IMAGE_ENTRIES of them; the app deletes a photo's images here when it deletes the photo
//     (features/photos/api/delete-photo.ts). Images on other sites (Google profile photos, plant
//     image links) are the browser's to fetch and keep in its HTTP cache: fetched from here they
//     would need every https host in the policy's connect-src, and each would be kept as an opaque
//     answer that Chrome charges at about 7 MB against the site's storage quota;
//   - the API's answers this browser was given (GETs of /mango: the user's lists, the plant pages
//     and care histories they opened, the dashboard's figures), each for the one it was asked for:
//     a visitor's answer (no token, public) under its URL, a signed-in user's under
//     `URL?__as=<uid>`, the uid read from the request's ID token (user-answers.ts). An answer is
//     only ever looked up under the key of the request asking, so one user is never answered with
//     another's, online or offline; a request whose token cannot be read is neither kept nor
//     answered from here, and nothing is kept that the server marked `no-store`. Whenever the
//     signed-in user changes, by whatever way (a sign-in over another account, Logout, the Firebase
//     SDK ending a disabled or revoked account's session, another tab), the app deletes every
//     answer kept for anyone else (lib/user-data.ts), and so does this worker when a request names
//     a user other than the last one it saw.
//     They are served stale-while-revalidate: a page seen before opens at once (offline too) with
//     what was last seen while the worker asks the server for the next view. A change sent from
//     this browser (any tab) makes every answer kept before it go to the server first on its next
//     use (network first, the kept one if the server cannot be reached), so a user never sees a
//     page without the change they just made. When the server's answer differs from the one shown
//     (a change made on another device), workbox-broadcast-update tells the open pages, and the
//     routes that show it load it again (lib/server-state.ts).
/// <reference lib="webworker" />
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { openDigestClick } from './digest-hand-over';
import { digestNotification } from './digest-push';
import { detectLanguage, isLanguage, SOURCE_LANGUAGE, type Language } from '../lib/i18n/languages';
import {
  IMAGE_CACHE,
  LANGUAGE_CACHE,
  LANGUAGE_KEY,
  CARE_JOBS_SYNC_TAG,
  REPLAY_MESSAGE,
  SKIP_WAITING_MESSAGE,
  USER_CACHE,
} from './messages';
import { keptWorkerTexts } from './worker-texts';
import {
  ASKED_AT_HEADER,
  answerToKeep,
  DIGEST_HEADER,
  forgetOtherUsersAnswers,
  isPhotoImagePath,
  keptKey,
  mayKeep,
  mayKeepPath,
  ownerOfKey,
  ownerOfRequest,
} from './user-answers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precache>[0] };

const IMAGE_ENTRIES = 80;
/** Past this, a user's answer comes from the cache (a poor signal is slower than none). */
const NETWORK_TIMEOUT_SECONDS = 6;

const manifest = self.__WB_MANIFEST;
precache(manifest);

/** The pages the build prerendered (their files precached without an extension, vite.config.ts), but the app shell. */
const PRERENDERED_PATHS = new Set(
  manifest
    .map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname)
    .filter((pathname) => !/\.\w+$/.test(pathname) && pathname !== '/app'),
);

/** The reader's language: the one chosen on this device (LANGUAGE_KEY), else the browser's first the app speaks. */
async function readerLanguage(): Promise<Language> {
  const chosen = await (await (await caches.open(LANGUAGE_CACHE)).match(LANGUAGE_KEY))?.text();
  return isLanguage(chosen) ? chosen : detectLanguage(self.navigator.languages ?? []);
}

// The prerendered public pages are precached in English. A reader of another language gets the
// page from Hosting, whose i18n rewrites answer it in theirs (the language cookie goes with the
// request); offline, the English page, which the app then switches to their language.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && PRERENDERED_PATHS.has(url.pathname),
  async ({ request, url }) => {
    const english = () => matchPrecache(url.pathname);
    if ((await readerLanguage()) === SOURCE_LANGUAGE) return (await english()) ?? fetch(request);
    try {
      return await fetch(request);
    } catch (error) {
      const kept = await english();
      if (kept) return kept;
      throw error;
    }
  },
);
addRoute();
cleanupOutdatedCaches();
// A first visit's page is controlled as soon as the worker is active, without a reload, so what the
// user opens next is kept for offline use (what the page read before that, it kept itself:
// keepAnswerBeforeWorker in user-answers.ts).
clientsClaim();

// The prerendered public pages are precached under their own addresses (`/login` is login.html, as
// Hosting's cleanUrls serve it: vite.config.ts). Every other page of the app is app.html, as
// Hosting's rewrites do (an unknown address too: the app draws its not-found page), except the API.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app'), { denylist: [/^\/mango(\/|$)/] }));

// Uploaded plant photos are images of this site too (/mango/:id/photos/:photoId/full.webp,
// card.webp and thumb.webp, whose bytes never change for their URL): kept here, cache first. This
// route comes before the API's, which would otherwise take them as answers to revalidate.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: IMAGE_ENTRIES, purgeOnQuotaError: true }),
    ],
  }),
);

const isApi = (url: URL) => url.origin === self.location.origin && /^\/mango(\/|$)/.test(url.pathname);

/** When this browser last sent a change (ms), kept beside the answers so a restarted worker knows. */
const LAST_CHANGE_KEY = '/__mango/last-change';
let lastChange: number | undefined;

async function lastChangeAt(): Promise<number> {
  if (lastChange === undefined) {
    const noted = await (await caches.open(USER_CACHE)).match(LAST_CHANGE_KEY);
    lastChange ??= noted ? Number(await noted.text()) || 0 : 0;
  }
  return lastChange;
}

async function noteChange(): Promise<void> {
  lastChange = Date.now();
  await (await caches.open(USER_CACHE)).put(LAST_CHANGE_KEY, new Response(String(lastChange)));
}

/** The key a request's answer is kept under (user-answers.ts), handed to the strategies by the route. */
interface KeptParams {
  key: string;
}

/**
 * The last user a request named. Another one: the answers kept for anyone else are deleted (the app
 * does the same when its user changes; this covers a page that had no chance to, at the cost of
 * one read of the cache's keys per change of user).
 */
let lastUser: string | undefined;

const keepAnswers: WorkboxPlugin = {
  // The API answers `Vary: Authorization`: the visitor's answer and each user's are kept apart.
  cacheKeyWillBeUsed: async ({ params }) => (params as KeptParams).key,
  requestWillFetch: async ({ request, state }) => {
    if (state) state.askedAt = Date.now();
    return request;
  },
  // Only full answers the server lets this worker keep, stamped with when they were asked for and
  // a digest of what they say; the key already says for whom.
  cacheWillUpdate: async ({ request, response, state }) => {
    if (response.status !== 200 || !mayKeep(response.headers)) return null;
    // A slow answer of the previous user that arrives once another has asked: the sweep of their
    // answers has passed, so it is not kept either.
    const owner = ownerOfRequest(request);
    if (owner !== null && lastUser !== undefined && owner !== lastUser) return null;
    return answerToKeep(response, Number(state?.askedAt ?? Date.now()));
  },
};

const kept = { cacheName: USER_CACHE, plugins: [keepAnswers, new ExpirationPlugin({ maxEntries: 200 })] };
// An answer shown from the cache that the server has since changed: the open pages are told.
const staleWhileRevalidate = new StaleWhileRevalidate({
  ...kept,
  plugins: [...kept.plugins, new BroadcastUpdatePlugin({ headersToCheck: [DIGEST_HEADER] })],
});
const networkFirst = new NetworkFirst({ ...kept, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS });

const networkOnly = new NetworkOnly();

registerRoute(
  // Not downloads, the calendar link or household invites (mayKeepPath): the browser fetches those itself.
  ({ url }) => isApi(url) && mayKeepPath(url.pathname) && !isPhotoImagePath(url.pathname),
  async (options) => {
    const key = keptKey(options.request.url, options.request.headers.get('authorization'));
    if (key === null) return networkOnly.handle(options);
    const owner = ownerOfKey(key);
    if (owner !== null && owner !== lastUser) {
      lastUser = owner;
      options.event.waitUntil(forgetOtherUsersAnswers(owner));
    }
    const answer = await caches.match(key, { cacheName: USER_CACHE });
    const current = answer && Number(answer.headers.get(ASKED_AT_HEADER)) > (await lastChangeAt());
    const params: KeptParams = { key };
    return (current ? staleWhileRevalidate : networkFirst).handle({ ...options, params });
  },
  'GET',
);

// Every change through the API is noted as it leaves and again when it is answered, so no answer
// asked for around it is shown first.
const noteChanges: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => {
    await noteChange();
    return request;
  },
  fetchDidSucceed: async ({ response }) => {
    await noteChange();
    return response;
  },
};
for (const method of ['POST', 'PUT', 'DELETE'] as const)
  registerRoute(({ url }) => isApi(url), new NetworkOnly({ plugins: [noteChanges] }), method);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Background Sync: the browser says the network is back (even before a page notices). The care
// jobs queued offline need a fresh ID token, which only a page with Firebase Auth has, so the
// worker asks the open pages to send them; with none open, they go when the app next opens.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil: (promise: Promise<unknown>) => void };
  if (sync.tag !== CARE_JOBS_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: REPLAY_MESSAGE });
    }),
  );
});

// A daily digest (functions/src/reminders/): one notification, built in digest-push.ts. The worker
// only shows it and opens Today: recording "Done" or "Snooze 1 day" needs the user's ID token,
// which only a page with Firebase Auth has, so the action is kept here under a nonce and Today is
// opened with the nonce alone (digest-hand-over.ts): no address can name jobs for a page to record.
// Its own words (the actions, and what it shows for a push it cannot read) are in the language the
// page last spoke (worker-texts.ts).
self.addEventListener('push', (event) => {
  // How many actions the browser shows (Chrome: two); a worker's Notification may not say.
  const maxActions = (Notification as { maxActions?: number }).maxActions;
  const text = event.data?.text();
  event.waitUntil(
    keptWorkerTexts().then((texts) => {
      const { title, options } = digestNotification(text, maxActions, texts);
      return self.registration.showNotification(title, options);
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openDigestClick(self.clients, event.action, event.notification.data));
});
