import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer, viewerOf } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import {
  CARE_JOB_INPUT_SCHEMAS,
  CareBatchInputSchema,
  CreatePlantInputSchema,
  NoteInputSchema,
  UndoWateringBatchInputSchema,
  UpdatePlantRequestSchema,
  WateringBatchInputSchema,
  WateringInputSchema,
} from '../model';
import { DueQuerySchema, ListPlantsQuerySchema, isPagedQuery } from './plants.schemas';
import { careJobOf, type PlantsService } from './plants.service';

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

  // Before /:id, which would otherwise take "facets" (and "waterings", "care" and "due" below) for a plant id.
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

  // Several jobs (waterings and care tasks) at once, and the caller's due plants: owner only.
  router
    .route('/care')
    .post(requireSignedIn, jsonBody, async (req, res) => {
      const input = parseInput(CareBatchInputSchema, req.body);
      sendJson(res, { plants: await service.doCareJobs(requireViewer(res), input) }, 'private');
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/due')
    .get(requireSignedIn, async (req, res) => {
      const query = parseInput(DueQuerySchema, req.query);
      sendJson(res, await service.listDue(requireViewer(res), query), 'private');
    })
    .all(methodNotAllowed('GET, HEAD'));

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

  // A job done by its task's name (`water` is the same as /:id/waterings), and its undo. An
  // unknown task is a path that names nothing: 404.
  router
    .route('/:id/care/:task')
    .post(requireSignedIn, jsonBody, async (req, res) => {
      const job = careJobOf(req.params.task);
      const input = parseInput(job === 'water' ? WateringInputSchema : CARE_JOB_INPUT_SCHEMAS[job], req.body);
      sendJson(res, await service.doCareJob(requireViewer(res), req.params.id, job, input), 'private');
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/:id/care/:task/latest')
    .delete(requireSignedIn, async (req, res) => {
      const job = careJobOf(req.params.task);
      sendJson(res, await service.undoLatestCareJob(requireViewer(res), req.params.id, job), 'private');
    })
    .all(methodNotAllowed('DELETE'));

  // The plant's journal: notes in its history.
  router
    .route('/:id/notes')
    .post(requireSignedIn, jsonBody, async (req, res) => {
      const input = parseInput(NoteInputSchema, req.body);
      const note = await service.addNote(requireViewer(res), req.params.id, input);
      res.location(`${req.baseUrl}/${req.params.id}/notes/${note._id}`);
      sendJson(res, note, 'private', 201);
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/:id/notes/:noteId')
    .delete(requireSignedIn, async (req, res) => {
      const deletedCount = await service.deleteNote(requireViewer(res), req.params.id, req.params.noteId);
      sendJson(res, { deletedCount }, 'private');
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
