import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { firestoreCall as call } from '../lib/firestore-call';
import type { Plant } from '../model';
import { plantCollections, toPlant } from '../plants/plants.repository';

/** One page of GET /mango/due, as the repository finds it. */
export interface DuePageResult {
  plants: Plant[];
  /** Where the next page starts, or null on the last page. */
  next: DueCursor | null;
  total: number;
}

/** A place in the due order: after this date and plant id. */
export interface DueCursor {
  date: string;
  id: string;
}

/** What is due: an owner's plants by the date of their next job (nextDueDate, which the plant store derives). */
export function createDueRepository(db: Firestore) {
  const { plants } = plantCollections(db);

  return {
    /**
     * One page of an owner's plants with a job due on or before `until`, soonest first (then by
     * id), in one indexed query (composite index: ownerUid, nextDueDate), and how many there are
     * (a count() aggregation on the same index). Reads at most `limit` + 1 plants.
     */
    async listDue(ownerUid: string, until: string, limit: number, after?: DueCursor): Promise<DuePageResult> {
      const base = plants.where('ownerUid', '==', ownerUid).where('nextDueDate', '<=', until);
      const ordered = base.orderBy('nextDueDate').orderBy(FieldPath.documentId());
      const page = (after ? ordered.startAfter(after.date, after.id) : ordered).limit(limit + 1);
      const [snapshot, total] = await Promise.all([call(page.get()), call(base.count().get())]);
      const docs = snapshot.docs.slice(0, limit);
      const last = docs.at(-1);
      const next = snapshot.docs.length > limit && last ? { date: String(last.get('nextDueDate')), id: last.id } : null;
      return { plants: docs.map(toPlant), next, total: total.data().count };
    },

    /**
     * All of an owner's plants with a job due on or before `until`, at most `max`, for the calendar
     * feed: one range query on the index listDue uses (ownerUid, nextDueDate). Plants without a
     * next date hold null in `nextDueDate` (plant-keys.ts), which a range on dates leaves out.
     */
    async listScheduled(ownerUid: string, until: string, max: number): Promise<Plant[]> {
      const snapshot = await call(
        plants
          .where('ownerUid', '==', ownerUid)
          .where('nextDueDate', '<=', until)
          .orderBy('nextDueDate')
          .limit(max)
          .get(),
      );
      return snapshot.docs.map(toPlant);
    },
  };
}

export type DueRepository = ReturnType<typeof createDueRepository>;
