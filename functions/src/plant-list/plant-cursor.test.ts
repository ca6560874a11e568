import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import { decodeCursor, encodeCursor, queryFingerprint } from './plant-cursor';

const query = queryFingerprint({ search: 'fern', sort: 'plantName', dir: 'asc', category: undefined });

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the paged list cursor', () => {
  it('gives back the key it was made with, for the same query', () => {
    const key = 'fern\u0001\u00022abcXYZ';
    expect(decodeCursor(encodeCursor(key, query), query)).toBe(key);
  });

  it('is URL-safe', () => {
    expect(encodeCursor('é/+?&= ', query)).toMatch(/^[A-Za-z0-9_.-]+$/);
  });

  it('refuses a cursor of another query with a 400 that says so', () => {
    const other = queryFingerprint({ search: 'fern', sort: 'plantName', dir: 'desc', category: undefined });
    const error = refusal(() => decodeCursor(encodeCursor('k', query), other));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({
      cursor: 'cursor belongs to another search, filter or sort. Start again from the first page of this one.',
    });
  });

  it.each([
    ['an edited payload', (c: string) => `${c[0] === 'A' ? 'B' : 'A'}${c.slice(1)}`],
    ['an edited checksum', (c: string) => `${c.slice(0, -1)}${c.endsWith('A') ? 'B' : 'A'}`],
    ['no checksum', (c: string) => c.split('.')[0]!],
    ['garbage', () => 'not-a-cursor'],
    ['an empty string', () => ''],
    ['a very long string', () => 'a'.repeat(5000)],
  ])('refuses %s with a 400', (_label, damage) => {
    const error = refusal(() => decodeCursor(damage(encodeCursor('k', query)), query));
    expect(error.status).toBe(400);
    expect(error.fields?.cursor).toBe('cursor is not one this API gave out. Start again from the first page.');
  });

  it('fingerprints the query, not the order its parts were named in', () => {
    expect(queryFingerprint({ a: '1', b: '2' })).toBe(queryFingerprint({ b: '2', a: '1' }));
    expect(queryFingerprint({ a: '1', b: '2' })).not.toBe(queryFingerprint({ a: '1', b: '3' }));
  });
});
