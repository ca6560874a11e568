import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, viewerOf } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import type { StatsService } from './stats.service';

/**
 * /mango/stats, mounted before the plants router so "stats" is never taken for a plant id.
 * Anyone may ask; a visitor's answer is public (ETag, revalidated on every use), a signed-in
 * caller's carries `mine` and is private. A token that does not verify is a 401, as everywhere.
 */
export function createStatsRouter(service: StatsService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth));
  router
    .route('/')
    .get(async (_req, res) => {
      const viewer = viewerOf(res);
      sendJson(res, await service.getStats(viewer), viewer ? 'private' : 'public');
    })
    .all(methodNotAllowed('GET, HEAD'));
  return router;
}
