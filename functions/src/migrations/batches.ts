import { FieldPath, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';

export interface BackfillReport {
  /** Plants read. */
  scanned: number;
  /** Plants written: derived fields added or brought up to date, '' fields removed, toxicity corrected. */
  updated: number;
  /** Of those, plants whose toxicity to cats or dogs the catalogue now says otherwise. */
  corrected: number;
  /** Old write markers deleted, and accounts whose old revision counter was removed. */
  markers: number;
  /** Care-history events of plants deleted by earlier versions, deleted. */
  orphans: number;
  /** Household invites given the `deleteAt` by which Firestore's TTL policy deletes them. */
  invites: number;
}

/** Documents read per page; writes go in batches of at most this many (Firestore allows 500). */
export const PAGE_SIZE = 400;
/** A page whose batch lost a race with a user's change is read again, this many times at most. */
export const PAGE_ATTEMPTS = 5;
/** Every document of `query`, a page at a time, in document order. */
export async function* pages(query: Query): AsyncGenerator<DocumentSnapshot[]> {
  let last: DocumentSnapshot | undefined;
  for (;;) {
    const ordered = query.orderBy(FieldPath.documentId()).limit(PAGE_SIZE);
    const page = await (last ? ordered.startAfter(last) : ordered).get();
    if (page.empty) return;
    yield page.docs;
    last = page.docs.at(-1);
  }
}
