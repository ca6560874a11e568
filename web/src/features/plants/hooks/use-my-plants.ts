import { useApiError } from '@/lib/use-api-error';
import { usePlantPages } from './use-plant-pages';

/** My Plants and My Items ask for the user's own plants this many at a time. */
export const MY_PLANTS_PAGE = 100;

/**
 * The signed-in user's own plants, A to Z, a page at a time (GET /mango?email=&sort=plantName, with
 * the token), with 'Show more', a retry, and ways to drop a deleted plant and to take in a changed
 * one without asking again. A 401 goes to /login; other failures are a sentence.
 */
export function useMyPlants(email: string | null | undefined) {
  const handleApiError = useApiError();
  const pages = usePlantPages(email ? { email, sort: 'plantName', dir: 'asc', limit: MY_PLANTS_PAGE } : null, {
    onError: handleApiError,
    fallback: 'Your plants could not be loaded. Please try again.',
  });
  if (!email) return { ...pages, status: 'error', plants: [], error: 'Your account has no email address, so it has no plant list.' } as const;
  return pages;
}
