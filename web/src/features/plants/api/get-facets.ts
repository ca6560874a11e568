import type { PlantFacets } from '@model/plant-list';
import { apiFetch } from '@/lib/api-client';

/** GET /mango/facets: the categories and care levels found in the data, and how many plants there are. */
export function getFacets(signal?: AbortSignal): Promise<PlantFacets> {
  return apiFetch<PlantFacets>('/mango/facets', { signal });
}
