import type { Plant } from '@model';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { whenAuthReady } from '@/lib/auth';
import { getPlant } from '../api/get-plant';

export interface PlantLoaderData {
  /** null when there is no such plant (the screen says 'Plant not found'). */
  plant: Plant | null;
}

/**
 * The route loader of /plant/:id and /update/:id. It waits for the first auth report so the
 * owner's token goes along (the owner then gets the owner-only fields). A missing plant is data,
 * not an error; anything else is thrown to the route's error boundary.
 */
export async function loadPlant({ params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>): Promise<PlantLoaderData> {
  const id = params.id;
  if (!id) return { plant: null };
  await whenAuthReady();
  try {
    return { plant: await getPlant(id, request.signal) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { plant: null };
    throw error;
  }
}

/** True when the signed-in user owns the plant: the API sends ownerUid to the owner only. */
export function isOwner(plant: Pick<Plant, 'ownerUid'>, uid: string | null | undefined): boolean {
  return Boolean(uid && plant.ownerUid && plant.ownerUid === uid);
}
