import type { Plant } from '@model';
import { careLevelRank } from '@model/care';
import { isCalendarDate } from '@model/validators';
import { compareText, formatCount } from '@/lib/text';

/**
 * All Plants' search, filters and sort (SPEC.md sections 2, 4 and 5) as pure functions, and their
 * round trip through the URL query so a filtered view can be bookmarked, shared and reloaded.
 */

export const SORT_KEYS = ['plantName', 'careLevel', 'nextWateringDate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface PlantQuery {
  /** Case-insensitive substring of the plant name; '' for none. */
  search: string;
  /** Exact category; '' for all. */
  category: string;
  /** Care level, case-insensitive; '' for all. */
  careLevel: string;
  sort: SortKey;
  direction: SortDirection;
}

export const DEFAULT_QUERY: PlantQuery = { search: '', category: '', careLevel: '', sort: 'nextWateringDate', direction: 'asc' };

/** The fields the comparator and filters read. */
export type SortablePlant = Pick<Plant, 'plantName' | 'category' | 'careLevel' | 'nextWateringDate'>;

const PARAM = { search: 'q', category: 'category', careLevel: 'care', sort: 'sort', direction: 'dir' } as const;

function isSortKey(value: string | null): value is SortKey {
  return (SORT_KEYS as readonly (string | null)[]).includes(value);
}

/** Reads the query from the URL; anything missing or unknown takes its default. */
export function parsePlantQuery(params: URLSearchParams): PlantQuery {
  const sort = params.get(PARAM.sort);
  const direction = params.get(PARAM.direction);
  return {
    search: params.get(PARAM.search) ?? '',
    category: params.get(PARAM.category) ?? '',
    careLevel: params.get(PARAM.careLevel) ?? '',
    sort: isSortKey(sort) ? sort : DEFAULT_QUERY.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_QUERY.direction,
  };
}

/** The URL query for a view; defaults are left out, so the plain page keeps a plain address. */
export function plantQueryToParams(query: PlantQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set(PARAM.search, query.search);
  if (query.category) params.set(PARAM.category, query.category);
  if (query.careLevel) params.set(PARAM.careLevel, query.careLevel);
  if (query.sort !== DEFAULT_QUERY.sort || query.direction !== DEFAULT_QUERY.direction) {
    params.set(PARAM.sort, query.sort);
    params.set(PARAM.direction, query.direction);
  }
  return params;
}

/** Clicking the active key toggles its direction; a new key starts ascending. */
export function nextSort(query: PlantQuery, key: SortKey): PlantQuery {
  if (query.sort === key) return { ...query, direction: query.direction === 'asc' ? 'desc' : 'asc' };
  return { ...query, sort: key, direction: 'asc' };
}

/** Category exact; care level and name search case-insensitive (the search a substring). */
export function matchesFilters(plant: SortablePlant, { search, category, careLevel }: Pick<PlantQuery, 'search' | 'category' | 'careLevel'>): boolean {
  const needle = search.trim().toLowerCase();
  if (needle && !plant.plantName.toLowerCase().includes(needle)) return false;
  if (category && plant.category !== category) return false;
  if (careLevel && plant.careLevel.toLowerCase() !== careLevel.toLowerCase()) return false;
  return true;
}



function wateringDate(plant: SortablePlant): string | undefined {
  const date = plant.nextWateringDate?.trim();
  return date && isCalendarDate(date) ? date : undefined;
}

/**
 * The sort comparator. Care levels compare by rank (difficult 1, easy 2, moderate 3, unknown 4).
 * Plants without a next watering date go last in both directions: "no date" is not "soonest" or
 * "latest", it is "not scheduled". Ties fall back to the name, A to Z, so the order is stable.
 */
export function comparePlants(sort: SortKey, direction: SortDirection): (a: SortablePlant, b: SortablePlant) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    let primary = 0;
    if (sort === 'plantName') primary = compareText(a.plantName, b.plantName);
    else if (sort === 'careLevel') primary = careLevelRank(a.careLevel) - careLevelRank(b.careLevel);
    else {
      const [da, db] = [wateringDate(a), wateringDate(b)];
      if (!da || !db) {
        if (da || db) return da ? -1 : 1;
      } else primary = da < db ? -1 : da > db ? 1 : 0;
    }
    return primary !== 0 ? primary * sign : compareText(a.plantName, b.plantName);
  };
}

/** The plants the grid shows for a query, in order. Never changes its input. */
export function applyPlantQuery<T extends SortablePlant>(plants: readonly T[], query: PlantQuery): T[] {
  return plants.filter((plant) => matchesFilters(plant, query)).sort(comparePlants(query.sort, query.direction));
}

/** The category filter's options: the distinct categories in the data, A to Z. */
export function distinctCategories(plants: readonly SortablePlant[]): string[] {
  return [...new Set(plants.map((plant) => plant.category).filter(Boolean))].sort(compareText);
}

/**
 * The care level filter's options: the distinct levels in the data, once each whatever their
 * letter case (the filter ignores case), in rank order.
 */
export function distinctCareLevels(plants: readonly SortablePlant[]): string[] {
  const byKey = new Map<string, string>();
  for (const { careLevel } of plants) {
    if (careLevel && !byKey.has(careLevel.toLowerCase())) byKey.set(careLevel.toLowerCase(), careLevel);
  }
  return [...byKey.values()].sort((a, b) => careLevelRank(a) - careLevelRank(b) || compareText(a, b));
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
      ? direction === 'asc' ? 'A to Z' : 'Z to A'
      : sort === 'careLevel'
        ? direction === 'asc' ? 'difficult first' : 'difficult last'
        : direction === 'asc' ? 'soonest first' : 'latest first';
  return `Sorted by ${SORT_LABELS[sort]}, ${direction === 'asc' ? 'ascending' : 'descending'} (${order}).`;
}

const plantsCount = (n: number) => (n === 1 ? '1 plant' : `${formatCount(n)} plants`);

/** The grid's status line: how many plants are shown, match the view, and exist. */
export function describeCount(shown: number, matching: number, total: number): string {
  if (shown < matching) {
    return matching === total ? `Showing ${formatCount(shown)} of ${plantsCount(total)}.` : `Showing ${formatCount(shown)} of ${formatCount(matching)} matching plants (${formatCount(total)} in all).`;
  }
  return matching === total ? `Showing all ${plantsCount(total)}.` : `Showing ${formatCount(matching)} of ${plantsCount(total)}.`;
}
