import express, { Router, type Request, type RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { sendJson } from '../lib/http-cache';
import { HttpError } from '../lib/http-error';
import { reportReads } from '../lib/read-meter';
import { authenticate, requireSignedIn, requireViewer, viewerOf } from '../middleware/authenticate';
import { sendError } from '../middleware/error-handler';
import { jsonBody } from '../middleware/json-body';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { PHOTO_LIMITS, SetCoverInputSchema, UploadPhotoQuerySchema } from '../model';
import type { PhotosService } from './photos.service';

/** The Cloud Functions runtime keeps the bytes it read here. */
type RuntimeRequest = Request & { rawBody?: Buffer };

/**
 * A photo's bytes never change for its URL (a new photo gets a new id, never used again), but the
 * URL must stop working when the photo is deleted: the function answers 404 at once, and Hosting's
 * CDN and browsers keep a copy for an hour at most. A view after that asks the function again.
 */
const IMAGE_CACHE = 'public, max-age=3600';

const tooLarge = () =>
  new HttpError(
    413,
    'payload_too_large',
    `The photo is too large: a photo may be at most ${PHOTO_LIMITS.bytes / 1024 / 1024} MB.`,
  );

/*
 * The photo's bytes, whatever the Content-Type (the service checks it), up to PHOTO_LIMITS.bytes.
 * In Cloud Functions the runtime has already read the body (up to 32 MB) into req.rawBody and this
 * parser steps aside, so the length is checked again there; anywhere else (supertest) it reads it.
 */
const readBytes = express.raw({ type: () => true, limit: PHOTO_LIMITS.bytes });

const photoBytes: RequestHandler = (req, res, next) => {
  if (Number(req.get('content-length') ?? 0) > PHOTO_LIMITS.bytes) {
    next(tooLarge());
    return;
  }
  readBytes(req, res, (error?: unknown) =>
    next((error as { type?: unknown } | undefined)?.type === 'entity.too.large' ? tooLarge() : error),
  );
};

function bytesOf(req: RuntimeRequest): Buffer {
  const bytes = req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
  if (bytes.length > PHOTO_LIMITS.bytes) throw tooLarge();
  if (bytes.length === 0)
    throw new HttpError(400, 'invalid_body', 'The request has no photo: send the image itself as the body.');
  return bytes;
}

/**
 * /mango/:id/photos, /mango/:id/cover and the images themselves. Each route verifies the token
 * itself (as the transfer routes do), so requests for other routes pass through untouched.
 */
export function createPhotosRouter(service: PhotosService, auth: () => Auth): Router {
  const router = Router();
  const signedIn = [authenticate(auth), requireSignedIn];

  router
    .route('/:id/photos')
    .get(authenticate(auth), async (req, res) => {
      const viewer = viewerOf(res);
      sendJson(res, { photos: await service.listPhotos(req.params.id) }, viewer ? 'private' : 'public');
    })
    .post(...signedIn, photoBytes, async (req, res) => {
      const query = parseInput(UploadPhotoQuerySchema, req.query);
      const photo = await service.uploadPhoto(
        requireViewer(res),
        req.params.id,
        bytesOf(req),
        req.get('content-type'),
        query,
      );
      sendJson(res, photo, 'private', 201);
    })
    .all(methodNotAllowed('GET, HEAD, POST'));

  router
    .route('/:id/photos/:photoId')
    .delete(...signedIn, async (req, res) => {
      const deletedCount = await service.deletePhoto(requireViewer(res), req.params.id, req.params.photoId);
      sendJson(res, { deletedCount }, 'private');
    })
    .all(methodNotAllowed('DELETE'));

  // The image itself: the same bytes for everyone, so no token is read and nothing varies on it.
  router
    .route('/:id/photos/:photoId/:file')
    .get(async (req, res) => {
      const bytes = await service.readRendition(req.params.id, req.params.photoId, req.params.file);
      reportReads(res);
      if (!bytes) {
        sendError(res, new HttpError(404, 'not_found', 'That photo does not exist. It may have been deleted.'));
        return;
      }
      res.status(200).type('image/webp').set('Cache-Control', IMAGE_CACHE).send(bytes);
    })
    .all(methodNotAllowed('GET, HEAD'));

  router
    .route('/:id/cover')
    .put(...signedIn, jsonBody('the cover'), async (req, res) => {
      const input = parseInput(SetCoverInputSchema, req.body);
      sendJson(res, await service.setCover(requireViewer(res), req.params.id, input), 'private');
    })
    .all(methodNotAllowed('PUT'));

  return router;
}
