import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';

/** How many of the household's shared plants My Plants asks for at a time. */
const HOUSEHOLD_PLANTS_PAGE = 100;

/** One page of GET /mango/household/plants: the household's shared plants, by name. */
export interface HouseholdPlantPage {
  plants: Plant[];
  nextCursor: string | null;
  /** How many plants the household shares (the caller's own among them). */
  total: number;
}

/** The request's path: GET /mango/household/plants?limit=...&cursor=... */
export function householdPlantsPath(cursor?: string | null, limit = HOUSEHOLD_PLANTS_PAGE): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return `/mango/household/plants?${query}`;
}

/**
 * GET /mango/household/plants (signed in): a page of the plants shared with the caller's household,
 * each in its owner's view (with `userName`, without the owner's email); an empty page when the
 * caller belongs to no household.
 */
export function listHouseholdPlants(cursor?: string | null, signal?: AbortSignal): Promise<HouseholdPlantPage> {
  return apiFetch<HouseholdPlantPage>(householdPlantsPath(cursor), { auth: 'required', signal });
}
