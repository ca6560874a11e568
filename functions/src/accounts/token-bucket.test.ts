import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type AccountLimits } from '../config/limits';
import { HttpError } from '../lib/http-error';
import { allowanceSize, chargeAllowance, spendAllowance, waitInWords } from './daily-allowances';
import { takeTokens, tokensAt, type BucketSize } from '../lib/token-bucket';
import { spendWrite } from './write-budget';

const T0 = new Date('2026-06-01T10:00:00.000Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
/** 10 tokens, 6 a minute: one every 10 s. */
const SMALL: BucketSize = { capacity: 10, refill: 6, periodMs: 60_000 };

/** The 429 `spend` throws: its status, message and Retry-After. */
function refusal(spend: () => unknown): { status: number; message: string; retryAfter?: string } {
  try {
    spend();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message, retryAfter: error.headers?.['Retry-After'] };
  }
  throw new Error('It was not refused.');
}

describe('takeTokens, the bucket arithmetic of every budget', () => {
  it('starts a new account full and takes the cost', () => {
    expect(tokensAt(undefined, T0, SMALL)).toBe(10);
    expect(takeTokens(undefined, T0, SMALL, 4)).toEqual({ bucket: { tokens: 6, refilledAt: T0 } });
  });

  it('refills continuously at its rate, never past its capacity', () => {
    const stored = { tokens: 1, refilledAt: T0 };
    expect(tokensAt(stored, later(15), SMALL)).toBe(2.5);
    expect(tokensAt(stored, later(90), SMALL)).toBe(10);
    expect(tokensAt(stored, later(3600), SMALL)).toBe(10);
    // A clock behind the stored time refills nothing (another instance's clock may run ahead).
    expect(tokensAt(stored, new Date(T0.getTime() - 60_000), SMALL)).toBe(1);
    expect(takeTokens(stored, later(15), SMALL, 2)).toEqual({ bucket: { tokens: 0.5, refilledAt: later(15) } });
  });

  it('refuses a cost it has not, with the seconds until it has (at least one), and takes it exactly then', () => {
    const stored = { tokens: 0.5, refilledAt: T0 };
    expect(takeTokens(stored, T0, SMALL, 3)).toEqual({ refused: { left: 0.5, retryAfter: 25, tooLarge: false } });
    expect(takeTokens(stored, later(20), SMALL, 3)).toMatchObject({
      refused: { left: 2.5, retryAfter: 5, tooLarge: false },
    });
    expect(takeTokens(stored, later(25), SMALL, 3)).toEqual({ bucket: { tokens: 0, refilledAt: later(25) } });
    expect(takeTokens({ tokens: 0.999, refilledAt: T0 }, T0, SMALL, 1)).toMatchObject({ refused: { retryAfter: 1 } });
  });

  it('refuses a cost larger than the whole bucket as one that can never fit, with the time a full bucket takes', () => {
    expect(takeTokens(undefined, T0, SMALL, 11)).toEqual({ refused: { left: 10, retryAfter: 110, tooLarge: true } });
  });

  it('with owe, takes the cost whatever is left: below zero is owed and repaid by the refill; a negative cost gives back, up to the capacity', () => {
    const owed = takeTokens({ tokens: 2, refilledAt: T0 }, T0, SMALL, 7, { owe: true }).bucket;
    expect(owed).toEqual({ tokens: -5, refilledAt: T0 });
    // 5 owed and 1 to spend: 60 s at one every 10 s.
    expect(takeTokens(owed, T0, SMALL, 1)).toMatchObject({ refused: { left: -5, retryAfter: 60 } });
    expect(takeTokens(owed, later(60), SMALL, 1)).toEqual({ bucket: { tokens: 0, refilledAt: later(60) } });
    expect(takeTokens({ tokens: 8, refilledAt: T0 }, T0, SMALL, -4, { owe: true }).bucket.tokens).toBe(10);
    expect(takeTokens({ tokens: 2, refilledAt: T0 }, T0, SMALL, -4, { owe: true }).bucket.tokens).toBe(6);
  });
});

