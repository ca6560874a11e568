import type { Household } from '@model/household';
import { ApiError, apiFetch } from './api-client';
import { currentUser } from './auth';
import type { ServerDataArgs } from './server-state';

/** GET /mango/household: the signed-in user's household. */
export const HOUSEHOLD_PATH = '/mango/household';

/**
 * GET /mango/household: the household the signed-in user belongs to, or null when they belong to
 * none (404): the Household page's, and what the plant pages need of it (whether to offer sharing,
 * and its name).
 */
export async function getMyHousehold(signal?: AbortSignal): Promise<Household | null> {
  try {
    const { household } = await apiFetch<{ household: Household }>(HOUSEHOLD_PATH, { auth: 'required', signal });
    return household;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * GET /mango/household for a page whose loader cannot read it (see Update Plant): null for no
 * household, nobody signed in, or a failure.
 */
export const requestMyHousehold = (): Promise<Household | null> => getMyHousehold().catch(() => null);

/**
 * A loader's read of the user's household, once auth has said who the user is: null for nobody
 * signed in, no household, or a failure (a page offers what a household adds only when it knows of one).
 */
export function readMyHousehold(read: ServerDataArgs['read']): Promise<Household | null> {
  return currentUser().then((user) =>
    user ? read(HOUSEHOLD_PATH, (signal) => getMyHousehold(signal)).catch(() => null) : null,
  );
}
