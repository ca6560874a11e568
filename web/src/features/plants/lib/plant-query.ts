import {
  DEFAULT_DIRECTION,
  DEFAULT_SORT,
  PET_SAFE_FILTERS,
  SORT_KEYS,
  type PetSafeFilter,
  type SortDirection,
  type SortKey,
} from '@model/plant-list';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import type { PlantPageParams } from '../api/plant-page-path';
import { PAGE_SIZE } from './all-plants-first-view';
import { fieldLabels } from './plant-words';

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

const messages = defineMessages({
  nextWateringDate: { id: 'plants.sort.nextWateringDate', message: 'Watering Date' },
  aToZ: { id: 'plants.sort.aToZ', message: 'A to Z' },
  zToA: { id: 'plants.sort.zToA', message: 'Z to A' },
  difficultFirst: { id: 'plants.sort.difficultFirst', message: 'difficult first' },
  difficultLast: { id: 'plants.sort.difficultLast', message: 'difficult last' },
  soonestFirst: { id: 'plants.sort.soonestFirst', message: 'soonest first' },
  latestFirst: { id: 'plants.sort.latestFirst', message: 'latest first' },
  sorted: {
    id: 'plants.sort.described',
    message: 'Sorted by {key}, {direction, select, asc {ascending} other {descending}} ({order}).',
  },
  showingUpTo: {
    id: 'plants.count.showingUpTo',
    message: 'Showing {shown, number} of up to {matching, number} matching plants.',
  },
  showingUpToInAll: {
    id: 'plants.count.showingUpToInAll',
    message: 'Showing {shown, number} of up to {matching, number} matching plants ({all, number} in all).',
  },
  showingMatching: {
    id: 'plants.count.showingMatching',
    message: 'Showing {shown, number} of {matching, number} matching plants.',
  },
  showingMatchingInAll: {
    id: 'plants.count.showingMatchingInAll',
    message: 'Showing {shown, number} of {matching, number} matching plants ({all, number} in all).',
  },
  showingSome: {
    id: 'plants.count.showingSome',
    message: 'Showing {shown, number} of {count, plural, one {# plant} other {# plants}}.',
  },
  showingAll: {
    id: 'plants.count.showingAll',
    message: 'Showing all {count, plural, one {# plant} other {# plants}}.',
  },
});

type Translate = typeof translate;

const SORT_LABELS: Record<SortKey, Message> = {
  plantName: fieldLabels.plantName,
  careLevel: fieldLabels.careLevel,
  nextWateringDate: messages.nextWateringDate,
};

/** A sort key's button label, in the app's language (`t`: a component's, so it draws again in a new one). */
export const sortLabel = (key: SortKey, t: Translate = translate) => t(SORT_LABELS[key]);

const ORDERS: Record<SortKey, Record<SortDirection, Message>> = {
  plantName: { asc: messages.aToZ, desc: messages.zToA },
  careLevel: { asc: messages.difficultFirst, desc: messages.difficultLast },
  nextWateringDate: { asc: messages.soonestFirst, desc: messages.latestFirst },
};

/** The sentence that tells a screen reader how the list is ordered. */
export function describeSort(
  { sort, direction }: Pick<PlantQuery, 'sort' | 'direction'>,
  t: Translate = translate,
): string {
  return t(messages.sorted, { key: sortLabel(sort, t), direction, order: t(ORDERS[sort][direction]) });
}

/**
 * The grid's status line: how many plants are shown, match the view, and exist (`all`, when
 * known). A long search's match count can be an upper bound (`exact` false): it says "up to".
 */
export function describeCount(
  shown: number,
  matching: number,
  all: number | undefined,
  exact = true,
  t: Translate = translate,
): string {
  const filtered = all === undefined || matching !== all || !exact;
  const inAll = all !== undefined && all !== matching;
  if (!exact) return t(inAll ? messages.showingUpToInAll : messages.showingUpTo, { shown, matching, all });
  if (shown < matching) {
    if (filtered && all !== undefined)
      return t(inAll ? messages.showingMatchingInAll : messages.showingMatching, { shown, matching, all });
    return t(messages.showingSome, { shown, count: matching });
  }
  return !filtered || all === undefined
    ? t(messages.showingAll, { count: matching })
    : t(messages.showingSome, { shown: matching, count: all });
}
