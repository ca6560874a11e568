import { FieldPath, Timestamp, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { firestoreCall as call } from '../lib/firestore-call';
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
import type { PlantQuery } from '../plants/plants.repository';

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

/** Whether two stored times are the same instant. */
const sameInstant = (a: unknown, b: unknown) => a instanceof Timestamp && b instanceof Timestamp && a.isEqual(b);

/**
 * The plant list: the newest plants, the paged views with their search and filters, and the
 * filter options. Reads only, each an indexed query on the plant store's collection (plants), on
 * the derived fields the store writes with every change (plant-keys.ts).
 */
export function createPlantListRepository({ plants, toPlant }: PlantQuery) {
  /**
   * The newest plants first: ordered by createdAt, then by id (both descending), so the order is
   * the same on every read. `before` pages on from a page's last createdAt; plants stored in the
   * same millisecond as that last plant would then be skipped, so a page never ends among them:
   * when the limit falls inside a millisecond, the rest of that millisecond's plants come along
   * (one look-ahead document per page, and a query for the rest only when they exist).
   */
  async function newestFirst(base: Query, { limit: asked, before }: ListOptions): Promise<Plant[]> {
    const limit = asked ?? (before ? LIST_LIMITS.maxPage : LIST_LIMITS.newestMax);
    let query = base.orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
    if (before) query = query.where('createdAt', '<', new Date(before));
    const { docs } = await call(query.limit(limit + 1).get());
    const page = docs.slice(0, limit);
    const last = page.at(-1);
    const next = docs[limit];
    if (!last || !next || !sameInstant(next.get('createdAt'), last.get('createdAt'))) return page.map(toPlant);
    const rest = await call(query.startAfter(last).endAt(last.get('createdAt')).get());
    return [...page, ...rest.docs].map(toPlant);
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
      const filtered = (gram?: string): Query => {
        let q: Query = plants;
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
      const page = (base: Query, after: string | undefined, size: number) => {
        const q = base.orderBy(field, direction);
        return (after === undefined ? q : q.startAfter(after)).limit(size);
      };
      const keyOf = (snapshot: DocumentSnapshot) => String(snapshot.get(field));
      const count = async (base: Query) => (await call(base.count().get())).data().count;

      if (length === 0 || (length === GRAM_LENGTH && !query.petSafe)) {
        const base = filtered(needle || undefined);
        const [snapshot, total] = await Promise.all([
          call(page(base, query.after, query.limit + 1).get()),
          count(base),
        ]);
        const docs = snapshot.docs.slice(0, query.limit);
        const more = snapshot.docs.length > query.limit;
        return { plants: docs.map(toPlant), nextAfter: more ? keyOf(docs.at(-1)!) : null, total, totalExact: true };
      }

      const base = filtered(length >= GRAM_LENGTH ? rarestGram(needle) : undefined);
      const holdsText = (snapshot: DocumentSnapshot) =>
        searchText(String(snapshot.get('plantName') ?? '')).includes(needle) ||
        (query.match === 'name-or-category' && searchText(String(snapshot.get('category') ?? '')).includes(needle));
      const holds = (snapshot: DocumentSnapshot) =>
        holdsText(snapshot) && (safe.length === 0 || safe.includes(snapshot.get('petSafe') as PetSafeFilter));
      const budget = SEARCH_BUDGET_PAGES * (query.limit + 1);
      const [snapshot, candidates] = await Promise.all([call(page(base, query.after, budget).get()), count(base)]);
      const matches: DocumentSnapshot[] = [];
      let after = query.after;
      for (const doc of snapshot.docs) {
        after = keyOf(doc);
        if (holds(doc)) matches.push(doc);
        if (matches.length > query.limit) break;
      }
      const exhausted = snapshot.size < budget && matches.length <= query.limit;
      const shown = matches.slice(0, query.limit);
      const nextAfter = matches.length > query.limit ? keyOf(shown.at(-1)!) : exhausted ? null : (after ?? null);
      const complete = query.after === undefined && exhausted;
      return {
        plants: shown.map(toPlant),
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
      const [snapshot, total] = await Promise.all([call(page.get()), call(base.count().get())]);
      const docs = snapshot.docs.slice(0, limit);
      const last = docs.at(-1);
      return {
        plants: docs.map(toPlant),
        nextAfter: snapshot.docs.length > limit && last ? String(last.get('sortName')) : null,
        total: total.data().count,
      };
    },

    /**
     * The known categories and care levels that at least one plant has, and how many plants there
     * are: count() aggregations stopped at the first match, never a read of plants.
     */
    async facets(): Promise<PlantFacets> {
      const has = async (field: string, value: string) =>
        (await call(plants.where(field, '==', value).limit(1).count().get())).data().count > 0;
      const levels = [...CARE_LEVELS].sort((a, b) => careLevelRank(a) - careLevelRank(b));
      const [categories, careLevels, total] = await Promise.all([
        Promise.all(CATEGORIES.map((category) => has('category', category))),
        Promise.all(levels.map((level) => has('careKey', level))),
        call(plants.count().get()),
      ]);
      return {
        categories: CATEGORIES.filter((_, i) => categories[i]),
        careLevels: levels.filter((_, i) => careLevels[i]),
        total: total.data().count,
      };
    },
  };
}

export type PlantListRepository = ReturnType<typeof createPlantListRepository>;
