import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { DueQuerySchema } from '../plants/plants.schemas';
import type { DueService } from './due.service';

/** GET /mango/due, mounted before the plant store's /:id, which would otherwise take "due" for a plant id. */
export function createDueRouter(due: DueService, auth: () => Auth): Router {
  const router = Router();
  router
    .route('/due')
    .get(authenticate(auth), requireSignedIn, async (req, res) => {
      const query = parseInput(DueQuerySchema, req.query);
      sendJson(res, await due.listDue(requireViewer(res), query), 'private');
    })
    .all(methodNotAllowed('GET, HEAD'));
  return router;
}
