/**
 * The paged plant list (GET /mango with q, category, care, petSafe, placeId, sort, dir, match, limit or cursor), shared
 * by the API and the web app. Pure constants and types: no zod, so any page can import it.
 */

/** All Plants' three orders: by name, by care level, by next watering date. */
export const SORT_KEYS = ['plantName', 'careLevel', 'nextWateringDate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** What `q` is matched against: the name (All Plants), or the name or the category (dashboard All Items). */
export const SEARCH_MATCHES = ['name', 'name-or-category'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/**
 * The pet-safety filter: plants whose species is safe for both cats and dogs, for cats, or for dogs
 * (as the species catalogue says; a plant without a species, or of a species it does not know, is
 * never safe).
 */
export const PET_SAFE_FILTERS = ['both', 'cats', 'dogs'] as const;
export type PetSafeFilter = (typeof PET_SAFE_FILTERS)[number];

/** What a plant's stored pet-safety key is: safe for both, for cats only, for dogs only, or null. */
export function petSafeKey(toxicToCats: unknown, toxicToDogs: unknown): PetSafeFilter | null {
  const cats = toxicToCats === false;
  const dogs = toxicToDogs === false;
  return cats && dogs ? 'both' : cats ? 'cats' : dogs ? 'dogs' : null;
}

/** The stored keys a filter matches: "safe for cats" holds the plants safe for both too. */
export const petSafeKeysOf = (filter: PetSafeFilter): PetSafeFilter[] =>
  filter === 'both' ? ['both'] : [filter, 'both'];

/** The spec's default view: next watering date, soonest first. */
export const DEFAULT_SORT: SortKey = 'nextWateringDate';
export const DEFAULT_DIRECTION: SortDirection = 'asc';

export const LIST_LIMITS = {
  /** The largest page a caller may ask for. */
  maxPage: 100,
  /** A page when the caller names no limit. */
  defaultPage: 24,
  /**
   * The most plants the plain newest-first array (GET /mango without a limit) answers: clients that
   * need more page with `before`, or use the paged form.
   */
  newestMax: 1000,
  /** The longest search text. */
  search: 100,
} as const;

/** The parameters whose presence makes GET /mango a paged call (the answer a PlantPage, not an array). */
export const PAGED_PARAMS = ['q', 'category', 'care', 'petSafe', 'placeId', 'sort', 'dir', 'match', 'cursor'] as const;

/**
 * `placeId` of GET /mango for the reader's plants that stand in no place (My Plants' "Unplaced").
 * No place has it for an id: places' ids are Firestore auto-ids, 20 letters and digits.
 */
export const UNPLACED_FILTER = 'none';

/** One page of a paged GET /mango. */
export interface PlantPage<P> {
  plants: P[];
  /** Opaque; pass it as `cursor` with the same query for the next page. null: this was the last page. */
  nextCursor: string | null;
  /** How many plants match the query (at most this many when `totalExact` is false; see docs/plant-list.md). */
  total: number;
  totalExact: boolean;
}

/** GET /mango/facets: the filter options All Plants offers, as found in the data. */
export interface PlantFacets {
  /** Categories that at least one plant has. */
  categories: string[];
  /** Care levels that at least one plant has, in rank order (difficult, easy, moderate). */
  careLevels: string[];
  /** How many plants there are in all. */
  total: number;
}
