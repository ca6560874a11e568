import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { MembershipReader } from '../households/membership';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { DueRepository } from '../due/due.repository';
import { CALENDAR_FEED_KEY } from '../config/runtime';
import { sendJson, sendWithEtag } from '../lib/http-cache';
import { requestOrigin } from '../lib/request-origin';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { createCalendarRepository, type CalendarRepository } from './calendar.repository';
import { createCalendarService } from './calendar.service';
import type { DutyReader } from '../households/duty';

/**
 * A calendar app keeps its copy and asks again with If-None-Match (ETag, 304). `private`: the link
 * is a credential, so no shared cache (Hosting's CDN included) may keep the feed, and a reset link
 * stops working at once.
 */
export const FEED_CACHE = 'private, no-cache';

/**
 * /mango/calendar, mounted before the plants router so "calendar" is never taken for a plant id.
 * The user's own link (GET /, POST /rotate) needs a token and is private; the feed
 * (GET /:secret) needs none, since calendar apps cannot send one: the secret is the credential.
 * The same three for the user's link to their household's feed: GET /household, POST
 * /household/rotate and GET /household/:secret.ics.
 */
export function createCalendarRouter({
  db,
  auth,
  clock,
  accounts,
  due,
  membershipOf,
  dutyOf,
}: {
  membershipOf: MembershipReader;
  /** A household's rota, for who is on duty for each shared plant's job (households/duty.ts). */
  dutyOf?: DutyReader;
  db: () => Firestore;
  auth: () => Auth;
  clock: () => Date;
  accounts: () => AccountsRepository;
  due: () => DueRepository;
}): Router {
  let repository: CalendarRepository | undefined;
  const service = createCalendarService(() => (repository ??= createCalendarRepository(db(), accounts(), due())), {
    clock,
    feedKey: () => CALENDAR_FEED_KEY.value(),
    membershipOf,
    dutyOf,
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

  // A person's link to their household's feed: before /:secret, which would take "household" for one.
  const householdFeedUrl = (req: Request, secret: string) =>
    `${requestOrigin(req)}${req.baseUrl}/household/${secret}.ics`;
  router
    .route('/household')
    .get(authenticate(auth), requireSignedIn, async (req, res) => {
      sendJson(res, { url: householdFeedUrl(req, await service.getHouseholdFeedSecret(requireViewer(res))) }, 'secret');
    })
    .all(methodNotAllowed('GET, HEAD'));

  router
    .route('/household/rotate')
    .post(authenticate(auth), requireSignedIn, async (req, res) => {
      sendJson(
        res,
        { url: householdFeedUrl(req, await service.rotateHouseholdFeedSecret(requireViewer(res))) },
        'secret',
      );
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/household/:file')
    .get(async (req, res) => {
      const body = await service.renderHouseholdFeed(req.params.file, requestOrigin(req));
      res.status(200).type('text/calendar; charset=utf-8');
      sendWithEtag(res, body, FEED_CACHE);
    })
    .all(methodNotAllowed('GET, HEAD'));

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
