import { ApiError } from '@/lib/api-client';

/** What was being done to a place when it failed: its sentence names it. */
type PlaceAction = 'make' | 'change' | 'delete' | 'order';

/**
 * The web's own sentence for a place's failure the user can act on (the server's codes, said our
 * way); null for any other failure, which the caller says as every failure is said (useApiError).
 * `name` is the name the user gave the place.
 */
export function placeFailure(error: unknown, action: PlaceAction, name = ''): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409 && error.code === 'name_taken')
    return `There is already a place called "${name.trim()}". Give this one another name (letter case does not count).`;
  if (error.status === 409 && error.code === 'too_many_places')
    return 'There are 50 places already, the most you (or your household) can have. Delete one you no longer use to make another.';
  if (error.status === 403)
    return action === 'make'
      ? 'A sitter cannot share places with the household: make this one your own.'
      : 'You cannot change this place: the household’s owner and members change its shared places, not a sitter.';
  if (error.status === 404) return 'That place is no longer there: it may have been deleted meanwhile.';
  return null;
}
