// Names the service worker (sw.ts) and the app (app/service-worker.ts, lib/server-state.ts,
// features/watering/lib/offline-waterings.ts, features/auth/api/log-out.ts) share.
export const USER_CACHE = 'mango-user-answers';
export const IMAGE_CACHE = 'mango-images';
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
export const REPLAY_MESSAGE = 'REPLAY_WATERINGS';
export const WATERINGS_SYNC_TAG = 'mango-waterings';
/** The query parameter that keeps a signed-in user's answer apart from a visitor's in USER_CACHE. */
export const USER_KEY_PARAM = '__as';
/** What workbox-broadcast-update posts when an answer the worker kept changed on the server. */
export const ANSWER_UPDATED_MESSAGE = { type: 'CACHE_UPDATED', meta: 'workbox-broadcast-update' } as const;
