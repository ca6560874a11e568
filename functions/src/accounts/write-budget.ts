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
 * to writeBurst; a new account starts full), less the one write being made. Over budget: a 429
 * saying when to try again, in seconds (also sent as Retry-After).
 */
export function spendWrite(stored: WriteBudget | undefined, now: Date, { writeBurst, writesPerMinute }: AccountLimits): WriteBudget {
  const elapsed = stored ? Math.max(0, now.getTime() - stored.refilledAt.getTime()) : 0;
  const tokens = stored ? Math.min(writeBurst, stored.tokens + (elapsed * writesPerMinute) / MINUTE_MS) : writeBurst;
  if (tokens < 1) {
    const retryAfter = Math.max(1, Math.ceil(((1 - tokens) * MINUTE_MS) / writesPerMinute / 1000));
    throw new HttpError(
      429,
      'rate_limited',
      `You are making changes faster than Mango Grove Tracker allows. Please wait ${retryAfter === 1 ? 'a second' : `${retryAfter} seconds`} and try again.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  return { tokens: tokens - 1, refilledAt: now };
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
