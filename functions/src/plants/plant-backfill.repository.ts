import type { DocumentData, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { PAGE_ATTEMPTS, pages } from '../lib/pages';
import { EVENTS_COLLECTION, PLANTS_COLLECTION } from './plants.repository';

/**
 * What the backfill (migrations/) asks of the plant store: every plant rewritten where `changesOf`
 * says it needs, a page at a time, and the events that plants deleted by earlier versions left
 * behind, deleted. Each rewrite carries the update time its page read: a plant changed by a user
 * meanwhile fails the batch, and the page is read again (the user's change wrote current fields).
 */
export function createPlantBackfill(db: Firestore) {
  const plants = db.collection(PLANTS_COLLECTION);

  async function rewritePage<T extends { fields: DocumentData }>(
    docs: DocumentSnapshot[],
    changesOf: (id: string, data: DocumentData) => T | null,
  ): Promise<T[]> {
    let pending = docs;
    for (let attempt = 1; ; attempt += 1) {
      const stale = pending.flatMap((doc) => {
        const changes = doc.exists ? changesOf(doc.id, doc.data()!) : null;
        return changes ? [{ doc, changes }] : [];
      });
      if (!stale.length) return [];
      const batch = db.batch();
      for (const { doc, changes } of stale) batch.update(doc.ref, changes.fields, { lastUpdateTime: doc.updateTime! });
      try {
        await batch.commit();
        return stale.map(({ changes }) => changes);
      } catch (error) {
        // FAILED_PRECONDITION (9): a plant changed since it was read; NOT_FOUND (5): one was deleted.
        const code = (error as { code?: unknown }).code;
        if ((code !== 9 && code !== 5) || attempt >= PAGE_ATTEMPTS) throw error;
        pending = await db.getAll(...stale.map(({ doc }) => doc.ref));
      }
    }
  }

  return {
    /** Every plant, a page at a time: `onPage` hears how many were read and the changes written. */
    async rewrite<T extends { fields: DocumentData }>(
      changesOf: (id: string, data: DocumentData) => T | null,
      onPage: (read: number, written: T[]) => void,
    ): Promise<void> {
      for await (const docs of pages(plants)) onPage(docs.length, await rewritePage(docs, changesOf));
    },

    /** @returns how many events of deleted plants it deleted */
    async removeOrphanedEvents(): Promise<number> {
      let removed = 0;
      for await (const docs of pages(db.collectionGroup(EVENTS_COLLECTION).select())) {
        const events = docs.filter((doc) => doc.ref.parent.parent?.parent.id === PLANTS_COLLECTION);
        const parents = [
          ...new Map(events.map((doc) => [doc.ref.parent.parent!.path, doc.ref.parent.parent!])).values(),
        ];
        if (!parents.length) continue;
        const existing = new Set(
          (await db.getAll(...parents, { fieldMask: [] }))
            .filter((plant) => plant.exists)
            .map((plant) => plant.ref.path),
        );
        const orphans = events.filter((doc) => !existing.has(doc.ref.parent.parent!.path));
        if (!orphans.length) continue;
        const batch = db.batch();
        for (const doc of orphans) batch.delete(doc.ref);
        await batch.commit();
        removed += orphans.length;
      }
      return removed;
    },
  };
}
