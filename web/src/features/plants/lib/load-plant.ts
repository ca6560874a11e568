import type { Plant } from '@model';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { whenAuthReady } from '@/lib/auth';
import { getPlant } from '../api/get-plant';

export interface PlantLoaderData {
  /** null when there is no such plant (the screen says 'Plant not found'). */
  plant: Plant | null;
  /**
   * The same plant asked with the signed-in user's token: for its owner it carries the owner-only
   * fields (ownerUid, userEmail) that turn on the owner's controls. null without a user or on failure.
   */
  signedInView: Promise<Plant | null>;
}

const NO_VIEW: Promise<Plant | null> = Promise.resolve(null);

/**
 * The route loader of /plant/:id and /update/:id. The plant is asked for at once, as a visitor,
 * while Firebase Auth starts; the signed-in view follows once auth has reported, so the page can
 * draw without waiting for both in a row. A missing plant is data, not an error; anything else is
 * thrown to the route's error boundary.
 */
export async function loadPlant({ params, request }: Pick<LoaderFunctionArgs, 'params' | 'request'>): Promise<PlantLoaderData> {
  const id = params.id;
  if (!id) return { plant: null, signedInView: NO_VIEW };
  const publicView = getPlant(id, request.signal, 'none');
  const signedInView = whenAuthReady()
    .then((user) => (user ? getPlant(id, request.signal, 'required') : null))
    .catch(() => null);
  try {
    return { plant: await publicView, signedInView };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { plant: null, signedInView: NO_VIEW };
    throw error;
  }
}

/** True when the signed-in user owns the plant: the API sends ownerUid to the owner only. */
export function isOwner(plant: Pick<Plant, 'ownerUid'>, uid: string | null | undefined): boolean {
  return Boolean(uid && plant.ownerUid && plant.ownerUid === uid);
}
