import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { withLogContext } from './log';

const REQUEST_ID_HEADER = 'X-Request-Id';

// Google's front end sends `TRACE_ID/SPAN_ID;o=OPTIONS`; W3C Trace Context `00-TRACE_ID-SPAN_ID-FLAGS`.
const CLOUD_TRACE = /^([0-9a-f]{32})(?:\/|$)/i;
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The trace id Google's front end gave the request, so an operator finds its lines beside the
 * platform's request log and trace; a random id when it has none. Only hex is taken from a
 * header, which a caller may also send, so nothing of theirs but an id reaches a log line.
 */
function requestIdOf(req: Request): string {
  const traceId =
    CLOUD_TRACE.exec(req.get('X-Cloud-Trace-Context') ?? '')?.[1] ??
    TRACEPARENT.exec(req.get('traceparent') ?? '')?.[1];
  return traceId && !/^0+$/.test(traceId) ? traceId : randomUUID();
}

/** Middleware: the request's id, answered in `X-Request-Id` and carried by every line written while it runs. */
export const identifyRequests: RequestHandler = (req, res, next) => {
  const requestId = requestIdOf(req);
  res.set(REQUEST_ID_HEADER, requestId);
  withLogContext({ requestId }, next);
};

/**
 * The route a request took, as its pattern (`/mango/household/away/:uid`), so a line names it
 * without the ids, secrets and query string its URL holds; its path without the query when no
 * route matched. When the app's error handler runs, Express has already set `req.baseUrl` back to
 * the app's own, so the router's mount (a fixed path in this app) is taken back from the path:
 * its segments before the route's own.
 */
export function routeOf(req: Request): string {
  const path = req.baseUrl + req.path;
  const pattern: unknown = req.route?.path;
  if (typeof pattern !== 'string' || /[*{(]/.test(pattern)) return path;
  const own = pattern.split('/').filter(Boolean);
  const segments = path.split('/').filter(Boolean);
  if (own.length > segments.length) return path;
  return `/${[...segments.slice(0, segments.length - own.length), ...own].join('/')}`;
}
