import { FieldPath, Timestamp } from 'firebase-admin/firestore';
import { CARE_LEVELS, CATEGORIES, careLevelRank, type Plant } from '../model';
import {
  LIST_LIMITS,
  petSafeKeysOf,
  type PetSafeFilter,
  type PlantFacets,
  type SearchMatch,
  type SortDirection,
  type SortKey,
} from '../model/plant-list';
import { GRAM_LENGTH, gramTerms, rarestGram, searchText, sortField } from '../plants/plant-keys';
import type { PlantReads, PlantRow } from '../plants/plants.repository';

export interface ListOptions {
  /**
   * How many of the newest plants. When not given: LIST_LIMITS.newestMax for the list itself (one
   * URL, which the CDN keeps), LIST_LIMITS.maxPage for a page `before` a time (each its own URL).
   */
  limit?: number;
  /** ISO createdAt: only plants created strictly before it (paging back). */
  before?: string;
}

/** One page of the paged list, as the repository finds it. */
export interface PlantPageQuery {
  /** The search text as the user typed it; matched in lower case. '' for none. */
  search: string;
  match: SearchMatch;
  category?: string;
  /** The care level, lower case. */
  care?: string;
  /** Safe for both, cats or dogs (the plant's stored `petSafe` key). */
  petSafe?: PetSafeFilter;
  ownerUid?: string;
  /** With `ownerUid`: only the plants standing in this place (its id), or in none (null). */
  placeKey?: string | null;
  sort: SortKey;
  dir: SortDirection;
  limit: number;
  /** The sort key to start strictly after (from the cursor). */
  after?: string;
}

export interface PlantPageResult {
  plants: Plant[];
  /** The sort key the next page starts after, or null on the last page. */
  nextAfter: string | null;
  total: number;
  totalExact: boolean;
}

/**
 * How many candidates a search other than of exactly GRAM_LENGTH characters may read per request,
 * in pages: Firestore has no substring index, so such a search reads the plants that hold one gram
 * of the text (or, for one or two characters, the whole view) and keeps those that hold it all, in
 * one query. When the budget is spent it answers what it found with a cursor to go on.
 */
export const SEARCH_BUDGET_PAGES = 4;

const plantOf = (row: PlantRow) => row.plant;

/** Whether two stored times are the same instant. */
const sameInstant = (a: unknown, b: unknown) => a instanceof Timestamp && b instanceof Timestamp && a.isEqual(b);

/**
 * The plant list: the newest plants, the paged views with their search and filters, and the
 * filter options. Reads only, each an indexed query on the plant store's collection (plants), on
 * the derived fields the store writes with every change (plant-keys.ts).
 */
