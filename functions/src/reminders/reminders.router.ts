import { Router, type Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import {
  PushEndpointInputSchema,
  PushSubscriptionInputSchema,
  UpdateReminderSettingsInputSchema,
} from '../model/reminders';
import type { RemindersService } from './reminders.service';

/** The small page the unsubscribe link opens: no script, no inline style (the site's policy forbids both). */
function unsubscribePage(res: Response, status: number, heading: string, body: string, form?: string): void {
  const formHtml = form
    ? `<form method="post" action="${form}"><button type="submit">Stop reminder emails</button></form>`
    : '';
  res
    .status(status)
    .type('text/html; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .set('Referrer-Policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mango Grove Tracker | Reminder emails</title></head><body><main><h1>${heading}</h1><p>${body}</p>${formHtml}<p><a href="/dashboard/reminders">Reminder settings</a></p></main></body></html>`,
    );
}

const LINK_FAILED = 'This link does not work any more. You can turn reminder emails off on the Reminders page.';

/**
 * /mango/reminders: a person's reminder settings and browsers, a test digest, and the link in every
 * email that turns email off without signing in. Mounted before the plants router, whose /:id
 * would otherwise take "reminders" for a plant id.
 */
export function createRemindersRouter(service: RemindersService, auth: () => Auth): Router {
  const router = Router();

  // Public: the key browsers subscribe with, the same for everyone (the CDN may keep it).
  router
    .route('/push-key')
    .get((_req, res) => sendJson(res, service.pushKey(), 'public'))
    .all(methodNotAllowed('GET, HEAD'));

  // The unsubscribe link, without a token: its own secret in the query. GET shows a button (mail
  // scanners open links, and must not unsubscribe anyone); POST turns email off, as the one-click
  // List-Unsubscribe-Post of RFC 8058 does.
  router
    .route('/unsubscribe')
    .get((req, res) => {
      const { u, t } = req.query as { u?: string; t?: string };
      if (typeof u !== 'string' || typeof t !== 'string') {
        unsubscribePage(res, 404, 'Reminder emails', LINK_FAILED);
        return;
      }
      const action = `/mango/reminders/unsubscribe?u=${encodeURIComponent(u)}&amp;t=${encodeURIComponent(t)}`;
      unsubscribePage(
        res,
        200,
        'Stop reminder emails?',
        'Your daily care digest will no longer come by email.',
        action,
      );
    })
    .post(async (req, res) => {
      const { u, t } = req.query as { u?: string; t?: string };
      const done = typeof u === 'string' && typeof t === 'string' && (await service.unsubscribe(u, t));
      if (!done) unsubscribePage(res, 404, 'Reminder emails', LINK_FAILED);
      else
        unsubscribePage(
          res,
          200,
          'Reminder emails are off',
          'You will get no more digests by email. You can turn them on again on the Reminders page.',
        );
    })
    .all(methodNotAllowed('GET, HEAD, POST'));

  router.use(authenticate(auth), requireSignedIn);

  router
    .route('/settings')
    .get(async (_req, res) => sendJson(res, await service.getSettings(requireViewer(res)), 'private'))
    .put(jsonBody('the reminder settings'), async (req, res) => {
      const input = parseInput(UpdateReminderSettingsInputSchema, req.body);
      sendJson(res, await service.updateSettings(requireViewer(res), input), 'private');
    })
    .all(methodNotAllowed('GET, HEAD, PUT'));

  router
    .route('/push-subscriptions')
    .post(jsonBody('the push subscription'), async (req, res) => {
      const input = parseInput(PushSubscriptionInputSchema, req.body);
      await service.addSubscription(requireViewer(res), input);
      sendJson(res, { subscribed: true }, 'secret', 201);
    })
    .delete(jsonBody('the push subscription'), async (req, res) => {
      const { endpoint } = parseInput(PushEndpointInputSchema, req.body);
      sendJson(res, { deletedCount: await service.removeSubscription(requireViewer(res), endpoint) }, 'secret');
    })
    .all(methodNotAllowed('POST, DELETE'));

  router
    .route('/test')
    .post(async (_req, res) => {
      sendJson(res, { sent: await service.sendTest(requireViewer(res)) }, 'secret');
    })
    .all(methodNotAllowed('POST'));

  return router;
}
