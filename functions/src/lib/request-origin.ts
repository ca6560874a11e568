import type { Request } from 'express';

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const firstValue = (header: string | undefined) => header?.split(',')[0]?.trim() || undefined;

/**
 * The origin the request came through, for absolute links. Firebase Hosting (and its emulator)
 * calls the function on the function's own host and names the site's host in X-Forwarded-Host;
 * in production the protocol comes in X-Forwarded-Proto (the emulator sends none: plain http).
 * Without them (supertest, the function's own URL) the Host header is used; a link made on the
 * function's own URL lacks that URL's path prefix, so links are meant to be asked for through
 * Hosting. Express's `trust proxy` would read the same headers, but for every route and for the
 * client's address too.
 */
export function requestOrigin(req: Request): string {
  const forwardedHost = firstValue(req.get('x-forwarded-host'));
  const host = forwardedHost && HOST.test(forwardedHost) ? forwardedHost : (req.get('host') ?? '');
  const forwardedProto = firstValue(req.get('x-forwarded-proto'))?.toLowerCase();
  const protocol = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : req.protocol;
  return `${protocol}://${HOST.test(host) ? host : 'localhost'}`;
}
