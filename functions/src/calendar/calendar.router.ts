import { Router, type Request, type RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson, sendWithEtag } from '../lib/http-cache';
import { requestOrigin } from '../lib/request-origin';
import type { Viewer } from '../lib/viewer';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import type { CalendarService } from './calendar.service';

/**
 * A calendar app keeps its copy and asks again with If-None-Match (ETag, 304). `private`: the link
 * is a credential, so no shared cache (Hosting's CDN included) may keep the feed, and a reset link
 * stops working at once.
 */
const FEED_CACHE = 'private, no-cache';

/**
 * /mango/calendar, mounted before the plants router so "calendar" is never taken for a plant id.
 * The user's own link (GET /, POST /rotate) needs a token and is private; the feed
 * (GET /:secret) needs none, since calendar apps cannot send one: the secret is the credential.
 * The same three for the user's link to their household's feed: GET /household, POST
 * /household/rotate and GET /household/:secret.ics.
 */
export function createCalendarRouter(service: CalendarService, auth: () => Auth): Router {
  const router = Router();
  // A person's link to their household's feed first: /:secret would take "household" for a secret.
  const signedIn = [authenticate(auth), requireSignedIn];
  feedRoutes(router, '/household', signedIn, {
    link: service.getHouseholdFeedSecret,
    reset: service.rotateHouseholdFeedSecret,
    render: service.renderHouseholdFeed,
    file: (secret) => `${secret}.ics`,
  });
  feedRoutes(router, '', signedIn, {
    link: service.getFeedSecret,
    reset: service.rotateFeedSecret,
    render: service.renderFeed,
    file: (secret) => secret,
  });
  return router;
}

/**
 * A feed's three routes under `at`: GET `at` (the caller's link, made on the first call), POST
 * `at`/rotate (a new link) and GET `at`/:file (the feed, needing no token). The link is
 * `<origin><base><at>/<file(secret)>`; `signedIn` checks the caller's token.
 */
function feedRoutes(
  router: Router,
  at: string,
  signedIn: RequestHandler[],
  feed: {
    link: (viewer: Viewer) => Promise<string>;
    reset: (viewer: Viewer) => Promise<string>;
    render: (file: string, siteOrigin: string) => Promise<string>;
    file: (secret: string) => string;
  },
): void {
  const url = (req: Request, secret: string) => `${requestOrigin(req)}${req.baseUrl}${at}/${feed.file(secret)}`;
  router
    .route(at || '/')
    .get(...signedIn, async (req, res) => {
      sendJson(res, { url: url(req, await feed.link(requireViewer(res))) }, 'secret');
    })
    .all(methodNotAllowed('GET, HEAD'));
  router
    .route(`${at}/rotate`)
    .post(...signedIn, async (req, res) => {
      sendJson(res, { url: url(req, await feed.reset(requireViewer(res))) }, 'secret');
    })
    .all(methodNotAllowed('POST'));
  router
    .route(`${at}/:file`)
    .get(async (req, res) => {
      const body = await feed.render(req.params.file, requestOrigin(req));
      res.status(200).type('text/calendar; charset=utf-8');
      sendWithEtag(res, body, FEED_CACHE);
    })
    .all(methodNotAllowed('GET, HEAD'));
}
