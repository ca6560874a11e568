interface TimestampLike {
  toDate(): Date;
}

/** A stored Firestore Timestamp (or an ISO string) as an ISO string; the epoch for anything else. */
export function toIso(value: unknown): string {
  if (value && typeof (value as TimestampLike).toDate === 'function') {
    return (value as TimestampLike).toDate().toISOString();
  }
  return typeof value === 'string' ? value : new Date(0).toISOString();
}
