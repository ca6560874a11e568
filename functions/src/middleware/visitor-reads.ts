import { isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { AccountLimits } from '../config/limits';
import { RUNTIME_OPTIONS } from '../config/runtime';
import { takeTokens, type BucketSize, type TokenBucket } from '../lib/token-bucket';
import { HttpError } from '../lib/http-error';
import { currentReads } from '../lib/read-meter';

/** Addresses one instance remembers; the least recently seen is forgotten first. */
const ADDRESSES = 10_000;

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket names it). */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The key of an address: an IPv4 address as it is; an IPv6 address by its /64, the block one
 * subscriber or server is given, so a client cannot become 2^64 clients by changing the address's
 * last half.
 */
export function addressKey(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const after = tail ? tail.split(':') : [];
    // An IPv4 tail (::1.2.3.4) is two groups.
    const written = groups.length + after.length + (after.at(-1)?.includes('.') ? 1 : 0);
    groups.push(...Array<string>(8 - written).fill('0'), ...after);
  }
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The address a request came from, as the platform saw it. On Cloud Run (2nd gen functions)
 * Google's front end sets `X-Forwarded-For` itself: it replaces what the client sent with the
 * address of the connection, or appends that address last, so the LAST entry is the one no client
 * can choose. `Fastly-Client-IP` and the first entry are whatever a client calling the function's
 * own URL writes, a new address on every request if it likes: never keyed on. Behind Firebase
 * Hosting the connection is the CDN's, so the address is the CDN's edge, shared by many visitors.
 * Without the header (supertest), the connection's own address. (An external Application Load
 * Balancer in front of the function would append its own address after the client's; there is
 * none.)
 */
function clientAddress(req: Request): string {
  const last = req.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return addressKey(last || req.socket.remoteAddress || 'unknown');
}

/**
 * How long a request whose client hung up may still read: the function's timeout (30 s), after
 * which Cloud Run has ended it; each Firestore call is bounded far below that.
 */
const LATE_READS_MS = RUNTIME_OPTIONS.timeoutSeconds * 1000;

const waitFor = (seconds: number) => (seconds === 1 ? 'a second' : `${seconds} seconds`);

/**
 * Limits what visitors (requests without a token) make the API read, in this instance's memory,
 * with two token buckets of document reads (sizes: config/limits.ts): one per client address
 * (clientAddress), so one client cannot crowd out the others, and one for all visitors of the
 * instance together, which bounds the bill however many addresses a client uses: at most
 * maxInstances x anonymousReadsPerMinutePerInstance a minute. A request is refused (429 with
 * Retry-After) while either bucket owes reads; otherwise it runs, and what it read
 * (lib/read-meter.ts: documents and count() aggregations) is taken from both when it is answered,
 * or when its client hangs up (and what it reads after, once it has ended). A signed-in user's
 * reads are the account's, and are not limited here.
 */
export function limitVisitorReads(
  limits: () => AccountLimits,
  clock: () => Date = () => new Date(),
  lateReadsMs = LATE_READS_MS,
): RequestHandler {
  const buckets = new Map<string, TokenBucket>();
  let instance: TokenBucket | undefined;
  const addressSize = (): BucketSize => ({
    capacity: limits().visitorReadBurst,
    refill: limits().visitorReadsPerMinute,
    periodMs: 60_000,
  });
  const instanceSize = (): BucketSize => ({
    capacity: limits().anonymousReadBurstPerInstance,
    refill: limits().anonymousReadsPerMinutePerInstance,
    periodMs: 60_000,
  });
  return (req, res, next) => {
    if (req.get('authorization') !== undefined || !['GET', 'HEAD'].includes(req.method)) {
      next();
      return;
    }
    const address = clientAddress(req);
    const now = clock();
    const byAddress = takeTokens(buckets.get(address), now, addressSize(), 1);
    if ('refused' in byAddress) {
      const wait = byAddress.refused.retryAfter;
      throw new HttpError(
        429,
        'rate_limited',
        `This address is reading more than Mango Grove Tracker allows visitors. Please wait ${waitFor(wait)} and try again, or sign in.`,
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
    const byInstance = takeTokens(instance, now, instanceSize(), 1);
    if ('refused' in byInstance) {
      const wait = byInstance.refused.retryAfter;
      throw new HttpError(
        429,
        'rate_limited',
        `Mango Grove Tracker is answering more visitors than it can right now. Please wait ${waitFor(wait)} and try again, or sign in.`,
        undefined,
        { 'Retry-After': String(wait) },
      );
    }
    const reads = currentReads();
    let charged: number | undefined;
    const settle = () => {
      const cost = reads ? reads.documents + reads.aggregations : 1;
      if (charged !== undefined && cost <= charged) return;
      const owed = cost - (charged ?? 0);
      charged = cost;
      const at = clock();
      const { bucket } = takeTokens(buckets.get(address), at, addressSize(), owed, { owe: true });
      buckets.delete(address);
      buckets.set(address, bucket);
      if (buckets.size > ADDRESSES) buckets.delete(buckets.keys().next().value!);
      instance = takeTokens(instance, at, instanceSize(), owed, { owe: true }).bucket;
    };
    // 'close' comes when the answer is sent and when the client hangs up first; a request whose
    // client hung up goes on reading, so what it reads after is charged once it can no longer run.
    res.on('close', () => {
      settle();
      if (!res.writableFinished) setTimeout(settle, lateReadsMs).unref();
    });
    next();
  };
}
