import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { CALENDAR_FEED_KEY } from '../config/runtime';
import { sendJson, sendWithEtag } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { createCalendarRepository, type CalendarRepository } from './calendar.repository';
import { createCalendarService } from './calendar.service';

/**
 * A calendar app keeps its copy and asks again with If-None-Match (ETag, 304). `private`: the link
 * is a credential, so no shared cache (Hosting's CDN included) may keep the feed, and a reset link
 * stops working at once.
 */
export const FEED_CACHE = 'private, no-cache';

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

/**
 * /mango/calendar, mounted before the plants router so "calendar" is never taken for a plant id.
 * The user's own link (GET /, POST /rotate) needs a token and is private; the feed
 * (GET /:secret) needs none, since calendar apps cannot send one: the secret is the credential.
 */
export function createCalendarRouter({
  db,
  auth,
  clock,
  accounts,
}: {
  db: () => Firestore;
  auth: () => Auth;
  clock: () => Date;
  accounts: () => AccountsRepository;
}): Router {
  let repository: CalendarRepository | undefined;
  const service = createCalendarService(() => (repository ??= createCalendarRepository(db(), accounts())), {
    clock,
    feedKey: () => CALENDAR_FEED_KEY.value(),
  });
  const feedUrl = (req: Request, secret: string) => `${requestOrigin(req)}${req.baseUrl}/${secret}`;
  const router = Router();

  router
    .route('/')
    .get(authenticate(auth), requireSignedIn, async (req, res) => {
      sendJson(res, { url: feedUrl(req, await service.getFeedSecret(requireViewer(res))) }, 'secret');
    })
    .all(methodNotAllowed('GET, HEAD'));

  router
    .route('/rotate')
    .post(authenticate(auth), requireSignedIn, async (req, res) => {
      sendJson(res, { url: feedUrl(req, await service.rotateFeedSecret(requireViewer(res))) }, 'secret');
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/:secret')
    .get(async (req, res) => {
      const body = await service.renderFeed(req.params.secret, requestOrigin(req));
      res.status(200).type('text/calendar; charset=utf-8');
      sendWithEtag(res, body, FEED_CACHE);
    })
    .all(methodNotAllowed('GET, HEAD'));

  return router;
}
