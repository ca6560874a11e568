import type { Request, RequestHandler } from 'express';
import type { AccountLimits } from '../config/limits';
import { takeTokens, type BucketSize, type TokenBucket } from '../lib/token-bucket';
import { HttpError } from '../lib/http-error';
import { currentReads } from '../lib/read-meter';

/** Addresses one instance remembers; the least recently seen is forgotten first. */
const ADDRESSES = 10_000;

/**
 * The address a request came from. Behind Firebase Hosting the connection is Hosting's, and its CDN
 * names the client in `Fastly-Client-IP` and first in `X-Forwarded-For`; without them (a direct
 * call, the local stack), the connection's own address.
 */
function clientAddress(req: Request): string {
  const named = req.get('fastly-client-ip') ?? req.get('x-forwarded-for')?.split(',')[0];
  return named?.trim() || req.socket.remoteAddress || 'unknown';
}

/**
 * Limits what visitors (requests without a token) make the API read, per client address: a token
 * bucket of document reads in this instance's memory (sizes: config/limits.ts). A request is refused (429 with Retry-After)
 * while the address owes reads; otherwise it runs, and what it read (lib/read-meter.ts: documents
 * and count() aggregations) is taken from the bucket when it is answered. A signed-in user's reads
 * are the account's, and are not limited here.
 */
export function limitVisitorReads(limits: () => AccountLimits, clock: () => Date = () => new Date()): RequestHandler {
  const buckets = new Map<string, TokenBucket>();
  const sizeOf = (): BucketSize => ({
    capacity: limits().visitorReadBurst,
    refill: limits().visitorReadsPerMinute,
    periodMs: 60_000,
  });
  return (req, res, next) => {
    if (req.get('authorization') !== undefined || !['GET', 'HEAD'].includes(req.method)) {
      next();
      return;
    }
    const address = clientAddress(req);
    const taken = takeTokens(buckets.get(address), clock(), sizeOf(), 1);
    if ('refused' in taken) {
      throw new HttpError(
        429,
        'rate_limited',
        `This address is reading more than Mango Grove Tracker allows visitors. Please wait ${taken.refused.retryAfter === 1 ? 'a second' : `${taken.refused.retryAfter} seconds`} and try again, or sign in.`,
        undefined,
        { 'Retry-After': String(taken.refused.retryAfter) },
      );
    }
    const reads = currentReads();
    res.on('finish', () => {
      const cost = reads ? reads.documents + reads.aggregations : 1;
      const { bucket } = takeTokens(buckets.get(address), clock(), sizeOf(), cost, { owe: true });
      buckets.delete(address);
      buckets.set(address, bucket);
      if (buckets.size > ADDRESSES) buckets.delete(buckets.keys().next().value!);
    });
    next();
  };
}
