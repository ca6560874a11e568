/** A token bucket as stored: tokens left (below zero: owed), and when they were last counted. */
export interface TokenBucket {
  tokens: number;
  refilledAt: Date;
}

/** A bucket's size: it holds at most `capacity` tokens and refills `refill` of them per `periodMs`, continuously. */
export interface BucketSize {
  capacity: number;
  refill: number;
  periodMs: number;
}

/** A cost the bucket cannot take now: the seconds until it can (Retry-After), and whether it ever can. */
export interface BucketRefusal {
  /** Tokens in the bucket now. */
  left: number;
  /** Seconds until the cost fits; for a cost larger than the bucket, until that many have refilled. */
  retryAfter: number;
  /** The cost is larger than the whole bucket: it can never be taken at once. */
  tooLarge: boolean;
}

/** The tokens in the bucket at `now`: refilled since it was last counted, up to its capacity; a new account's bucket starts full. */
export function tokensAt(
  stored: TokenBucket | undefined,
  now: Date,
  { capacity, refill, periodMs }: BucketSize,
): number {
  if (!stored) return capacity;
  const elapsed = Math.max(0, now.getTime() - stored.refilledAt.getTime());
  return Math.min(capacity, stored.tokens + (elapsed * refill) / periodMs);
}

/**
 * The token bucket arithmetic of every budget of an account (the write budget, the daily import
 * and read allowances): the bucket at `now` less `cost`, or why it cannot take `cost` now.
 *
 * With `owe`, the cost is taken whatever is left (the bucket may go below zero: the debt is paid
 * back by the refill before the bucket takes anything else), and a negative cost gives tokens back,
 * never past the capacity. That is for a cost known only after the work was done (what an export
 * read), which can no longer be refused.
 */
export function takeTokens(
  stored: TokenBucket | undefined,
  now: Date,
  size: BucketSize,
  cost: number,
  options: { owe: true },
): { bucket: TokenBucket };
export function takeTokens(
  stored: TokenBucket | undefined,
  now: Date,
  size: BucketSize,
  cost: number,
): { bucket: TokenBucket } | { refused: BucketRefusal };
export function takeTokens(
  stored: TokenBucket | undefined,
  now: Date,
  size: BucketSize,
  cost: number,
  { owe = false }: { owe?: boolean } = {},
): { bucket: TokenBucket } | { refused: BucketRefusal } {
  const { capacity, refill, periodMs } = size;
  const tokens = tokensAt(stored, now, size);
  if (owe) return { bucket: { tokens: Math.min(capacity, tokens - cost), refilledAt: now } };
  if (cost > capacity)
    return {
      refused: { left: tokens, retryAfter: Math.max(1, Math.ceil((cost * periodMs) / refill / 1000)), tooLarge: true },
    };
  if (tokens < cost)
    return {
      refused: {
        left: tokens,
        retryAfter: Math.max(1, Math.ceil(((cost - tokens) * periodMs) / refill / 1000)),
        tooLarge: false,
      },
    };
  return { bucket: { tokens: tokens - cost, refilledAt: now } };
}
