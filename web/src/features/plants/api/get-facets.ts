import type { PlantFacets } from '@model/plant-list';
import { apiFetch } from '@/lib/api-client';
import { FACETS_PATH } from '../lib/all-plants-first-view';

/** GET /mango/facets: the categories and care levels found in the data, and how many plants there are. */
export function getFacets(signal?: AbortSignal): Promise<PlantFacets> {
  return apiFetch<PlantFacets>(FACETS_PATH, { signal });
}
