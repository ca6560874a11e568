// The service worker (vite-plugin-pwa builds it with Workbox; `npm run dev` has none). What it
// keeps, and for whom:
//   - the app shell and its chunks, precached per build; a new build waits until the app's
//     "A new version is available" prompt is accepted (SKIP_WAITING), never silently;
//   - the site's own images (plant photos, avatars), cache first, at most IMAGE_ENTRIES of them;
//     images on other sites (Google profile photos, plant image links) are the browser's to fetch
//     and keep in its HTTP cache: fetched from here they would need every https host in the
//     policy's connect-src, and each would be kept as an opaque answer that Chrome charges at
//     about 7 MB against the site's storage quota;
//   - the API's answers this browser was given (GETs of /mango: the user's lists, the plant pages
//     and care histories they opened, both the visitor's view a plant page draws first and the
//     owner's, the dashboard's figures), stale-while-revalidate: a page seen before opens at once
//     (offline too) with what was last seen while the worker asks the server for the next view.
//     A change sent from this browser (any tab) makes every answer kept before it go to the
//     server first on its next use (network first, the kept one if the server cannot be reached),
//     so a user never sees a page without the change they just made. When the server's answer
//     differs from the one shown (a change made on another device), workbox-broadcast-update
//     tells the open pages, and the routes that show it load it again (lib/server-state.ts). The app
//     deletes USER_CACHE at logout, so the next user of the browser never sees them.
/// <reference lib="webworker" />
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { IMAGE_CACHE, REPLAY_MESSAGE, SKIP_WAITING_MESSAGE, USER_CACHE, USER_KEY_PARAM, WATERINGS_SYNC_TAG } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

const IMAGE_ENTRIES = 80;
/** Past this, a user's answer comes from the cache (a poor signal is slower than none). */
const NETWORK_TIMEOUT_SECONDS = 6;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first visit's page is controlled as soon as the worker is active, without a reload, so what the
// user opens next is kept for offline use (the page asks again for what it read before).
clientsClaim();

// Every page of the app is index.html (as Hosting's rewrite does), except the API and the feed.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/mango(\/|$)/] }));

// Uploaded plant photos are images of this site too (/mango/:id/photos/:photoId/full.webp and
// thumb.webp, immutable): kept here, cache first. This route comes before the API's, which would
// otherwise take them as answers to revalidate.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: IMAGE_ENTRIES, purgeOnQuotaError: true })],
  }),
);

const isApi = (url: URL) => url.origin === self.location.origin && /^\/mango(\/|$)/.test(url.pathname);

/** When this browser last sent a change (ms), kept beside the answers so a restarted worker knows. */
const LAST_CHANGE_KEY = '/__mango/last-change';
/** When the request of a kept answer left (ms): an answer asked before a change may predate it. */
const ASKED_AT_HEADER = 'x-mango-asked-at';
/** A digest of a kept answer's body: a signed-in user's answers carry no ETag to compare. */
const DIGEST_HEADER = 'x-mango-digest';
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

/**
 * The API answers `Vary: Authorization`. The visitor's answer and the signed-in user's answer to one
 * URL are kept apart (a plant page draws the visitor's view first, then the owner's), each under a
 * key of its own; a refreshed token (they last an hour) still finds the user's.
 */
function keptKey(request: Request): string {
  if (!request.headers.has('Authorization')) return request.url;
  const url = new URL(request.url);
  url.searchParams.set(USER_KEY_PARAM, 'user');
  return url.href;
}

const keepAnswers: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => keptKey(request),
  requestWillFetch: async ({ request, state }) => {
    if (state) state.askedAt = Date.now();
    return request;
  },
  // Only full answers, stamped with when they were asked for and a digest of what they say; the
  // key already says for whom.
  cacheWillUpdate: async ({ response, state }) => {
    if (response.status !== 200) return null;
    const body = await response.arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
    const headers = new Headers(response.headers);
    headers.set(ASKED_AT_HEADER, String(state?.askedAt ?? Date.now()));
    headers.set(DIGEST_HEADER, Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''));
    headers.delete('Vary');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  },
};

const kept = { cacheName: USER_CACHE, plugins: [keepAnswers, new ExpirationPlugin({ maxEntries: 200 })] };
// An answer shown from the cache that the server has since changed: the open pages are told.
const staleWhileRevalidate = new StaleWhileRevalidate({ ...kept, plugins: [...kept.plugins, new BroadcastUpdatePlugin({ headersToCheck: [DIGEST_HEADER] })] });
const networkFirst = new NetworkFirst({ ...kept, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS });

registerRoute(
  // Downloads and the calendar link are not pages to open offline.
  ({ url }) => isApi(url) && !/^\/mango\/(export|calendar)/.test(url.pathname),
  async (options) => {
    const answer = await caches.match(keptKey(options.request), { cacheName: USER_CACHE });
    const current = answer && Number(answer.headers.get(ASKED_AT_HEADER)) > (await lastChangeAt());
    return (current ? staleWhileRevalidate : networkFirst).handle(options);
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
for (const method of ['POST', 'PUT', 'DELETE'] as const) registerRoute(({ url }) => isApi(url), new NetworkOnly({ plugins: [noteChanges] }), method);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Background Sync: the browser says the network is back (even before a page notices). The
// waterings queued offline need a fresh ID token, which only a page with Firebase Auth has, so the
// worker asks the open pages to send them; with none open, they go when the app next opens.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil: (promise: Promise<unknown>) => void };
  if (sync.tag !== WATERINGS_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: REPLAY_MESSAGE });
    }),
  );
});
