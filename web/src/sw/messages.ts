// Names the service worker (sw.ts) and the app (app/service-worker.ts, features/watering/lib/offline-waterings.ts, features/auth/api/log-out.ts)
// share.
export const USER_CACHE = 'mango-user-answers';
export const IMAGE_CACHE = 'mango-images';
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
export const REPLAY_MESSAGE = 'REPLAY_WATERINGS';
export const WATERINGS_SYNC_TAG = 'mango-waterings';
