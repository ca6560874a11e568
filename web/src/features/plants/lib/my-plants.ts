import { ApiError } from '@/lib/api-client';
import { currentUser } from '@/lib/auth';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import type { PlantPageParams } from '../api/plant-page-path';

/** My Plants and My Items ask for the user's own plants this many at a time. */
const MY_PLANTS_PAGE = 100;

const messages = defineMessages({
  noEmail: { id: 'plants.noEmail', message: 'Your account has no email address, so it has no plant list.' },
});

/**
 * Plants are owned by accounts with an email (the API refuses the others): such an account has no
 * list. One error, compared by identity; its sentence is read when it is shown, in the app's
 * language at that moment.
 */
export const NO_EMAIL = Object.defineProperty(new ApiError(0, 'no_email', messages.noEmail.message), 'message', {
  get: () => translate(messages.noEmail),
});

/**
 * The signed-in user's own plants, A to Z (GET /mango?email=&sort=plantName, with the token), once
 * auth has said who the user is, and with `placeId` only those in that place (or, UNPLACED_FILTER,
 * in none); null for an account without an email (or no user: the auth gate sends a visitor to
 * /login).
 */
export async function myPlantsParams(placeId?: string): Promise<PlantPageParams | null> {
  const user = await currentUser();
  if (!user?.email) return null;
  return { email: user.email, ...(placeId ? { placeId } : {}), sort: 'plantName', dir: 'asc', limit: MY_PLANTS_PAGE };
}
