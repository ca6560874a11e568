import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { HOUSEHOLD_INVITES_COLLECTION } from '../households/households.repository';
import { inviteDeleteAt } from '../model/household';
import { pages } from '../lib/pages';
import type { BackfillReport } from './batches';

/**
 * Gives each invite stored without a `deleteAt` the one a new invite gets. Only that field is
 * written, with no precondition: an invite used meanwhile keeps its use.
 */
export async function dateInvites(db: Firestore, report: BackfillReport): Promise<void> {
  for await (const docs of pages(db.collection(HOUSEHOLD_INVITES_COLLECTION))) {
    const undated = docs.filter(
      (doc) => doc.get('deleteAt') === undefined && doc.get('expiresAt') instanceof Timestamp,
    );
    if (!undated.length) continue;
    const batch = db.batch();
    for (const doc of undated)
      batch.update(doc.ref, { deleteAt: inviteDeleteAt((doc.get('expiresAt') as Timestamp).toDate()) });
    await batch.commit();
    report.invites += undated.length;
  }
}
