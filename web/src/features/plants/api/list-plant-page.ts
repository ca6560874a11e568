import type { Plant } from '@model';
import type { PlantPage } from '@model/plant-list';
import { apiFetch } from '@/lib/api-client';
import { plantPagePath, type PlantPageParams } from './plant-page-path';

export { plantPagePath, type PlantPageParams };

/** GET /mango, paged: one page of plants, the cursor of the next and how many match. */
export function listPlantPage(params: PlantPageParams, signal?: AbortSignal): Promise<PlantPage<Plant>> {
  return apiFetch<PlantPage<Plant>>(plantPagePath(params), {
    auth: params.email || params.signedIn ? 'required' : 'none',
    signal,
  });
}
