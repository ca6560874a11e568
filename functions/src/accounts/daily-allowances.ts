import type { AccountLimits } from '../config/limits';
import { HttpError } from '../lib/http-error';
import { takeTokens, tokensAt, type BucketSize, type TokenBucket } from '../lib/token-bucket';
import { DAY_MS } from '../model/schedule';

/**
 * An account's daily allowances beside its write budget (config/limits.ts), each a token bucket
 * refilled continuously over 24 h and stored in the account document under its name:
 * - importWrites: the documents imports write (each plant, its history, its activity record);
 * - bulkReads: the documents exports read, and imports read to find the plants the caller keeps.
 */
export type Allowance = 'importWrites' | 'bulkReads';

const PER_DAY: Record<Allowance, keyof AccountLimits> = {
  importWrites: 'importWritesPerDay',
  bulkReads: 'bulkReadsPerDay',
};

/** How each allowance names itself in a refusal, and what a refused request can do instead. */
const WORDING: Record<Allowance, { allowance: (perDay: string) => string; instead: string; split: string }> = {
  importWrites: {
    allowance: (perDay) => `the ${perDay} documents your account may import a day`,
    instead: ', or import fewer plants at a time',
    split: 'Split the file and import its parts on different days.',
  },
  bulkReads: {
    allowance: (perDay) => `the ${perDay} documents your account may read a day in exports and imports`,
    instead: '',
    split: 'Export as CSV, which reads only the plants, or import a smaller file.',
  },
};

/** An allowance's bucket: its size a day, refilled continuously over 24 h. */
export function allowanceSize(allowance: Allowance, limits: AccountLimits): BucketSize {
  const perDay = limits[PER_DAY[allowance]];
  return { capacity: perDay, refill: perDay, periodMs: DAY_MS };
}

/** What is left of an allowance at `now` (below zero: owed). */
export function allowanceLeft(
  allowance: Allowance,
  stored: TokenBucket | undefined,
  now: Date,
  limits: AccountLimits,
): number {
  return tokensAt(stored, now, allowanceSize(allowance, limits));
}

const count = (n: number) => Math.floor(n).toLocaleString('en-US');

/** "1 document", "1,000 documents": for the sentences that say what a request costs. */
export const inDocuments = (n: number) => `${count(n)} ${n === 1 ? 'document' : 'documents'}`;

/** A wait in words, rounded up: "a second", "40 seconds", "12 minutes", "about 3 hours". */
export function waitInWords(seconds: number): string {
  if (seconds <= 1) return 'a second';
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} minutes`;
  return `about ${Math.ceil(seconds / 3600)} hours`;
}

/**
 * Spends `cost` of an allowance, or refuses: a 429 naming the allowance, what is left and when to
 * try again (also sent as Retry-After, in seconds). `what` opens the sentence: what costs this much.
 */
export function spendAllowance(
  allowance: Allowance,
  stored: TokenBucket | undefined,
  now: Date,
  limits: AccountLimits,
  cost: number,
  what: string,
): TokenBucket {
  const size = allowanceSize(allowance, limits);
  const taken = takeTokens(stored, now, size, cost);
  if ('bucket' in taken) return taken.bucket;
  const { left, retryAfter, tooLarge } = taken.refused;
  const wording = WORDING[allowance];
  const allowed = wording.allowance(count(size.capacity));
  const remaining = left < 1 ? 'none of' : `only ${count(left)} of`;
  throw new HttpError(
    429,
    'rate_limited',
    tooLarge
      ? `${what}: more than ${allowed}, so it can never be done at once. ${wording.split}`
      : `${what}, and ${remaining} ${allowed} ${left >= 1 && left < 2 ? 'is' : 'are'} left now. Please try again in ${waitInWords(retryAfter)}${wording.instead}.`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Charges `amount` of an allowance that was already used (what an export read), never refused:
 * what is not left is owed. A negative amount gives back what was held and not used.
 */
export function chargeAllowance(
  allowance: Allowance,
  stored: TokenBucket | undefined,
  now: Date,
  limits: AccountLimits,
  amount: number,
): TokenBucket {
  return takeTokens(stored, now, allowanceSize(allowance, limits), amount, { owe: true }).bucket;
}
