import type { ErrorRequestHandler, RequestHandler } from 'express';
import { logger } from 'firebase-functions';
import { HttpError } from '../lib/http-error';

export function sendError(res: Parameters<RequestHandler>[1], error: HttpError): void {
  res
    .status(error.status)
    .set('Cache-Control', 'no-store')
    .json({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
}

export const notFound: RequestHandler = (req, res) => {
  sendError(res, new HttpError(404, 'not_found', `There is nothing at ${req.method} ${req.path}.`));
};

/** One place that turns every failure into `{ error: { code, message, fields? } }`. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof HttpError) {
    sendError(res, error);
    return;
  }
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') {
    sendError(res, new HttpError(400, 'malformed_json', 'The request body is not valid JSON.'));
    return;
  }
  if (type === 'entity.too.large') {
    sendError(res, new HttpError(413, 'payload_too_large', 'The request body is too large (100 KB at most).'));
    return;
  }
  logger.error('Unexpected error', error);
  sendError(res, new HttpError(500, 'internal', 'Something went wrong on our side. Please try again.'));
};
