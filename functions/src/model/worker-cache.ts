/**
 * The response field that speaks to the web app's service worker and to no other cache (a targeted
 * cache-control field, RFC 9213). An answer for a token is `Cache-Control: private, no-store`: no
 * HTTP cache, shared or the browser's own, may keep it. The worker keeps the API's answers for
 * offline use, each under the key of the user it was asked for, and forgets them when that user
 * leaves the browser; it reads its directives here when the field is present, and from
 * Cache-Control otherwise, and never keeps an answer whose directives say `no-store`.
 */
export const WORKER_CACHE_CONTROL = 'Mango-Worker-Cache-Control';

/** The signed-in user's own answers (their lists, plants, figures): the worker may keep them for that user. */
export const WORKER_KEEPS_FOR_USER = 'private';
