import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * The links in digest emails that turn email off without signing in. Each email carries a token of
 * its own, 24 random bytes, and a person's settings keep only the SHA-256 of the tokens of their
 * last UNSUBSCRIBE_TOKENS_KEPT emails: neither the database nor a copy of it holds a working link.
 * A link that is used turns email off and every kept token with it; the next email, once email is
 * on again, carries a new one.
 */

/** A token sent in an email, as kept: its SHA-256 (base64url), and when it was made. */
export interface UnsubscribeToken {
  hash: string;
  issuedAt: Date;
}

/**
 * How many emails' links work at once: a month of daily digests (a test digest, at most 5 an hour,
 * takes a place too). An older email's link answers that it no longer works, and points to the
 * Reminders page.
 */
export const UNSUBSCRIBE_TOKENS_KEPT = 30;

export const newUnsubscribeToken = (): string => randomBytes(24).toString('base64url');

const digestOf = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export const unsubscribeTokenHash = (token: string): string => digestOf(token).toString('base64url');

/** `kept` and `token`'s hash, the oldest going beyond UNSUBSCRIBE_TOKENS_KEPT. */
export const keepUnsubscribeToken = (kept: readonly UnsubscribeToken[], token: string, now: Date): UnsubscribeToken[] =>
  [...kept, { hash: unsubscribeTokenHash(token), issuedAt: now }].slice(-UNSUBSCRIBE_TOKENS_KEPT);

/**
 * Whether `token` is one of the kept ones. The SHA-256 digests are compared, in constant time: they
 * are 32 bytes whatever was sent (a token of multi-byte characters too), and every kept one is
 * compared, found or not.
 */
export function isKeptUnsubscribeToken(kept: readonly UnsubscribeToken[], token: string): boolean {
  const digest = digestOf(token);
  let found = false;
  for (const { hash } of kept) {
    const stored = Buffer.from(hash, 'base64url');
    if (stored.length === digest.length && timingSafeEqual(stored, digest)) found = true;
  }
  return found;
}