describe('the write budget on the bucket', () => {
  const limits: AccountLimits = { ...DEFAULT_LIMITS, writeBurst: 3, writesPerMinute: 6 };

  it('keeps its sentences and Retry-After', () => {
    let budget = spendWrite(undefined, T0, limits, 3);
    expect(budget).toEqual({ tokens: 0, refilledAt: T0 });
    expect(refusal(() => spendWrite(budget, T0, limits))).toEqual({
      status: 429,
      message: 'You are making changes faster than Mango Grove Tracker allows. Please wait 10 seconds and try again.',
      retryAfter: '10',
    });
    expect(refusal(() => spendWrite(budget, later(9.5), limits)).message).toBe(
      'You are making changes faster than Mango Grove Tracker allows. Please wait a second and try again.',
    );
    budget = spendWrite(budget, later(10), limits);
    expect(budget.tokens).toBe(0);
    expect(refusal(() => spendWrite(undefined, T0, limits, 4))).toEqual({
      status: 429,
      message:
        'That is 4 changes at once, and Mango Grove Tracker takes at most 3 at a time. Please do them in smaller groups.',
      retryAfter: '40',
    });
  });
});

describe('the daily allowances on the bucket', () => {
  const limits: AccountLimits = {
    ...DEFAULT_LIMITS,
    writeBurst: 3,
    writesPerMinute: 6,
    importWritesPerDay: 12,
    bulkReadsPerDay: 100,
  };

  it('refill their size over 24 hours, and take the defaults when a configuration does not name them', () => {
    expect(allowanceSize('importWrites', limits)).toEqual({ capacity: 12, refill: 12, periodMs: 86_400_000 });
    expect(
      allowanceSize('bulkReads', { ...DEFAULT_LIMITS, writeBurst: 1, writesPerMinute: 1, plantsPerAccount: 1 }),
    ).toEqual({
      capacity: DEFAULT_LIMITS.bulkReadsPerDay,
      refill: DEFAULT_LIMITS.bulkReadsPerDay,
      periodMs: 86_400_000,
    });
  });

  it('refuse with a sentence naming the allowance, what is left and when to try again, and Retry-After in seconds', () => {
    const spent = spendAllowance('importWrites', undefined, T0, limits, 9, 'This import writes 9 documents');
    expect(spent).toEqual({ tokens: 3, refilledAt: T0 });
    expect(
      refusal(() => spendAllowance('importWrites', spent, T0, limits, 6, 'This import writes 6 documents')),
    ).toEqual({
      status: 429,
      message:
        'This import writes 6 documents, and only 3 of the 12 documents your account may import a day are left now. Please try again in about 6 hours, or import fewer plants at a time.',
      // 3 more at 12 a day: 6 hours.
      retryAfter: '21600',
    });
    expect(
      refusal(() => spendAllowance('importWrites', undefined, T0, limits, 13, 'This import writes 13 documents')),
    ).toEqual({
      status: 429,
      message:
        'This import writes 13 documents: more than the 12 documents your account may import a day, so it can never be done at once. Split the file and import its parts on different days.',
      retryAfter: '93600',
    });
    const owed = chargeAllowance('bulkReads', undefined, T0, limits, 130);
    expect(owed.tokens).toBe(-30);
    expect(
      refusal(() => spendAllowance('bulkReads', owed, later(60), limits, 2, 'This export reads at least 2 documents')),
    ).toMatchObject({
      message: expect.stringMatching(
        /^This export reads at least 2 documents, and none of the 100 documents your account may read a day in exports and imports are left now\. Please try again in about 8 hours\.$/,
      ),
    });
  });

  it('say a wait in words, rounded up', () => {
    expect([1, 2, 119, 120, 121, 7199, 7200, 7201].map(waitInWords)).toEqual([
      'a second',
      '2 seconds',
      '119 seconds',
      '2 minutes',
      '3 minutes',
      '120 minutes',
      'about 2 hours',
      'about 3 hours',
    ]);
  });
});
