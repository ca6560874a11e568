import type { AccountLimits } from '../config/limits';
import { HttpError } from '../lib/http-error';

/** An account's write budget as stored: tokens left, and when they were last counted. */
export interface WriteBudget {
  tokens: number;
  refilledAt: Date;
}

const MINUTE_MS = 60_000;

/**
 * The token bucket: the budget at `now` (refilled at writesPerMinute since it was last counted, up
 * to writeBurst; a new account starts full), less the `cost` writes being made (one, or one per
 * plant of a batch). Over budget: a 429 saying when to try again, in seconds (also sent as
 * Retry-After); a batch larger than the whole bucket can never fit and says so.
 */
export function spendWrite(stored: WriteBudget | undefined, now: Date, { writeBurst, writesPerMinute }: AccountLimits, cost = 1): WriteBudget {
  if (cost > writeBurst) {
    throw new HttpError(
      429,
      'rate_limited',
      `That is ${cost} changes at once, and Mango Grove Tracker takes at most ${writeBurst} at a time. Please do them in smaller groups.`,
      undefined,
      { 'Retry-After': String(Math.max(1, Math.ceil((cost * MINUTE_MS) / writesPerMinute / 1000))) },
    );
  }
  const elapsed = stored ? Math.max(0, now.getTime() - stored.refilledAt.getTime()) : 0;
  const tokens = stored ? Math.min(writeBurst, stored.tokens + (elapsed * writesPerMinute) / MINUTE_MS) : writeBurst;
  if (tokens < cost) {
    const retryAfter = Math.max(1, Math.ceil(((cost - tokens) * MINUTE_MS) / writesPerMinute / 1000));
    throw new HttpError(
      429,
      'rate_limited',
      `You are making changes faster than Mango Grove Tracker allows. Please wait ${retryAfter === 1 ? 'a second' : `${retryAfter} seconds`} and try again.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  return { tokens: tokens - cost, refilledAt: now };
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
