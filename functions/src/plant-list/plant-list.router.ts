import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer, viewerOf } from '../middleware/authenticate';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { HouseholdPlantsQuerySchema, ListPlantsQuerySchema, isPagedQuery } from '../plants/plants.schemas';
import type { PlantListService } from './plant-list.service';

/**
 * GET /mango (the list, paged or by email), GET /mango/facets and GET /mango/household/plants (the
 * plants a household shares), mounted before the plant store's router, which answers the other
 * methods of /mango. An answer to an anonymous GET is public (ETag, revalidated on every use);
 * anything asked with a token is private and never stored by a cache.
 */
export function createPlantListRouter(list: PlantListService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth));

  router.route('/').get(async (req, res) => {
    const query = parseInput(ListPlantsQuerySchema, req.query);
    if (isPagedQuery(query)) {
      const viewer = viewerOf(res);
      sendJson(res, await list.listPlantPage(viewer, query), viewer ? 'private' : 'public');
      return;
    }
    const { email, limit, before } = query;
    const page = { limit, before };
    if (email === undefined) {
      const viewer = viewerOf(res);
      sendJson(res, await list.listPlants(viewer, page), viewer ? 'private' : 'public');
      return;
    }
    sendJson(res, await list.listOwnPlants(requireViewer(res), email, page), 'private');
  });

  // Before the plant store's /:id, which would otherwise take "facets" for a plant id.
  router
    .route('/facets')
    .get(async (_req, res) => {
      sendJson(res, await list.facets(), viewerOf(res) ? 'private' : 'public');
    })
    .all(methodNotAllowed('GET, HEAD'));

  // The plants the caller's household shares, a page at a time by name.
  router
    .route('/household/plants')
    .get(requireSignedIn, async (req, res) => {
      const query = parseInput(HouseholdPlantsQuerySchema, req.query);
      sendJson(res, await list.listHouseholdPlants(requireViewer(res), query), 'private');
    })
    .all(methodNotAllowed('GET, HEAD'));

  return router;
}
