import { createHash } from 'node:crypto';
import { HttpError } from '../lib/http-error';

/*
 * The paged list's cursor: where the next page starts (the sort key of the last plant the page
 * read) and which query it belongs to, as base64url JSON with a checksum. The cursor is not a
 * credential (it can only move the start of a public page), so the checksum is there to refuse a
 * damaged or edited cursor with a clear 400, not to keep a secret.
 */

const MAX_CURSOR_LENGTH = 2048;
const VERSION = 1;

const digest = (text: string, length: number) => createHash('sha256').update(text).digest('base64url').slice(0, length);

/** A short fingerprint of everything that defines a query's order and matches (not its page size). */
export function queryFingerprint(query: Record<string, string | undefined>): string {
  const canonical = Object.keys(query)
    .sort()
    .map((key) => [key, query[key] ?? null]);
  return digest(JSON.stringify(canonical), 16);
}

export function encodeCursor(after: string, fingerprint: string): string {
  const payload = Buffer.from(JSON.stringify({ v: VERSION, a: after, q: fingerprint })).toString('base64url');
  return `${payload}.${digest(payload, 12)}`;
}

const badCursor = (message: string) => new HttpError(400, 'invalid_input', message, { cursor: message });

/** The key to start after, or a 400 when the cursor is damaged, edited or from another query. */
export function decodeCursor(cursor: string, fingerprint: string): string {
  const [payload, checksum, ...rest] = cursor.split('.');
  if (cursor.length > MAX_CURSOR_LENGTH || !payload || !checksum || rest.length || digest(payload, 12) !== checksum) {
    throw badCursor('cursor is not one this API gave out. Start again from the first page.');
  }
  let decoded: { v?: unknown; a?: unknown; q?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof decoded;
  } catch {
    throw badCursor('cursor is not one this API gave out. Start again from the first page.');
  }
  if (decoded.v !== VERSION || typeof decoded.a !== 'string' || typeof decoded.q !== 'string') {
    throw badCursor('cursor is not one this API gave out. Start again from the first page.');
  }
  if (decoded.q !== fingerprint) {
    throw badCursor('cursor belongs to another search, filter or sort. Start again from the first page of this one.');
  }
  return decoded.a;
}
