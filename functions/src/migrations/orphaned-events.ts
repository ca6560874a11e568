import type { Firestore } from 'firebase-admin/firestore';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from '../plants/plants.repository';
import { pages, type BackfillReport } from './batches';

export async function removeOrphanedEvents(db: Firestore, report: BackfillReport): Promise<void> {
  for await (const docs of pages(db.collectionGroup(EVENTS_COLLECTION).select())) {
    const events = docs.filter((doc) => doc.ref.parent.parent?.parent.id === PLANTS_COLLECTION);
    const parents = [...new Map(events.map((doc) => [doc.ref.parent.parent!.path, doc.ref.parent.parent!])).values()];
    if (!parents.length) continue;
    const existing = new Set(
      (await db.getAll(...parents, { fieldMask: [] })).filter((plant) => plant.exists).map((plant) => plant.ref.path),
    );
    const orphans = events.filter((doc) => !existing.has(doc.ref.parent.parent!.path));
    if (!orphans.length) continue;
    const batch = db.batch();
    for (const doc of orphans) batch.delete(doc.ref);
    await batch.commit();
    report.orphans += orphans.length;
  }
}
