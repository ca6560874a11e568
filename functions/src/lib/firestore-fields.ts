import type { DocumentData } from 'firebase-admin/firestore';

interface TimestampLike {
  toDate(): Date;
}

/** A stored Firestore Timestamp as a Date; null for anything else. */
export const toDate = (value: unknown): Date | null =>
  value && typeof (value as TimestampLike).toDate === 'function' ? (value as TimestampLike).toDate() : null;

/** A stored Firestore Timestamp (or an ISO string) as an ISO string; the epoch for anything else. */
export function toIso(value: unknown): string {
  return toDate(value)?.toISOString() ?? (typeof value === 'string' ? value : new Date(0).toISOString());
}

/** `data` without its undefined fields: Firestore refuses them, and an absent field reads the same. */
export function withoutUndefined(data: Record<string, unknown>): DocumentData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}
