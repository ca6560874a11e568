import type { RequestHandler } from 'express';
import { HttpError } from '../lib/http-error';

/** The last handler of a route: 405 with the Allow header naming what the route supports. */
export function methodNotAllowed(allow: string): RequestHandler {
  return (req, res) => {
    res.set('Allow', allow);
    throw new HttpError(405, 'method_not_allowed', `${req.method} is not supported here; use ${allow}.`);
  };
}
