import {
  DEFAULT_DIRECTION,
  DEFAULT_SORT,
  PET_SAFE_FILTERS,
  SORT_KEYS,
  type PetSafeFilter,
  type SortDirection,
  type SortKey,
} from '@model/plant-list';
import { formatCount } from '@/lib/text';
import type { PlantPageParams } from '../api/plant-page-path';
import { PAGE_SIZE } from './all-plants-first-view';

/**
 * All Plants' view: search, filters and sort, their round trip
 * through the URL query so a view can be bookmarked, shared and reloaded, and the server query
 * that answers it. The server searches, filters, sorts and pages (GET /mango, paged).
 */

export { SORT_KEYS, type PetSafeFilter, type SortKey };

export interface PlantQuery {
  /** Case-insensitive substring of the plant name; '' for none. */
  search: string;
  /** Exact category; '' for all. */
  category: string;
  /** Care level, case-insensitive; '' for all. */
  careLevel: string;
  /** Safe for cats and dogs, for cats, or for dogs (as the plant's species says); '' for all. */
  petSafe: PetSafeFilter | '';
  sort: SortKey;
  direction: SortDirection;
}

export const DEFAULT_QUERY: PlantQuery = {
  search: '',
  category: '',
  careLevel: '',
  petSafe: '',
  sort: DEFAULT_SORT,
  direction: DEFAULT_DIRECTION,
};

export { PAGE_SIZE };

const PARAM = {
  search: 'q',
  category: 'category',
  careLevel: 'care',
  petSafe: 'petSafe',
  sort: 'sort',
  direction: 'dir',
} as const;

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return (values as readonly (string | null)[]).includes(value);
}

/** Reads the query from the URL; anything missing or unknown takes its default. */
export function parsePlantQuery(params: URLSearchParams): PlantQuery {
  const sort = params.get(PARAM.sort);
  const direction = params.get(PARAM.direction);
  const petSafe = params.get(PARAM.petSafe);
  return {
    search: params.get(PARAM.search) ?? '',
    category: params.get(PARAM.category) ?? '',
    careLevel: params.get(PARAM.careLevel) ?? '',
    // The server refuses any other value: a mistyped link shows every plant rather than an error.
    petSafe: isOneOf(PET_SAFE_FILTERS, petSafe) ? petSafe : '',
    sort: isOneOf(SORT_KEYS, sort) ? sort : DEFAULT_QUERY.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_QUERY.direction,
  };
}

/** The URL query for a view; defaults are left out, so the plain page keeps a plain address. */
export function plantQueryToParams(query: PlantQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set(PARAM.search, query.search);
  if (query.category) params.set(PARAM.category, query.category);
  if (query.careLevel) params.set(PARAM.careLevel, query.careLevel);
  if (query.petSafe) params.set(PARAM.petSafe, query.petSafe);
  if (query.sort !== DEFAULT_QUERY.sort || query.direction !== DEFAULT_QUERY.direction) {
    params.set(PARAM.sort, query.sort);
    params.set(PARAM.direction, query.direction);
  }
  return params;
}

/** The server query of a view's first page (blank search and filters left out). */
export function plantPageParams(query: PlantQuery): PlantPageParams {
  const search = query.search.trim();
  return {
    ...(search ? { q: search } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.careLevel ? { care: query.careLevel } : {}),
    ...(query.petSafe ? { petSafe: query.petSafe } : {}),
    sort: query.sort,
    dir: query.direction,
    limit: PAGE_SIZE,
  };
}

/** Clicking the active key toggles its direction; a new key starts ascending. */
export function nextSort(query: PlantQuery, key: SortKey): PlantQuery {
  if (query.sort === key) return { ...query, direction: query.direction === 'asc' ? 'desc' : 'asc' };
  return { ...query, sort: key, direction: 'asc' };
}

export const SORT_LABELS: Record<SortKey, string> = {
  plantName: 'Plant Name',
  careLevel: 'Care Level',
  nextWateringDate: 'Watering Date',
};

/** The sentence that tells a screen reader how the list is ordered. */
export function describeSort({ sort, direction }: Pick<PlantQuery, 'sort' | 'direction'>): string {
  const order =
    sort === 'plantName'
      ? direction === 'asc'
        ? 'A to Z'
        : 'Z to A'
      : sort === 'careLevel'
        ? direction === 'asc'
          ? 'difficult first'
          : 'difficult last'
        : direction === 'asc'
          ? 'soonest first'
          : 'latest first';
  return `Sorted by ${SORT_LABELS[sort]}, ${direction === 'asc' ? 'ascending' : 'descending'} (${order}).`;
}

const plantsCount = (n: number) => (n === 1 ? '1 plant' : `${formatCount(n)} plants`);

/**
 * The grid's status line: how many plants are shown, match the view, and exist (`all`, when
 * known). A long search's match count can be an upper bound (`exact` false): it says "up to".
 */
export function describeCount(shown: number, matching: number, all: number | undefined, exact = true): string {
  const filtered = all === undefined || matching !== all || !exact;
  const inAll = all === undefined || all === matching ? '' : ` (${formatCount(all)} in all)`;
  if (!exact) return `Showing ${formatCount(shown)} of up to ${formatCount(matching)} matching plants${inAll}.`;
  if (shown < matching) {
    return filtered && all !== undefined
      ? `Showing ${formatCount(shown)} of ${formatCount(matching)} matching plants${inAll}.`
      : `Showing ${formatCount(shown)} of ${plantsCount(matching)}.`;
  }
  return !filtered || all === undefined
    ? `Showing all ${plantsCount(matching)}.`
    : `Showing ${formatCount(matching)} of ${plantsCount(all)}.`;
}
