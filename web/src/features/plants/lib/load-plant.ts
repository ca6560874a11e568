import type { Plant } from '@model';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { whenAuthReady } from '@/lib/auth';
import { getPlant } from '../api/get-plant';

export interface PlantLoaderData {
  /** null when there is no such plant (the screen says 'Plant not found'). */
  plant: Plant | null;
}

export interface PlantDetailsLoaderData extends PlantLoaderData {
  /**
   * The same plant asked with the signed-in user's token: for its owner it carries the owner-only
   * fields (ownerUid, userEmail) that turn on the owner's controls. null without a user or on failure.
   */
  signedInView: Promise<Plant | null>;
}

type LoaderArgs = Pick<LoaderFunctionArgs, 'params' | 'request'>;

/**
 * The route loader of /update/:id: the plant as a visitor sees it, asked for at once while
 * Firebase Auth starts (the form needs no owner-only field; the server checks the owner on save).
 * A missing plant is data, not an error; anything else is thrown to the route's error boundary.
 */
export async function loadPlant({ params, request }: LoaderArgs): Promise<PlantLoaderData> {
  const id = params.id;
  if (!id) return { plant: null };
  try {
    return { plant: await getPlant(id, request.signal, 'none') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { plant: null };
    throw error;
  }
}

/**
 * The route loader of /plant/:id: loadPlant, and beside it the signed-in view, which follows once
 * auth has reported, so the page can draw without waiting for both in a row.
 */
export async function loadPlantDetails(args: LoaderArgs): Promise<PlantDetailsLoaderData> {
  const id = args.params.id;
  const signedInView = id
    ? whenAuthReady()
        .then((user) => (user ? getPlant(id, args.request.signal, 'required') : null))
        .catch(() => null)
    : Promise.resolve(null);
  const { plant } = await loadPlant(args);
  return { plant, signedInView };
}

/** True when the signed-in user owns the plant: the API sends ownerUid to the owner only. */
export function isOwner(plant: Pick<Plant, 'ownerUid'>, uid: string | null | undefined): boolean {
  return Boolean(uid && plant.ownerUid && plant.ownerUid === uid);
}
