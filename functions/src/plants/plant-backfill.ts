import type { DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { keysAreCurrent, plantKeys } from './plant-keys';
import { PLANTS_COLLECTION } from './plants.repository';

/** Plants read per page; writes go in batches of at most this many (Firestore allows 500). */
const PAGE_SIZE = 400;
/** A page whose batch lost a race with a user's change is read again, this many times at most. */
const PAGE_ATTEMPTS = 5;

export interface BackfillReport {
  /** Plants read. */
  scanned: number;
  /** Plants whose derived fields were written. */
  updated: number;
}

/**
 * Gives plants stored by earlier versions the derived fields the paged list needs (plant-keys.ts),
 * and brings any whose fields are stale up to date. Idempotent: current plants are not written.
 *
 * A one-off over the whole collection, so it reads every plant once, in pages ordered by createdAt
 * (range filters, not cursors: the local stand-in ignores cursors). Plants created at the same
 * instant as a page's last one are read with that page, so none is skipped. Each write carries the
 * read's update time as a precondition: on real Firestore a plant changed by a user meanwhile fails
 * the batch, and the page is read again (its user's change has already written current keys).
 */
export async function backfillPlantKeys(db: Firestore, log: (line: string) => void = () => {}): Promise<BackfillReport> {
  const plants = db.collection(PLANTS_COLLECTION);
  const report: BackfillReport = { scanned: 0, updated: 0 };
  let after: Timestamp | undefined;
  for (;;) {
    let query = plants.orderBy('createdAt').limit(PAGE_SIZE);
    if (after) query = query.where('createdAt', '>', after);
    const page = await query.get();
    if (page.empty) break;
    const last = page.docs.at(-1)!.get('createdAt') as Timestamp;
    const sameInstant = await plants.where('createdAt', '==', last).get();
    const docs = new Map<string, DocumentSnapshot>();
    for (const doc of [...page.docs, ...sameInstant.docs]) docs.set(doc.id, doc);
    report.scanned += docs.size;
    report.updated += await writeStale(db, [...docs.keys()], docs);
    after = last;
    log(`Checked ${report.scanned} plants, updated ${report.updated}.`);
  }
  return report;
}

async function writeStale(db: Firestore, ids: string[], read: Map<string, DocumentSnapshot>): Promise<number> {
  let written = 0;
  let pending = ids;
  for (let attempt = 1; pending.length; attempt += 1) {
    const retry: string[] = [];
    for (let start = 0; start < pending.length; start += PAGE_SIZE) {
      const chunk = pending.slice(start, start + PAGE_SIZE);
      const stale = chunk.map((id) => read.get(id)!).filter((doc) => doc.exists && !keysAreCurrent(doc.data() ?? {}, doc.id));
      if (!stale.length) continue;
      const batch = db.batch();
      for (const doc of stale) batch.update(doc.ref, { ...plantKeys(doc.data() ?? {}, doc.id) }, { lastUpdateTime: doc.updateTime });
      try {
        await batch.commit();
        written += stale.length;
      } catch (error) {
        // FAILED_PRECONDITION (9): a plant changed since it was read; NOT_FOUND (5): one was deleted.
        const code = (error as { code?: unknown }).code;
        if ((code !== 9 && code !== 5) || attempt >= PAGE_ATTEMPTS) throw error;
        const fresh = await db.getAll(...stale.map((doc) => doc.ref));
        for (const doc of fresh) read.set(doc.id, doc);
        retry.push(...stale.map((doc) => doc.id));
      }
    }
    pending = retry;
  }
  return written;
}
