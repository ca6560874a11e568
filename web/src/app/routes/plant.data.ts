import type { Plant } from '@model';
import type { PlantEvent } from '@model/plant-events';
import type { Photo } from '@model/photos';
import type { SpeciesAnswer } from '@model/species';
import { listPhotos, photosPath } from '@/lib/photos/list-photos';
import { ApiError } from '@/lib/api-client';
import { currentUser } from '@/lib/auth';
import { serverData, settle, type Answer, type ServerDataArgs, type Settled } from '@/lib/server-state';
import { getPlant } from '@/features/plants/api/get-plant';
import { getSpecies, speciesPath } from '@/features/plants/api/get-species';
import { listPlantEvents, plantEventsPath } from '@/features/care/api/list-plant-events';
import { plantPath } from '@/lib/plant-path';

export interface PlantLoaderData {
  /** null when there is no such plant (the screen says 'Plant not found'). */
  plant: Plant | null;
  /**
   * The same plant asked with the signed-in user's token: for its owner, and for the household it is
   * shared with, it carries the owner's fields (ownerUid, care; `may` for the household) that turn on
   * the controls each may use. null without a user or on failure.
   */
  signedInView: Answer<Plant | null>;
}

export interface PlantDetailsLoaderData extends PlantLoaderData {
  /** The care history (GET /mango/:id/events) for the owner and the household it is shared with; null for anyone else. */
  history: Answer<Settled<PlantEvent[]> | null>;
  /** The plant's photos (GET /mango/:id/photos), the same for everyone. */
  photos: Answer<Settled<Photo[]>>;
  /** The plant's species (GET /mango/species/:id), the same for everyone; null or absent when it has none. */
  species?: Answer<Settled<SpeciesAnswer> | null>;
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

/** The plant with the signed-in user's token, once auth has said who that is. */
const ownerView = (read: ServerDataArgs['read'], id: string) =>
  currentUser().then((user) =>
    user ? read(plantPath(id), (signal) => getPlant(id, signal, 'required'), { as: 'owner' }).catch(() => null) : null,
  );

/** /update/:id: the plant, and the signed-in view, whose care schedules the form's More care shows (the server checks the owner on save). */
export const plantData = serverData(async ({ params, read }): Promise<PlantLoaderData> => {
  const id = params.id;
  if (!id) return { plant: null, signedInView: null };
  const plant = readPlant(read, id);
  return { signedInView: ownerView(read, id), plant: await plant };
});

/**
 * /plant/:id: the plant, and beside it the signed-in view and, for the owner, the care history,
 * which follow once auth has reported, so the page draws without waiting for them in a row.
 */
export const plantDetailsData = serverData(async ({ params, read }): Promise<PlantDetailsLoaderData> => {
  const id = params.id;
  if (!id) return { plant: null, signedInView: null, history: null, photos: { ok: true, data: [] } };
  const signedInView = ownerView(read, id);
  // The owner's view (it carries ownerUid) is its owner's and its household's, who read the journal.
  const history = signedInView.then((view) =>
    view?.ownerUid ? settle(read(plantEventsPath(id), (signal) => listPlantEvents(id, signal))) : null,
  );
  // The plant first: index.html's early request for it is taken only by the app's first call.
  const plant = readPlant(read, id);
  const photos = settle(read(photosPath(id), (signal) => listPhotos(id, signal)));
  const loaded = await plant;
  const speciesId = loaded?.speciesId;
  const species = speciesId ? settle(read(speciesPath(speciesId), (signal) => getSpecies(speciesId, signal))) : null;
  return { plant: loaded, signedInView, history, photos, species };
});
