import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { toDate, toIso } from './firestore-fields';

const at = new Date('2026-03-20T14:46:00.000Z');

describe('toDate: a stored Timestamp as a Date', () => {
  it('reads a Timestamp as the moment it holds', () => {
    expect(toDate(Timestamp.fromDate(at))).toEqual(at);
  });

  it('reads anything else as null, so a caller says what a missing time means', () => {
    for (const value of [undefined, null, 0, '', '2026-03-20T14:46:00.000Z', at.getTime(), { seconds: 1 }]) {
      expect(toDate(value)).toBeNull();
    }
  });
});

describe('toIso: a stored Timestamp or ISO string as an ISO string', () => {
  it('reads a Timestamp as its ISO string, and keeps a string as stored', () => {
    expect(toIso(Timestamp.fromDate(at))).toBe('2026-03-20T14:46:00.000Z');
    expect(toIso('2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads anything else as the epoch', () => {
    expect(toIso(undefined)).toBe('1970-01-01T00:00:00.000Z');
    expect(toIso(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});
