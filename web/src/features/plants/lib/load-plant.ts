import type { Plant } from '@model';
import type { PlantEvent } from '@model/plant-events';
import { ApiError } from '@/lib/api-client';
import { whenAuthReady } from '@/lib/auth';
import { serverData, settle, type Answer, type ServerDataArgs, type Settled } from '@/lib/server-state';
import { getPlant } from '../api/get-plant';
import { listPlantEvents, plantEventsPath } from '../api/list-plant-events';
import { plantPath } from '../api/plant-path';

export interface PlantLoaderData {
  /** null when there is no such plant (the screen says 'Plant not found'). */
  plant: Plant | null;
}

export interface PlantDetailsLoaderData extends PlantLoaderData {
  /**
   * The same plant asked with the signed-in user's token: for its owner it carries the owner-only
   * fields (ownerUid, userEmail) that turn on the owner's controls. null without a user or on failure.
   */
  signedInView: Answer<Plant | null>;
  /** The owner's care history (GET /mango/:id/events); null for anyone else. */
  history: Answer<Settled<PlantEvent[]> | null>;
}

/**
 * The plant as a visitor sees it, asked for at once while Firebase Auth starts (index.html's
 * inline script has asked for it earlier still). A missing plant is data, not an error; anything
 * else is thrown to the route's error boundary.
 */
async function readPlant(read: ServerDataArgs['read'], id: string): Promise<Plant | null> {
  try {
    return await read(plantPath(id), (signal) => getPlant(id, signal, 'none'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** /update/:id: the plant (the form needs no owner-only field; the server checks the owner on save). */
export const plantData = serverData(async ({ params, read }): Promise<PlantLoaderData> => ({ plant: params.id ? await readPlant(read, params.id) : null }));

/**
 * /plant/:id: the plant, and beside it the signed-in view and, for the owner, the care history,
 * which follow once auth has reported, so the page draws without waiting for them in a row.
 */
export const plantDetailsData = serverData(async ({ params, read }): Promise<PlantDetailsLoaderData> => {
  const id = params.id;
  if (!id) return { plant: null, signedInView: null, history: null };
  const owner = whenAuthReady().then(async (user) => {
    const view = user ? await read(plantPath(id), (signal) => getPlant(id, signal, 'required'), { as: 'owner' }).catch(() => null) : null;
    return { view, mine: Boolean(view && isOwner(view, user?.uid)) };
  });
  const signedInView = owner.then(({ view }) => view);
  const history = owner.then(({ mine }) => (mine ? settle(read(plantEventsPath(id), (signal) => listPlantEvents(id, signal))) : null));
  return { plant: await readPlant(read, id), signedInView, history };
});

/** True when the signed-in user owns the plant: the API sends ownerUid to the owner only. */
export function isOwner(plant: Pick<Plant, 'ownerUid'>, uid: string | null | undefined): boolean {
  return Boolean(uid && plant.ownerUid && plant.ownerUid === uid);
}
