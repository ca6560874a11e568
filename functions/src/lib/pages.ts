import { FieldPath, type DocumentSnapshot, type Firestore, type Query } from 'firebase-admin/firestore';

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

/**
 * Deletes every document of the sub-collections named `collection` under documents of `parent`
 * (`<parent>/<id>/<collection>/<id>`), a page at a time: for the room that owns them, when nothing
 * reads them any more. A collection group is the one query that finds them all; its pages may hold
 * another collection's sub-collections of that name, which stay. @returns how many it deleted.
 */
export async function deleteUnder(db: Firestore, parent: string, collection: string): Promise<number> {
  let deleted = 0;
  for await (const docs of pages(db.collectionGroup(collection).select())) {
    const under = docs.filter((doc) => doc.ref.parent.parent?.parent.id === parent);
    if (!under.length) continue;
    const batch = db.batch();
    for (const doc of under) batch.delete(doc.ref);
    await batch.commit();
    deleted += under.length;
  }
  return deleted;
}
