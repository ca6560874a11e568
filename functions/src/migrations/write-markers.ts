import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { ACCOUNTS_COLLECTION } from '../accounts/accounts.repository';
import { CALENDAR_FEEDS_COLLECTION } from '../calendar/calendar.repository';
import { PAGE_SIZE, pages } from '../lib/pages';
import type { BackfillReport } from './batches';

/** Markers earlier versions wrote with every change, read by nothing now: `<parent collection>/<id>/<collection>`. */
const WRITE_MARKERS = [
  { parent: ACCOUNTS_COLLECTION, collection: 'revisions' },
  { parent: CALENDAR_FEEDS_COLLECTION, collection: 'generations' },
];

export async function removeWriteMarkers(db: Firestore, report: BackfillReport): Promise<void> {
  for (const { parent, collection } of WRITE_MARKERS) {
    for await (const docs of pages(db.collectionGroup(collection).select())) {
      const markers = docs.filter((doc) => doc.ref.parent.parent?.parent.id === parent);
      if (!markers.length) continue;
      const batch = db.batch();
      for (const doc of markers) batch.delete(doc.ref);
      await batch.commit();
      report.markers += markers.length;
    }
  }
  // Accounts that still carry the counter the markers were named by (an orderBy finds only those).
  for (;;) {
    const page = await db.collection(ACCOUNTS_COLLECTION).orderBy('revision').select().limit(PAGE_SIZE).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) batch.update(doc.ref, { revision: FieldValue.delete() });
    await batch.commit();
    report.markers += page.size;
  }
}
