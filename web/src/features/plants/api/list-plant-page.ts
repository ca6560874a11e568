import type { Plant } from '@model';
import type { PlantPage, SearchMatch, SortDirection, SortKey } from '@model/plant-list';
import { apiFetch } from '@/lib/api-client';

/** A paged GET /mango: search, filters, order, page size, and where the page starts. */
export interface PlantPageParams {
  q?: string;
  match?: SearchMatch;
  category?: string;
  care?: string;
  /** Only this user's plants (the signed-in user's own email; the token goes with it). */
  email?: string;
  sort: SortKey;
  dir: SortDirection;
  limit: number;
  cursor?: string;
}

const ORDER: (keyof PlantPageParams)[] = ['q', 'match', 'category', 'care', 'email', 'sort', 'dir', 'limit', 'cursor'];

/**
 * The request's path, its parameters always in the same order: index.html's early request for All
 * Plants' default view writes the same string, and apiFetch only takes that answer for an equal path.
 */
export function plantPagePath(params: PlantPageParams): string {
  const search = new URLSearchParams();
  for (const key of ORDER) {
    const value = params[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return `/mango?${search.toString()}`;
}

/** GET /mango, paged: one page of plants, the cursor of the next and how many match. */
export function listPlantPage(params: PlantPageParams, signal?: AbortSignal): Promise<PlantPage<Plant>> {
  return apiFetch<PlantPage<Plant>>(plantPagePath(params), { auth: params.email ? 'required' : 'none', signal });
}

/**
 * Pages of a view, one after the other, for as long as `wanted` says the last page's last plant
 * is still of interest (say, due within the week in next-watering order): the cost stays that of
 * the plants the caller needs.
 */
export async function listPlantPagesWhile(params: PlantPageParams, wanted: (last: Plant) => boolean, signal?: AbortSignal): Promise<Plant[]> {
  const plants: Plant[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listPlantPage({ ...params, cursor }, signal);
    plants.push(...page.plants);
    const last = page.plants.at(-1);
    if (!page.nextCursor || !last || !wanted(last)) return plants;
    cursor = page.nextCursor;
  }
}
