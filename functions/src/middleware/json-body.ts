import express, { type Request, type RequestHandler } from 'express';
import { MAX_BODY_BYTES } from '../config/runtime';
import { HttpError } from '../lib/http-error';

/** The Cloud Functions runtime keeps the bytes it parsed here. */
type RuntimeRequest = Request & { rawBody?: Buffer };

const tooLarge = () =>
  new HttpError(413, 'payload_too_large', `The request body is too large (${MAX_BODY_BYTES / 1024} KB at most).`);

function hasBody(req: Request): boolean {
  return req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/*
 * In Cloud Functions (and its emulator) the runtime has already read and parsed the body before
 * Express runs, with a 32 MB limit; body-parser then sees a finished stream and steps aside. Run
 * anywhere else (supertest, a plain server), this parser does the work with our own limit.
 */
const parseJson = express.json({ limit: MAX_BODY_BYTES, strict: true });

function checkBody(req: RuntimeRequest, what: string): void {
  if (Number(req.get('content-length') ?? 0) > MAX_BODY_BYTES || (req.rawBody?.length ?? 0) > MAX_BODY_BYTES)
    throw tooLarge();
  if (hasBody(req) && !req.is('application/json')) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Send ${what} as JSON, with the header Content-Type: application/json.`,
    );
  }
  req.body ??= {};
  if (!isPlainObject(req.body))
    throw new HttpError(400, 'invalid_body', `The request body must be a JSON object describing ${what}.`);
}

/**
 * A JSON object body of at most MAX_BODY_BYTES in req.body: 413, 415 or 400 otherwise, each
 * sentence naming `what` the body describes ("the plant", "the rota").
 */
export function jsonBody(what: string): RequestHandler {
  return (req, res, next) => {
    parseJson(req, res, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      try {
        checkBody(req, what);
      } catch (refusal) {
        next(refusal);
        return;
      }
      next();
    });
  };
}
