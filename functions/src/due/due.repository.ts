import { FieldPath, Filter } from 'firebase-admin/firestore';
import type { Plant } from '../model';
import type { PlantReads } from '../plants/plants.repository';

/** One page of GET /mango/due, as the repository finds it. */
export interface DuePageResult {
  plants: Plant[];
  /** Where the next page starts, or null on the last page. */
  next: DueCursor | null;
  /** How many match, or null when it was not asked for (`count: false`). */
  total: number | null;
}

/** A place in the due order: after this date and plant id. */
export interface DueCursor {
  date: string;
  id: string;
}

/** Plants of `ownerUid`, or shared with one of `shareKeys`, with a job due on or before `until` (and on or after `from`). */
function dueBy(ownerUid: string, until: string, shareKeys: readonly string[], from?: string): Filter {
  const whose = shareKeys.length
    ? Filter.or(Filter.where('ownerUid', '==', ownerUid), Filter.where('shareKey', 'in', [...shareKeys]))
    : Filter.where('ownerUid', '==', ownerUid);
  const when = from
    ? [Filter.where('nextDueDate', '>=', from), Filter.where('nextDueDate', '<=', until)]
    : [Filter.where('nextDueDate', '<=', until)];
  return Filter.and(whose, ...when);
}

/** What a page of the due query may also ask: a first day (`from`), and whether to count what matches (`count`, true unless said). */
interface DueQueryOptions {
  from?: string;
  count?: boolean;
}

/** What is due: an owner's plants by the date of their next job (nextDueDate, which the plant store derives). */
export function createDueRepository(plants: PlantReads) {
  return {
    /**
     * One page of an owner's plants, and of the plants shared with their household (`shareKeys`,
     * its memberships' keys), with a job due on or before `until`, soonest first (then by id), in
     * one indexed query (composite indexes: ownerUid, nextDueDate and shareKey, nextDueDate; Firestore
     * answers the `or` from both), and how many there are (a count() aggregation of the same query).
     * Reads at most `limit` + 1 plants. With `from`, only the plants due on or after it too (the
     * same indexes: a range on nextDueDate); with `count: false`, no count() (`total` null).
     */
    async listDue(
      ownerUid: string,
      until: string,
      limit: number,
      after?: DueCursor,
      shareKeys: readonly string[] = [],
      { from, count = true }: DueQueryOptions = {},
    ): Promise<DuePageResult> {
      const base = plants.where(dueBy(ownerUid, until, shareKeys, from));
      const ordered = base.orderBy('nextDueDate').orderBy(FieldPath.documentId());
      const page = (after ? ordered.startAfter(after.date, after.id) : ordered).limit(limit + 1);
      const [rows, total] = await Promise.all([page.get(), count ? base.count() : Promise.resolve(null)]);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      const next = rows.length > limit && last ? { date: String(last.field('nextDueDate')), id: last.id } : null;
      return { plants: shown.map((row) => row.plant), next, total };
    },

    /**
     * All of an owner's plants, and those shared with their household, with a job due on or before
     * `until`, at most `max`, for the calendar feed: one range query on the indexes listDue uses. Plants without a
     * next date hold null in `nextDueDate` (plant-keys.ts), which a range on dates leaves out.
     */
    async listScheduled(
      ownerUid: string,
      until: string,
      max: number,
      shareKeys: readonly string[] = [],
    ): Promise<Plant[]> {
      const rows = await plants
        .where(dueBy(ownerUid, until, shareKeys))
        .orderBy('nextDueDate')
        .limit(max)
        .get();
      return rows.map((row) => row.plant);
    },

    /**
     * The plants shared with a household (`shareKeys`, its memberships' keys) with a job due on or
     * before `until`, at most `max`, for its calendar feed: one range query on the index of shared
     * plants by next date (shareKey, nextDueDate).
     */
    async listSharedScheduled(shareKeys: readonly string[], until: string, max: number): Promise<Plant[]> {
      if (!shareKeys.length) return [];
      const rows = await plants
        .where('shareKey', 'in', [...shareKeys])
        .where('nextDueDate', '<=', until)
        .orderBy('nextDueDate')
        .limit(max)
        .get();
      return rows.map((row) => row.plant);
    },
  };
}

export type DueRepository = ReturnType<typeof createDueRepository>;
