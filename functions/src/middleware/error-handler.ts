import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { MAX_BODY_BYTES } from '../config/runtime';
import { HttpError } from '../lib/http-error';
import { errorFields, log } from '../lib/log';
import { routeOf } from '../lib/request-log';

export function sendError(res: Response, error: HttpError): void {
  // 401 answers name the scheme the API expects (RFC 9110 requires the header).
  if (error.status === 401) res.set('WWW-Authenticate', 'Bearer');
  if (error.headers) res.set(error.headers);
  res
    .status(error.status)
    .set('Cache-Control', 'no-store')
    .json({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
}

/** A path that names nothing: the app's last handler, and a router's retired paths (the whole path either way). */
export const notFound: RequestHandler = (req, res) => {
  sendError(res, new HttpError(404, 'not_found', `There is nothing at ${req.method} ${req.baseUrl}${req.path}.`));
};

/** Errors thrown by Express's body parser (http-errors with a `type`), as our own errors. */
function bodyParserError(error: unknown): HttpError | undefined {
  const { type, status, expose } = (error ?? {}) as { type?: unknown; status?: unknown; expose?: unknown };
  switch (type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'malformed_json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new HttpError(
        413,
        'payload_too_large',
        `The request body is too large (${MAX_BODY_BYTES / 1024} KB at most).`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'unsupported_media_type', 'Send the request body as UTF-8 JSON.');
  }
  if (typeof status === 'number' && status >= 400 && status < 500 && expose === true) {
    return new HttpError(status, 'bad_request', 'The request could not be read. Please try again.');
  }
  return undefined;
}

/**
 * One place that turns every failure into `{ error: { code, message, fields? } }`. An unexpected
 * one is logged with the route's pattern, never the URL, body or caller: those may name a person.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  if (error instanceof HttpError) {
    sendError(res, error);
    return;
  }
  const known = bodyParserError(error);
  if (known) {
    sendError(res, known);
    return;
  }
  log.error('Unexpected error', { method: req.method, route: routeOf(req), error: errorFields(error) });
  sendError(res, new HttpError(500, 'internal', 'Something went wrong on our side. Please try again.'));
};
