import { FieldPath, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';

/** Documents read per page; writes go in batches of at most this many (Firestore allows 500). */
export const PAGE_SIZE = 400;
/** A page whose batch lost a race with a user's change is read again, this many times at most. */
export const PAGE_ATTEMPTS = 5;
/** Every document of `query`, a page at a time, in document order (query cursors): a one-off over a whole collection. */
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
