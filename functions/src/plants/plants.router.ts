import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer, viewerOf } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { CreatePlantInputSchema, UpdatePlantRequestSchema } from '../model';
import type { PlantsService } from './plants.service';

/**
 * The plant store under /mango: POST / (GET / is the list's) and /:id. Mounted after the routers of
 * the other plant rooms, whose fixed paths (/facets, /due, /care, /waterings) its /:id would take
 * for plant ids. An answer to an anonymous GET is public; anything asked with a token is private.
 */
export function createPlantsRouter(store: PlantsService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth));

  router
    .route('/')
    .post(requireSignedIn, jsonBody('the plant'), async (req, res) => {
      const input = parseInput(CreatePlantInputSchema, req.body);
      const insertedId = await store.createPlant(requireViewer(res), input);
      res.location(`${req.baseUrl}/${insertedId}`);
      sendJson(res, { insertedId }, 'private', 201);
    })
    .all(methodNotAllowed('GET, HEAD, POST'));

  router
    .route('/:id')
    .get(async (req, res) => {
      const viewer = viewerOf(res);
      sendJson(res, await store.getPlant(viewer, req.params.id), viewer ? 'private' : 'public');
    })
    .put(requireSignedIn, jsonBody('the plant'), async (req, res) => {
      const input = parseInput(UpdatePlantRequestSchema, req.body);
      const modifiedCount = await store.updatePlant(requireViewer(res), req.params.id, input);
      sendJson(res, { modifiedCount }, 'private');
    })
    .delete(requireSignedIn, async (req, res) => {
      const deletedCount = await store.deletePlant(requireViewer(res), req.params.id);
      sendJson(res, { deletedCount }, 'private');
    })
    .all(methodNotAllowed('GET, HEAD, PUT, DELETE'));

  return router;
}
