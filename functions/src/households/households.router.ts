import { Router, type Request } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { requestOrigin } from '../lib/request-origin';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import {
  AwayInputSchema,
  UpdateDutyInputSchema,
  CreateInviteInputSchema,
  HouseholdNameInputSchema,
  JoinHouseholdInputSchema,
  UpdateMemberInputSchema,
  type CreatedInvite,
} from '../model';
import type { DutyService } from './duty.service';
import type { HouseholdsService } from './households.service';

/**
 * /mango/household, mounted before the plants router so "household" is never taken for a plant id.
 * Every call needs a token, and every answer is the caller's own: private. The plants the household
 * shares, /mango/household/plants, are a page of the plant list: its router answers them.
 */
export function createHouseholdsRouter(service: HouseholdsService, duty: DutyService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth), requireSignedIn);
  /** The web app's accept page for a token, on the site the request came through. */
  const joinUrl = (req: Request, token: string) => `${requestOrigin(req)}/join/${token}`;

  router
    .route('/')
    .get(async (_req, res) => {
      sendJson(res, { household: await service.getHousehold(requireViewer(res)) }, 'private');
    })
    .post(jsonBody('the household'), async (req, res) => {
      const { name } = parseInput(HouseholdNameInputSchema, req.body);
      sendJson(res, { household: await service.createHousehold(requireViewer(res), name) }, 'private', 201);
    })
    .patch(jsonBody('the household'), async (req, res) => {
      const { name } = parseInput(HouseholdNameInputSchema, req.body);
      sendJson(res, { household: await service.renameHousehold(requireViewer(res), name) }, 'private');
    })
    .delete(async (_req, res) => {
      await service.dissolveHousehold(requireViewer(res));
      sendJson(res, { deleted: true }, 'private');
    })
    .all(methodNotAllowed('GET, HEAD, POST, PATCH, DELETE'));

  // Every answer about invites is kept by no cache, not even the web app's offline copy: a new
  // one is a credential, and the accept page's is asked for with the token in its URL, which a
  // kept answer would store as its key.
  router
    .route('/invites')
    .get(async (_req, res) => {
      sendJson(res, { invites: await service.listInvites(requireViewer(res)) }, 'secret');
    })
    .post(jsonBody('the invite'), async (req, res) => {
      const input = parseInput(CreateInviteInputSchema, req.body);
      const { token, ...invite } = await service.createInvite(requireViewer(res), input);
      const body: CreatedInvite = { token, url: joinUrl(req, token), ...invite };
      sendJson(res, body, 'secret', 201);
    })
    .all(methodNotAllowed('GET, HEAD, POST'));

  // GET takes an invite's token (the accept page), DELETE an open invite's id (its owner
  // withdrawing it, OpenInvite); each is looked up as what it is, so neither works as the other.
  router
    .route('/invites/:key')
    .get(async (req, res) => {
      sendJson(res, await service.getInvite(req.params.key), 'secret');
    })
    .delete(async (req, res) => {
      await service.withdrawInvite(requireViewer(res), req.params.key);
      sendJson(res, { withdrawn: true }, 'secret');
    })
    .all(methodNotAllowed('GET, HEAD, DELETE'));

  router
    .route('/join')
    .post(jsonBody('the invite'), async (req, res) => {
      const { token } = parseInput(JoinHouseholdInputSchema, req.body);
      sendJson(res, { household: await service.joinHousehold(requireViewer(res), token) }, 'private');
    })
    .all(methodNotAllowed('POST'));

  // The rota: whose turn it is (model/duty.ts). Each answer is the rota as it is now.
  router
    .route('/duty')
    .get(async (_req, res) => {
      sendJson(res, await duty.getDuty(requireViewer(res)), 'private');
    })
    .put(jsonBody('the rota'), async (req, res) => {
      const input = parseInput(UpdateDutyInputSchema, req.body);
      sendJson(res, await duty.updateDuty(requireViewer(res), input), 'private');
    })
    .all(methodNotAllowed('GET, HEAD, PUT'));

  router
    .route('/away')
    .post(jsonBody('the days away'), async (req, res) => {
      const input = parseInput(AwayInputSchema, req.body);
      sendJson(res, await duty.markAway(requireViewer(res), input), 'private');
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/away/:uid')
    .delete(async (req, res) => {
      sendJson(res, await duty.endAway(requireViewer(res), req.params.uid), 'private');
    })
    .all(methodNotAllowed('DELETE'));

  router
    .route('/members/:uid')
    .patch(jsonBody("the person's role"), async (req, res) => {
      const input = parseInput(UpdateMemberInputSchema, req.body);
      sendJson(res, { household: await service.updateMember(requireViewer(res), req.params.uid, input) }, 'private');
    })
    .delete(async (req, res) => {
      const household = await service.removeMember(requireViewer(res), req.params.uid);
      sendJson(res, household ? { household } : { left: true }, 'private');
    })
    .all(methodNotAllowed('PATCH, DELETE'));

  return router;
}
