import type { AccountLimits } from '../config/limits';
import { HttpError } from '../lib/http-error';
import { takeTokens, type TokenBucket } from '../lib/token-bucket';

/** An account's write budget as stored: tokens left, and when they were last counted. */
export type WriteBudget = TokenBucket;

const MINUTE_MS = 60_000;

/**
 * The write budget's token bucket (token-bucket.ts): the budget at `now` (refilled at
 * writesPerMinute since it was last counted, up to writeBurst; a new account starts full), less the
 * `cost` writes being made (one, or one per plant of a batch). Over budget: a 429 saying when to try
 * again, in seconds (also sent as Retry-After); a batch larger than the whole bucket can never fit
 * and says so.
 */
export function spendWrite(
  stored: WriteBudget | undefined,
  now: Date,
  { writeBurst, writesPerMinute }: AccountLimits,
  cost = 1,
): WriteBudget {
  const taken = takeTokens(stored, now, { capacity: writeBurst, refill: writesPerMinute, periodMs: MINUTE_MS }, cost);
  if ('bucket' in taken) return taken.bucket;
  const { retryAfter, tooLarge } = taken.refused;
  throw new HttpError(
    429,
    'rate_limited',
    tooLarge
      ? `That is ${cost} changes at once, and Mango Grove Tracker takes at most ${writeBurst} at a time. Please do them in smaller groups.`
      : `You are making changes faster than Mango Grove Tracker allows. Please wait ${retryAfter === 1 ? 'a second' : `${retryAfter} seconds`} and try again.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}

/** The 403 of a full account: `adding` more plants would pass plantsPerAccount. */
export function assertRoomFor(adding: number, plantCount: number, { plantsPerAccount }: AccountLimits): void {
  if (plantCount + adding <= plantsPerAccount) return;
  const most = plantsPerAccount.toLocaleString('en-US');
  throw new HttpError(
    403,
    'quota_exceeded',
    adding === 1
      ? `You already keep ${most} plants, the most one account can have. Delete a plant to add another.`
      : `These ${adding.toLocaleString('en-US')} plants would take you past ${most}, the most one account can have: you keep ${plantCount.toLocaleString('en-US')}. Delete some plants or add fewer.`,
  );
}
