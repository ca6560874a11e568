import { describe, expect, it } from 'vitest';
import {
  UNSUBSCRIBE_TOKENS_KEPT,
  isKeptUnsubscribeToken,
  keepUnsubscribeToken,
  newUnsubscribeToken,
  unsubscribeTokenHash,
} from './unsubscribe-tokens';

const now = new Date('2027-09-01T08:00:00Z');

describe('the unsubscribe tokens', () => {
  it('are kept as their SHA-256 only, and known again by it', () => {
    const token = newUnsubscribeToken();
    const kept = keepUnsubscribeToken([], token, now);
    expect(kept).toEqual([{ hash: unsubscribeTokenHash(token), issuedAt: now }]);
    expect(JSON.stringify(kept)).not.toContain(token);
    expect(isKeptUnsubscribeToken(kept, token)).toBe(true);
    expect(isKeptUnsubscribeToken(kept, newUnsubscribeToken())).toBe(false);
    expect(isKeptUnsubscribeToken([], token)).toBe(false);
  });

  it('answer no, never throw, for a token of any characters or length', () => {
    const kept = keepUnsubscribeToken([], newUnsubscribeToken(), now);
    for (const token of ['ü'.repeat(32), '🌱'.repeat(16), '', 'x', 'a'.repeat(5000), '\u0000'.repeat(32)])
      expect(isKeptUnsubscribeToken(kept, token)).toBe(false);
    // A damaged stored hash is no match either.
    expect(isKeptUnsubscribeToken([{ hash: 'not a hash', issuedAt: now }], 'x')).toBe(false);
  });

  it(`keep the last ${UNSUBSCRIBE_TOKENS_KEPT} emails' tokens`, () => {
    const tokens = Array.from({ length: UNSUBSCRIBE_TOKENS_KEPT + 5 }, () => newUnsubscribeToken());
    const kept = tokens.reduce(
      (list, token) => keepUnsubscribeToken(list, token, now),
      keepUnsubscribeToken([], 'x', now),
    );
    expect(kept).toHaveLength(UNSUBSCRIBE_TOKENS_KEPT);
    expect(isKeptUnsubscribeToken(kept, tokens.at(-1)!)).toBe(true);
    expect(isKeptUnsubscribeToken(kept, tokens[5]!)).toBe(true);
    expect(isKeptUnsubscribeToken(kept, tokens[4]!)).toBe(false);
  });
});
