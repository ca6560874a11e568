import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { deleteUnder, PAGE_SIZE } from '../lib/pages';
import { ACCOUNTS_COLLECTION } from './accounts.repository';

/**
 * What the backfill (migrations/) asks of the accounts room: the markers earlier versions wrote with
 * every change (`accounts/{uid}/revisions/*`), read by nothing now, deleted, and the `revision`
 * counter they were named by removed from the accounts. @returns how many markers and counters.
 */
export async function removeRevisions(db: Firestore): Promise<number> {
  let removed = await deleteUnder(db, ACCOUNTS_COLLECTION, 'revisions');
  // Only the accounts that still carry the counter: an orderBy finds only those.
  for (;;) {
    const page = await db.collection(ACCOUNTS_COLLECTION).orderBy('revision').select().limit(PAGE_SIZE).get();
    if (page.empty) return removed;
    const batch = db.batch();
    for (const doc of page.docs) batch.update(doc.ref, { revision: FieldValue.delete() });
    await batch.commit();
    removed += page.size;
  }
}
