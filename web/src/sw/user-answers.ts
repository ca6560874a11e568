// What the service worker keeps of the API's answers, and for whom: the keys of USER_CACHE and the
// rules behind them, shared by the worker (sw.ts) and the app (lib/user-data.ts), which forgets what
// was kept for anyone but the signed-in user.
import { WORKER_CACHE_CONTROL } from '@model/worker-cache';
import { USER_CACHE, USER_KEY_PARAM } from './messages';

/**
 * The uid a Firebase ID token names (`user_id`, else `sub`, in the JWT's payload), or null when the
 * token cannot be read. Not verified, and it need not be: it only chooses the key an answer is kept
 * under, and the server, which verifies the token, decides what the answer says.
 */
export function uidOfToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    if (typeof claims !== 'object' || claims === null) return null;
    const { user_id: userId, sub } = claims as { user_id?: unknown; sub?: unknown };
    const uid = typeof userId === 'string' && userId ? userId : sub;
    return typeof uid === 'string' && uid ? uid : null;
  } catch {
    return null;
  }
}

/**
 * The key an answer to `url` is kept under: the URL itself for a visitor's request (no
 * Authorization), `url?__as=<uid>` for a signed-in user's, so a refreshed token (they last an hour)
 * finds the same user's answer and never another user's. null, keep nothing and answer from
 * nothing: a token that cannot be read, or a URL that already names a user.
 */
export function keptKey(url: string, authorization: string | null): string | null {
  const parsed = new URL(url);
  if (parsed.searchParams.has(USER_KEY_PARAM)) return null;
  if (authorization === null) return parsed.href;
  const uid = uidOfToken(authorization.replace(/^Bearer\s+/i, ''));
  if (uid === null) return null;
  parsed.searchParams.set(USER_KEY_PARAM, uid);
  return parsed.href;
}

/** The uid a kept answer belongs to, or null for a visitor's answer (public). */
export function ownerOfKey(key: string): string | null {
  return new URL(key, 'http://x').searchParams.get(USER_KEY_PARAM);
}

/** The user a request asks as (its token's uid, or the user its URL names), or null for a visitor. */
export function ownerOfRequest(request: Request): string | null {
  const key = keptKey(request.url, request.headers.get('authorization'));
  return key === null ? new URL(request.url).searchParams.get(USER_KEY_PARAM) : ownerOfKey(key);
}

/**
 * Whether the worker may keep an answer: not when its directives say `no-store` (`no-store`,
 * `private, no-store`...). The directives are those of the field addressed to the worker when the
 * answer has one (model/worker-cache.ts), else Cache-Control.
 */
export function mayKeep(headers: Headers): boolean {
  const directives = headers.get(WORKER_CACHE_CONTROL) ?? headers.get('cache-control') ?? '';
  return !directives.split(',').some((directive) => directive.split('=')[0]!.trim().toLowerCase() === 'no-store');
}

/**
 * API paths whose answers the worker never keeps, whatever the server says: downloads and the
 * calendar link are not pages to open offline, and household invites carry a token in the path
 * (GET /mango/household/invites/:token), which a kept answer would store as its key. The server
 * marks every invite answer no-store too (mayKeep); this holds even if one were not.
 */
const NEVER_KEPT = /^\/mango\/(export|calendar|household\/invites)(\/|$)/;

/** Whether the worker may keep the answers of an API path at all (`/mango/...`). */
export const mayKeepPath = (pathname: string): boolean => !NEVER_KEPT.test(pathname);

/** A photo's image, however it is asked for: kept by the worker only as an image a page shows, never as an answer. */
export const isPhotoImagePath = (pathname: string): boolean =>
  /^\/mango\/[^/]+\/photos\/[^/]+\/[^/]+\.webp$/.test(pathname);

/** When the request of a kept answer left (ms): an answer asked before a change may predate it. */
export const ASKED_AT_HEADER = 'x-mango-asked-at';
/** A digest of a kept answer's body: a signed-in user's answers carry no ETag to compare. */
export const DIGEST_HEADER = 'x-mango-digest';

/**
 * An answer as it is kept in USER_CACHE: its body, stamped with when it was asked for and a SHA-256
 * digest of what it says, without `Vary` (the key already says for whom).
 */
export async function answerToKeep(response: Response, askedAt: number): Promise<Response> {
  const body = await response.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  const headers = new Headers(response.headers);
  headers.set(ASKED_AT_HEADER, String(askedAt));
  headers.set(DIGEST_HEADER, Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''));
  headers.delete('vary');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Keeps, as the worker would have, an answer to a GET of the API that the page was given before a
 * worker controlled it (a first visit: the worker never saw it). The page keeps it itself, at
 * once: asking again through the worker once it takes control needs the network at that moment,
 * and a person who goes offline just after the worker is installed would find My Plants missing.
 * Only what the worker would keep: a full answer (200) the server lets it keep, of a path it keeps,
 * under the key of the one who asked (nothing when the token cannot be read).
 */
export async function keepAnswerBeforeWorker(
  url: string,
  authorization: string | null,
  response: Response,
  askedAt: number,
): Promise<void> {
  const { pathname } = new URL(url);
  if (response.status !== 200 || !mayKeep(response.headers) || !mayKeepPath(pathname) || isPhotoImagePath(pathname))
    return;
  const key = keptKey(url, authorization);
  if (key === null) return;
  await (await caches.open(USER_CACHE)).put(key, await answerToKeep(response, askedAt));
}

/**
 * Deletes from USER_CACHE every answer kept for a user other than `uid` (null: for every user),
 * keeping the visitors' answers, which are public, and `uid`'s own.
 */
export async function forgetOtherUsersAnswers(uid: string | null): Promise<void> {
  if (!(await caches.has(USER_CACHE))) return;
  const cache = await caches.open(USER_CACHE);
  const others = (await cache.keys()).filter((request) => {
    const owner = ownerOfKey(request.url);
    return owner !== null && owner !== uid;
  });
  await Promise.all(others.map((request) => cache.delete(request)));
}
