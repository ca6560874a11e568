import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** Anyone may store it, but must revalidate every time (ETag, 304): a fresh change is never hidden. */
export const PUBLIC_CACHE = 'public, no-cache';
/** Answered with or for a token: no cache anywhere may keep it. */
export const PRIVATE_CACHE = 'private, no-store';

/**
 * Sends JSON with the caching rules of the API. Public answers carry a strong ETag of their bytes,
 * and Express answers 304 when If-None-Match matches it. Every answer varies on Authorization,
 * since the same URL answers differently with a token.
 */
export function sendJson(res: Response, body: unknown, audience: 'public' | 'private', status = 200): void {
  const json = JSON.stringify(body);
  res.status(status).type('application/json').vary('Authorization');
  if (audience === 'public') {
    res.set('Cache-Control', PUBLIC_CACHE).set('ETag', `"${createHash('sha1').update(json).digest('base64url')}"`);
  } else {
    res.set('Cache-Control', PRIVATE_CACHE);
  }
  res.send(json);
}
