import type { Plant } from '@model';
import { NEW_PLANTS_COUNT } from '@/features/home/lib/new-plants-count';
import { listPlants } from '@/features/plants/api/list-plants';
import { getAuthState } from '@/lib/auth';
import { serverData, type Answer } from '@/lib/server-state';

export interface HomeLoaderData {
  /** The latest plants, newest first; none when they could not be had (the failure is only logged: the section stays empty). */
  newPlants: Answer<Plant[]>;
  /** A signed-in user's plants with a job due by today, for the reminder; null for a visitor, none on failure (it is only a reminder). */
  due: Answer<Plant[]> | null;
}

/**
 * The home page's data: the hero and the static sections draw without it. The reminder's plants
 * are read for a user known now (a returning user is known at once; a sign-in later loads the
 * page again), with code of their own that visitors never download.
 */
export const homeData = serverData(({ read, request }): HomeLoaderData => {
  const email = getAuthState().user?.email;
  return {
    newPlants: read(`/mango?limit=${NEW_PLANTS_COUNT}`, (signal) =>
      listPlants({ limit: NEW_PLANTS_COUNT, signal }),
    ).catch((error: unknown) => {
      // A read the router gave up (a newer load of the page, after a sign-in, took its place) is
      // no failure: only a failed one is logged.
      if (!request.signal.aborted) console.error('Failed to load new plants', error);
      return [];
    }),
    due: email
      ? import('@/features/care/lib/due-plants').then(({ readDuePlants }) => readDuePlants(read, 0)).catch(() => [])
      : null,
  };
});
