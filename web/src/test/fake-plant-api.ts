import type { Plant } from '@model';
import { nextDueDate, type DuePage } from '@model/care-tasks';
import {
  petSafeKey,
  petSafeKeysOf,
  UNPLACED_FILTER,
  type PetSafeFilter,
  type PlantFacets,
  type PlantPage,
} from '@model/plant-list';
import type { Place } from '@/features/places/types';
import { ApiError } from '@/lib/api-client';

/** The most plants a page of GET /mango/due answers, as the server's default. */
const DUE_PAGE = 100;

/** Whether a plant matches a pet-safety filter, as the server keys it (model/plant-list.ts). */
function isPetSafe(plant: Plant, filter: PetSafeFilter): boolean {
  const key = petSafeKey(plant.toxicToCats, plant.toxicToDogs);
  return key !== null && petSafeKeysOf(filter).includes(key);
}

/**
 * A fake of the paged GET /mango, GET /mango/facets and GET /mango/due in web unit tests,
 * answering from a list of plants in the order given (the order is the server's business, tested
 * against the emulator in functions/test/plants-list.api.test.ts; GET /mango/due answers the plants with a
 * job due by `until` by their nextDueDate): it filters as
 * the server does, pages with a cursor, and records every path asked for (the household's apart,
 * answered from `household`, else an empty page: no household; GET /mango/places apart too, answered
 * from `places`, else none, without the counts when asked `plantCount=false`). Screens are tested
 * against it through the real api-client callers; only apiFetch is replaced.
 */
export function fakePlantApi(
  plants: readonly Plant[],
  {
    facets,
    household,
    places = [],
  }: { facets?: Partial<PlantFacets>; household?: readonly Plant[]; places?: readonly Place[] } = {},
) {
  const asked: string[] = [];
  /** GET /mango/household/plants, kept apart from `asked`: the plant lists' requests stay as they were. */
  const householdAsked: string[] = [];
  /** GET /mango/places, kept apart from `asked` for the same reason. */
  const placesAsked: string[] = [];
  const answer = async (path: string): Promise<unknown> => {
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/mango/places') {
      placesAsked.push(path);
      // plantCount=false: the walk, as the server answers it, without the counts.
      if (url.searchParams.get('plantCount') === 'false')
        return { places: places.map(({ plantCount: _count, ...place }) => place) };
      return { places };
    }
    if (url.pathname.startsWith('/mango/household')) {
      householdAsked.push(path);
      if (url.pathname !== '/mango/household/plants')
        throw new ApiError(404, 'not_found', 'You do not belong to a household.');
      // Without `household` the user belongs to none: an empty page, as the server answers then.
      if (!household) return { plants: [], nextCursor: null, total: 0 };
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = start + Number(url.searchParams.get('limit') ?? 100);
      return {
        plants: household.slice(start, end),
        nextCursor: end < household.length ? String(end) : null,
        total: household.length,
      };
    }
    asked.push(path);
    if (url.pathname === '/mango/facets') {
      return {
        categories: [...new Set(plants.map((p) => p.category))],
        careLevels: ['difficult', 'easy', 'moderate'].filter((level) =>
          plants.some((p) => p.careLevel.toLowerCase() === level),
        ),
        total: plants.length,
        ...facets,
      } satisfies PlantFacets;
    }
    if (url.pathname === '/mango/due') {
      const until = url.searchParams.get('until')!;
      const due = plants
        .map((plant) => ({ plant, date: nextDueDate(plant) }))
        .filter(({ date }) => date !== null && date <= until)
        .sort((a, b) => a.date!.localeCompare(b.date!))
        .map(({ plant }) => plant);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = start + Number(url.searchParams.get('limit') ?? DUE_PAGE);
      return {
        plants: due.slice(start, end),
        nextCursor: end < due.length ? String(end) : null,
        total: due.length,
      } satisfies DuePage<Plant>;
    }
    if (url.pathname !== '/mango') throw new Error(`fakePlantApi does not answer ${path}`);
    const get = (name: string) => url.searchParams.get(name) ?? undefined;
    const q = get('q')?.trim().toLowerCase();
    const matching = plants.filter(
      (p) =>
        (!q ||
          p.plantName.toLowerCase().includes(q) ||
          (get('match') === 'name-or-category' && p.category.toLowerCase().includes(q))) &&
        (!get('category') || p.category === get('category')) &&
        (!get('care') || p.careLevel.toLowerCase() === get('care')!.toLowerCase()) &&
        (!get('petSafe') || isPetSafe(p, get('petSafe') as PetSafeFilter)) &&
        (!get('placeId') || (p.place?.id ?? UNPLACED_FILTER) === get('placeId')),
    );
    const start = Number(get('cursor') ?? 0);
    const limit = Number(get('limit') ?? 24);
    const end = start + limit;
    return {
      plants: matching.slice(start, end),
      nextCursor: end < matching.length ? String(end) : null,
      total: matching.length,
      totalExact: true,
    } satisfies PlantPage<Plant>;
  };
  return { answer, asked, householdAsked, placesAsked };
}

/** The query of a recorded path, as an object, without the page's cursor and size. */
export function viewOf(path: string): Record<string, string> {
  const params = Object.fromEntries(new URL(path, 'http://app.test').searchParams);
  delete params.cursor;
  delete params.limit;
  return params;
}
