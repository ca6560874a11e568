import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer, viewerOf } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { CreatePlantInputSchema, UndoWateringBatchInputSchema, UpdatePlantRequestSchema, WateringBatchInputSchema, WateringInputSchema } from '../model';
import { ListPlantsQuerySchema, isPagedQuery } from './plants.schemas';
import type { PlantsService } from './plants.service';

/**
 * /mango. An answer to an anonymous GET is public (ETag, revalidated on every use); anything asked
 * with a token is private and never stored by a cache.
 */
export function createPlantsRouter(service: PlantsService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth));

  router
    .route('/')
    .get(async (req, res) => {
      const query = parseInput(ListPlantsQuerySchema, req.query);
      if (isPagedQuery(query)) {
        const viewer = viewerOf(res);
        sendJson(res, await service.listPlantPage(viewer, query), viewer ? 'private' : 'public');
        return;
      }
      const { email, limit, before } = query;
      const page = { limit, before };
      if (email === undefined) {
        const viewer = viewerOf(res);
        sendJson(res, await service.listPlants(viewer, page), viewer ? 'private' : 'public');
        return;
      }
      sendJson(res, await service.listOwnPlants(requireViewer(res), email, page), 'private');
    })
    .post(requireSignedIn, jsonBody, async (req, res) => {
      const input = parseInput(CreatePlantInputSchema, req.body);
      const insertedId = await service.createPlant(requireViewer(res), input);
      res.location(`${req.baseUrl}/${insertedId}`);
      sendJson(res, { insertedId }, 'private', 201);
    })
    .all(methodNotAllowed('GET, HEAD, POST'));

  // Before /:id, which would otherwise take "facets" (and "waterings" below) for a plant id.
  router
    .route('/facets')
    .get(async (_req, res) => {
      sendJson(res, await service.facets(), viewerOf(res) ? 'private' : 'public');
    })
    .all(methodNotAllowed('GET, HEAD'));

  // "Water all due" and its undo, each one request for many plants (owner only: private).
  router
    .route('/waterings')
    .post(requireSignedIn, jsonBody, async (req, res) => {
      const input = parseInput(WateringBatchInputSchema, req.body);
      sendJson(res, { plants: await service.waterPlants(requireViewer(res), input) }, 'private');
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/waterings/latest')
    .delete(requireSignedIn, jsonBody, async (req, res) => {
      const input = parseInput(UndoWateringBatchInputSchema, req.body);
      sendJson(res, { plants: await service.undoLatestWaterings(requireViewer(res), input) }, 'private');
    })
    .all(methodNotAllowed('DELETE'));

  router
    .route('/:id')
    .get(async (req, res) => {
      const viewer = viewerOf(res);
      sendJson(res, await service.getPlant(viewer, req.params.id), viewer ? 'private' : 'public');
    })
    .put(requireSignedIn, jsonBody, async (req, res) => {
      const input = parseInput(UpdatePlantRequestSchema, req.body);
      const modifiedCount = await service.updatePlant(requireViewer(res), req.params.id, input);
      sendJson(res, { modifiedCount }, 'private');
    })
    .delete(requireSignedIn, async (req, res) => {
      const deletedCount = await service.deletePlant(requireViewer(res), req.params.id);
      sendJson(res, { deletedCount }, 'private');
    })
    .all(methodNotAllowed('GET, HEAD, PUT, DELETE'));

  // The care schedule: owner only, so every answer is private.
  router
    .route('/:id/waterings')
    .post(requireSignedIn, jsonBody, async (req, res) => {
      const input = parseInput(WateringInputSchema, req.body);
      sendJson(res, await service.waterPlant(requireViewer(res), req.params.id, input), 'private');
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/:id/waterings/latest')
    .delete(requireSignedIn, async (req, res) => {
      sendJson(res, await service.undoLatestWatering(requireViewer(res), req.params.id), 'private');
    })
    .all(methodNotAllowed('DELETE'));

  router
    .route('/:id/events')
    .get(requireSignedIn, async (req, res) => {
      sendJson(res, await service.listEvents(requireViewer(res), req.params.id), 'private');
    })
    .all(methodNotAllowed('GET, HEAD'));

  return router;
}
