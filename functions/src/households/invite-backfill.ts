import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { inviteDeleteAt } from '../model/household';
import { pages } from '../lib/pages';
import { HOUSEHOLD_INVITES_COLLECTION } from './households.repository';

/**
 * What the backfill (migrations/) asks of the households room: each invite stored without a
 * `deleteAt` given the one a new invite gets. Only that field is written, with no precondition: an
 * invite used meanwhile keeps its use. @returns how many invites were dated.
 */
export async function dateInvites(db: Firestore): Promise<number> {
  let dated = 0;
  for await (const docs of pages(db.collection(HOUSEHOLD_INVITES_COLLECTION))) {
    const undated = docs.filter(
      (doc) => doc.get('deleteAt') === undefined && doc.get('expiresAt') instanceof Timestamp,
    );
    if (!undated.length) continue;
    const batch = db.batch();
    for (const doc of undated)
      batch.update(doc.ref, { deleteAt: inviteDeleteAt((doc.get('expiresAt') as Timestamp).toDate()) });
    await batch.commit();
    dated += undated.length;
  }
  return dated;
}
