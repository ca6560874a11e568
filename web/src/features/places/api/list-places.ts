import { apiFetch } from '@/lib/api-client';
import type { ReadOptions, ServerDataArgs } from '@/lib/server-state';
import type { Place } from '../types';

/** GET /mango/places: the reader's places, and their household's shared ones. */
export const PLACES_PATH = '/mango/places';

/** The API's address of one place. */
export const placePath = (id: string) => `${PLACES_PATH}/${encodeURIComponent(id)}`;

/** GET /mango/places (signed in): the reader's places and their household's shared ones, in the reader's walking order. */
export async function listPlaces(signal?: AbortSignal): Promise<Place[]> {
  return (await apiFetch<{ places: Place[] }>(PLACES_PATH, { auth: 'required', signal })).places;
}

/**
 * A loader's read of the reader's places for a plant form's Place box: null on a failure (the
 * form is then offered without the box, and the plant stays where it stands).
 */
export const readPlaces = (read: ServerDataArgs['read'], options?: ReadOptions): Promise<Place[] | null> =>
  read(PLACES_PATH, (signal) => listPlaces(signal), options).catch(() => null);

/** GET /mango/places for a page whose loader cannot read it (Update Plant's is in the first download): null on a failure. */
export const requestPlaces = (): Promise<Place[] | null> => listPlaces().catch(() => null);
