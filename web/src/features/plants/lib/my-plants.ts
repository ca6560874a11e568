import { ApiError } from '@/lib/api-client';
import { currentUser } from '@/lib/auth';
import type { PlantPageParams } from '../api/plant-page-path';

/** My Plants and My Items ask for the user's own plants this many at a time. */
const MY_PLANTS_PAGE = 100;

/** Plants are owned by accounts with an email (the API refuses the others): such an account has no list. */
export const NO_EMAIL = new ApiError(0, 'no_email', 'Your account has no email address, so it has no plant list.');

/**
 * The signed-in user's own plants, A to Z (GET /mango?email=&sort=plantName, with the token), once
 * auth has said who the user is; null for an account without an email (or no user: the auth gate
 * sends a visitor to /login).
 */
export async function myPlantsParams(): Promise<PlantPageParams | null> {
  const user = await currentUser();
  return user?.email ? { email: user.email, sort: 'plantName', dir: 'asc', limit: MY_PLANTS_PAGE } : null;
}
