import { ApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

/** What was being done to a place when it failed: its sentence names it. */
type PlaceAction = 'make' | 'change' | 'delete' | 'order';

const messages = defineMessages({
  nameTaken: {
    id: 'places.error.nameTaken',
    message: 'There is already a place called "{name}". Give this one another name (letter case does not count).',
  },
  tooMany: {
    id: 'places.error.tooMany',
    message:
      'There are 50 places already, the most you (or your household) can have. Delete one you no longer use to make another.',
  },
  sitterCannotShare: {
    id: 'places.error.sitterCannotShare',
    message: 'A sitter cannot share places with the household: make this one your own.',
  },
  sitterCannotChange: {
    id: 'places.error.sitterCannotChange',
    message: 'You cannot change this place: the household’s owner and members change its shared places, not a sitter.',
  },
  gone: { id: 'places.error.gone', message: 'That place is no longer there: it may have been deleted meanwhile.' },
});

/**
 * The web's own sentence, in the app's language, for a place's failure the user can act on (the
 * server's codes, said our way); null for any other failure, which the caller says as every failure
 * is said (useApiError). `name` is the name the user gave the place.
 */
export function placeFailure(error: unknown, action: PlaceAction, name = ''): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409 && error.code === 'name_taken') return translate(messages.nameTaken, { name: name.trim() });
  if (error.status === 409 && error.code === 'too_many_places') return translate(messages.tooMany);
  if (error.status === 403)
    return translate(action === 'make' ? messages.sitterCannotShare : messages.sitterCannotChange);
  if (error.status === 404) return translate(messages.gone);
  return null;
}
