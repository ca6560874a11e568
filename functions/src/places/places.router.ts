import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { authenticate, requireSignedIn, requireViewer } from '../middleware/authenticate';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { CreatePlaceInputSchema, ListPlacesQuerySchema, PlaceOrderInputSchema, UpdatePlaceInputSchema } from '../model';
import type { PlacesService } from './places.service';

/**
 * /mango/places, mounted before the plant store, whose /:id would take "places" for a plant id.
 * Every call needs a token, and every answer is the caller's own: private. /order comes before
 * /:id, which would take it for a place's id.
 */
export function createPlacesRouter(places: PlacesService, auth: () => Auth): Router {
  const router = Router();
  router.use(authenticate(auth), requireSignedIn);

  router
    .route('/')
    .get(async (req, res) => {
      const query = parseInput(ListPlacesQuerySchema, req.query);
      sendJson(res, { places: await places.listPlaces(requireViewer(res), query) }, 'private');
    })
    .post(jsonBody('the place'), async (req, res) => {
      const input = parseInput(CreatePlaceInputSchema, req.body);
      const place = await places.createPlace(requireViewer(res), input);
      res.location(`${req.baseUrl}/${place.id}`);
      sendJson(res, place, 'private', 201);
    })
    .all(methodNotAllowed('GET, HEAD, POST'));

  router
    .route('/order')
    .put(jsonBody('the order of your places'), async (req, res) => {
      const input = parseInput(PlaceOrderInputSchema, req.body);
      sendJson(res, { places: await places.orderPlaces(requireViewer(res), input) }, 'private');
    })
    .all(methodNotAllowed('PUT'));

  router
    .route('/:id')
    .put(jsonBody('the place'), async (req, res) => {
      const input = parseInput(UpdatePlaceInputSchema, req.body);
      sendJson(res, await places.updatePlace(requireViewer(res), req.params.id, input), 'private');
    })
    .delete(async (req, res) => {
      sendJson(res, await places.deletePlace(requireViewer(res), req.params.id), 'private');
    })
    .all(methodNotAllowed('PUT, DELETE'));

  return router;
}
