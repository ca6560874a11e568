import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { WORKER_CACHE_CONTROL, WORKER_KEEPS_FOR_USER } from '../model/worker-cache';
import { reportReads } from './read-meter';

/**
 * An anonymous answer (the same for every visitor): Firebase Hosting's CDN may keep it for 30 s
 * and serve it up to 30 s more while it fetches a fresh copy, so a loop of anonymous requests
 * reaches the function, and Firestore, at most about once per 30 s per URL. Browsers keep nothing
 * (max-age=0) and revalidate with the ETag. A visitor sees any change within a minute (a minute and
 * a half for the plain list and the filter options, which an instance also keeps for 30 s); a signed-in
 * user sees their own at once, because the web app asks with its token (private, below) after a
 * change of theirs.
 */
export const PUBLIC_CACHE = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
/** Answered with or for a token: no cache anywhere may keep it. */
export const PRIVATE_CACHE = 'private, no-store';

/** If-None-Match (RFC 9110 13.1.2): a list of entity tags or `*`, compared weakly. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Who may keep an answer: `public`, anyone (the CDN too); `private`, the signed-in user's own data,
 * which no HTTP cache may keep but the web app's service worker may keep for that user, for offline
 * use (model/worker-cache.ts); `secret`, an answer that is a credential (the calendar feed's link),
 * kept nowhere.
 */
export type Audience = 'public' | 'private' | 'secret';

/**
 * Sends JSON with the caching rules of the API. Public answers carry a strong ETag of their bytes
 * and a matching If-None-Match gets 304. The match is decided here rather than by Express, whose
 * freshness check gives up when the request says `Cache-Control: no-cache`, as the Hosting
 * emulator's proxy and fetch() with an If-None-Match both do, though the origin is exactly where
 * such a request should be revalidated. Every answer varies on Authorization, since the same URL
 * answers differently with a token.
 */
export function sendJson(res: Response, body: unknown, audience: Audience, status = 200): void {
  const json = JSON.stringify(body);
  reportReads(res);
  res.status(status).type('application/json').vary('Authorization');
  if (audience !== 'public') {
    if (audience === 'private') res.set(WORKER_CACHE_CONTROL, WORKER_KEEPS_FOR_USER);
    res.set('Cache-Control', PRIVATE_CACHE).send(json);
    return;
  }
  sendWithEtag(res, json, PUBLIC_CACHE);
}

/**
 * Sends a body that a cache may keep (the Content-Type and status already set on `res`) with a
 * strong ETag of its bytes, and 304 without the body when If-None-Match names that ETag.
 */
export function sendWithEtag(res: Response, body: string, cacheControl: string): void {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  res.set('Cache-Control', cacheControl).set('ETag', etag);
  if (matchesIfNoneMatch(res.req.get('if-none-match'), etag)) {
    res.status(304).removeHeader('Content-Type');
    res.end();
    return;
  }
  res.send(body);
}