export function createPlantListRepository(plants: PlantReads) {
  /**
   * The newest plants first: ordered by createdAt, then by id (both descending), so the order is
   * the same on every read. `before` pages on from a page's last createdAt; plants stored in the
   * same millisecond as that last plant would then be skipped, so a page never ends among them:
   * when the limit falls inside a millisecond, the rest of that millisecond's plants come along
   * (one look-ahead document per page, and a query for the rest only when they exist).
   */
  async function newestFirst(base: PlantReads, { limit: asked, before }: ListOptions): Promise<Plant[]> {
    const limit = asked ?? (before ? LIST_LIMITS.maxPage : LIST_LIMITS.newestMax);
    let query = base.orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (before) query = query.where('createdAt', '<', new Date(before));
    const rows = await query.limit(limit + 1).get();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const next = rows[limit];
    if (!last || !next || !sameInstant(next.field('createdAt'), last.field('createdAt'))) return page.map(plantOf);
    const rest = await query.startAfter(last.field('createdAt'), last.id).endAt(last.field('createdAt')).get();
    return [...page, ...rest].map(plantOf);
  }
  return {
    /** The newest plants (see newestFirst). */
    listPlants(options: ListOptions = {}): Promise<Plant[]> {
      return newestFirst(plants, options);
    },

    /** One owner's newest plants (composite index: ownerUid, createdAt desc). */
    listPlantsByOwner(ownerUid: string, options: ListOptions = {}): Promise<Plant[]> {
      return newestFirst(plants.where('ownerUid', '==', ownerUid), options);
    },

    /**
     * One page of a view, in one indexed query per page (composite indexes in
     * firestore.indexes.json: the filters, then the view's sort key), plus a count() aggregation
     * for the total. Pages start after the last key seen (a query cursor on the view's sort key,
     * which is unique: it ends with the plant's id).
     *
     * A search of exactly GRAM_LENGTH characters is one gram, so it is exact: `array-contains`.
     * Any other reads, in one query of SEARCH_BUDGET_PAGES pages, the candidates (the plants that
     * hold the text's rarest gram, or for a shorter text the whole view) and keeps those that hold
     * the whole text; its total is then an upper bound (the candidates' count) unless that read
     * saw every candidate.
     */
    async queryPlants(query: PlantPageQuery): Promise<PlantPageResult> {
      const { field, direction } = sortField(query.sort, query.dir);
      const needle = searchText(query.search.trim());
      const length = Array.from(needle).length;
      // With a search, the pet filter is checked on the candidates the search reads (below), so it
      // needs no index beside each gram's: its pages and total are the search's.
      const petsInQuery = query.petSafe !== undefined && length === 0;
      const safe = query.petSafe ? petSafeKeysOf(query.petSafe) : [];
      const filtered = (gram?: string): PlantReads => {
        let q = plants;
        if (query.ownerUid !== undefined) q = q.where('ownerUid', '==', query.ownerUid);
        if (query.placeKey !== undefined) q = q.where('placeKey', '==', query.placeKey);
        if (query.category) q = q.where('category', '==', query.category);
        if (query.care) q = q.where('careKey', '==', query.care);
        if (petsInQuery) q = safe.length === 1 ? q.where('petSafe', '==', safe[0]) : q.where('petSafe', 'in', safe);
        if (gram !== undefined) {
          const { field: grams, terms } = gramTerms(gram, query.match);
          q =
            terms.length === 1
              ? q.where(grams, 'array-contains', terms[0])
              : q.where(grams, 'array-contains-any', terms);
        }
        return q;
      };
      const page = (base: PlantReads, after: string | undefined, size: number) => {
        const q = base.orderBy(field, direction);
        return (after === undefined ? q : q.startAfter(after)).limit(size);
      };
      const keyOf = (row: PlantRow) => String(row.field(field));

      if (length === 0 || (length === GRAM_LENGTH && !query.petSafe)) {
        const base = filtered(needle || undefined);
        const [rows, total] = await Promise.all([page(base, query.after, query.limit + 1).get(), base.count()]);
        const shown = rows.slice(0, query.limit);
        const more = rows.length > query.limit;
        return { plants: shown.map(plantOf), nextAfter: more ? keyOf(shown.at(-1)!) : null, total, totalExact: true };
      }

      const base = filtered(length >= GRAM_LENGTH ? rarestGram(needle) : undefined);
      const holdsText = (row: PlantRow) =>
        searchText(String(row.field('plantName') ?? '')).includes(needle) ||
        (query.match === 'name-or-category' && searchText(String(row.field('category') ?? '')).includes(needle));
      const holds = (row: PlantRow) =>
        holdsText(row) && (safe.length === 0 || safe.includes(row.field('petSafe') as PetSafeFilter));
      const budget = SEARCH_BUDGET_PAGES * (query.limit + 1);
      const [rows, candidates] = await Promise.all([page(base, query.after, budget).get(), base.count()]);
      const matches: PlantRow[] = [];
      let after = query.after;
      for (const row of rows) {
        after = keyOf(row);
        if (holds(row)) matches.push(row);
        if (matches.length > query.limit) break;
      }
      const exhausted = rows.length < budget && matches.length <= query.limit;
      const shown = matches.slice(0, query.limit);
      const nextAfter = matches.length > query.limit ? keyOf(shown.at(-1)!) : exhausted ? null : (after ?? null);
      const complete = query.after === undefined && exhausted;
      return {
        plants: shown.map(plantOf),
        nextAfter,
        total: complete ? shown.length : candidates,
        totalExact: complete,
      };
    },

    /**
     * One page of the plants shared with a household (`shareKeys`, its memberships' keys) by name,
     * in one indexed query (composite index: shareKey, sortName), and how many there are (a count()
     * of the same query). Reads at most `limit` + 1 plants.
     */
    async listShared(
      shareKeys: readonly string[],
      limit: number,
      after?: string,
    ): Promise<{ plants: Plant[]; nextAfter: string | null; total: number }> {
      const base = plants.where('shareKey', 'in', [...shareKeys]);
      const ordered = base.orderBy('sortName');
      const page = (after === undefined ? ordered : ordered.startAfter(after)).limit(limit + 1);
      const [rows, total] = await Promise.all([page.get(), base.count()]);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        plants: shown.map(plantOf),
        nextAfter: rows.length > limit && last ? String(last.field('sortName')) : null,
        total,
      };
    },

    /**
     * The known categories and care levels that at least one plant has, and how many plants there
     * are: count() aggregations stopped at the first match, never a read of plants.
     */
    async facets(): Promise<PlantFacets> {
      const has = async (field: string, value: string) => (await plants.where(field, '==', value).limit(1).count()) > 0;
      const levels = [...CARE_LEVELS].sort((a, b) => careLevelRank(a) - careLevelRank(b));
      const [categories, careLevels, total] = await Promise.all([
        Promise.all(CATEGORIES.map((category) => has('category', category))),
        Promise.all(levels.map((level) => has('careKey', level))),
        plants.count(),
      ]);
      return {
        categories: CATEGORIES.filter((_, i) => categories[i]),
        careLevels: levels.filter((_, i) => careLevels[i]),
        total,
      };
    },
  };
}

export type PlantListRepository = ReturnType<typeof createPlantListRepository>;
