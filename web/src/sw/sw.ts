// The service worker (vite-plugin-pwa builds it with Workbox; `npm run dev` has none). What it
// keeps, and for whom:
//   - the app shell and its chunks, precached per build; a new build waits until the app's
//     "A new version is available" prompt is accepted (SKIP_WAITING), never silently;
//   - plant images, cache first, at most IMAGE_ENTRIES of them;
//   - the API's answers this browser was given (GETs of /mango: the user's lists, the plant pages
//     and care histories they opened, both the visitor's view a plant page draws first and the
//     owner's, the dashboard's figures), network first, so a page is never older than the server
//     while online, and opens offline with what was last seen. The app deletes USER_CACHE at
//     logout, so the next user of the browser never sees them.
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { IMAGE_CACHE, REPLAY_MESSAGE, SKIP_WAITING_MESSAGE, USER_CACHE, WATERINGS_SYNC_TAG } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

const IMAGE_ENTRIES = 80;
/** Past this, a user's answer comes from the cache (a poor signal is slower than none). */
const NETWORK_TIMEOUT_SECONDS = 6;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html (as Hosting's rewrite does), except the API and the feed.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/mango(\/|$)/] }));

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: IMAGE_ENTRIES, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    /^\/mango(\/|$)/.test(url.pathname) &&
    // Downloads and the calendar link are not pages to open offline.
    !/^\/mango\/(export|calendar)/.test(url.pathname),
  new NetworkFirst({
    cacheName: USER_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // The API answers `Vary: Authorization`: offline, the page asking with a refreshed token (they
    // last an hour), or as the visitor's view, must still find what was kept.
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200 })],
  }),
  'GET',
);

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
