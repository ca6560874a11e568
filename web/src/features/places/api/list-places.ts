import { apiFetch } from '@/lib/api-client';
import type { ReadOptions, ServerDataArgs } from '@/lib/server-state';
import type { Place, WalkPlace } from '../types';

/** GET /mango/places: the reader's places, and their household's shared ones. */
export const PLACES_PATH = '/mango/places';

/**
 * GET /mango/places without the plant counts: the walk alone, which costs the server no count()
 * per place. Today, the plant forms' Place box and My Plants' filter need no more; the Places page
 * reads PLACES_PATH, whose delete question says how many plants a place holds.
 */
export const WALK_PATH = `${PLACES_PATH}?plantCount=false`;

/** The API's address of one place. */
export const placePath = (id: string) => `${PLACES_PATH}/${encodeURIComponent(id)}`;

/** GET /mango/places (signed in): the reader's places and their household's shared ones, in the reader's walking order, each with its plant count. */
export async function listPlaces(signal?: AbortSignal): Promise<Place[]> {
  return (await apiFetch<{ places: Place[] }>(PLACES_PATH, { auth: 'required', signal })).places;
}

/** GET /mango/places?plantCount=false (signed in): the same places in the same order, without their counts. */
export async function listWalk(signal?: AbortSignal): Promise<WalkPlace[]> {
  return (await apiFetch<{ places: WalkPlace[] }>(WALK_PATH, { auth: 'required', signal })).places;
}

/**
 * A loader's read of the reader's walk (Today's groups, a plant form's Place box, My Plants'
 * filter): null on a failure (the page then goes without them, and a plant stays where it stands).
 */
export const readWalk = (read: ServerDataArgs['read'], options?: ReadOptions): Promise<WalkPlace[] | null> =>
  read(WALK_PATH, (signal) => listWalk(signal), options).catch(() => null);

/** The walk for a page whose loader cannot read it (Update Plant's is in the first download): null on a failure. */
export const requestWalk = (): Promise<WalkPlace[] | null> => listWalk().catch(() => null);
