import type { Plant } from '@model';
import type { PlantPage } from '@model/plant-list';
import { apiFetch } from '@/lib/api-client';
import { plantPagePath, type PlantPageParams } from './plant-page-path';

export { plantPagePath, type PlantPageParams };

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
