// Names the service worker (sw.ts, user-answers.ts) and the app (app/service-worker.ts,
// lib/server-state.ts, lib/user-data.ts, features/care/lib/offline-care-jobs.ts,
// features/photos/lib/forget-photo.ts) share.
export const USER_CACHE = 'mango-user-answers';
export const IMAGE_CACHE = 'mango-images';
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/**
 * The worker's word to the pages: send the queued care jobs. Named when only waterings were queued;
 * kept, so a worker and a page of different versions still understand each other.
 */
export const REPLAY_MESSAGE = 'REPLAY_WATERINGS';
/**
 * The Background Sync tag a page registers for the queued care jobs. Its value is from when only
 * waterings were queued, kept: a sync that a page of an older version registered is still answered.
 */
export const CARE_JOBS_SYNC_TAG = 'mango-waterings';
/** The query parameter of USER_CACHE's keys that names the user an answer was kept for (`__as=<uid>`); a visitor's has none. */
export const USER_KEY_PARAM = '__as';
/** What workbox-broadcast-update posts when an answer the worker kept changed on the server. */
export const ANSWER_UPDATED_MESSAGE = { type: 'CACHE_UPDATED', meta: 'workbox-broadcast-update' } as const;

/**
 * The language the reader chose on this device (the language switcher), kept where the worker can
 * read it (lib/i18n/i18n.ts writes it): a plain text answer under LANGUAGE_KEY in LANGUAGE_CACHE.
 */
export const LANGUAGE_CACHE = 'mango-language';
export const LANGUAGE_KEY = '/__mango/language';
