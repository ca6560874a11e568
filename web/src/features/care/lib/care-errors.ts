import { ApiError } from '@/lib/api-client';
import { defineMessages } from '@/lib/i18n/messages';
import { apiErrorSentence } from '@/lib/use-api-error';

/*
 * The care API's refusals the user can act on, by code. The server writes its sentences in English
 * with what it knows (the day the plant was last watered, the plant of a batch that stopped it), so
 * in English the app shows them as they come; in another language it says the code in its own
 * words instead (apiErrorSentence).
 */
const messages = defineMessages({
  watered_later: {
    id: 'care.error.wateredLater',
    message:
      'This plant was watered on a later day. Record a watering on that day or later, or undo the latest watering first.',
  },
  done_later: {
    id: 'care.error.doneLater',
    message: 'This job was done on a later day. Choose that day or later, or undo the latest one first.',
  },
  nothing_to_undo: {
    id: 'care.error.nothingToUndo',
    message:
      'There is nothing to undo here: the latest change to this plant is another one. Edit the plant to correct its dates.',
  },
  nothing_to_snooze: {
    id: 'care.error.nothingToSnooze',
    message: 'This job is not tracked for this plant, so there is nothing to snooze. Set its frequency first.',
  },
  nothing_to_check: {
    id: 'care.error.nothingToCheck',
    message: 'This job is not tracked for this plant, so there is nothing to check. Set its frequency first.',
  },
  no_suggestion: { id: 'care.error.noSuggestion', message: 'There is no suggestion for this plant now.' },
  suggestion_changed: {
    id: 'care.error.suggestionChanged',
    message: 'The suggestion for this plant has changed: look at it again before using it.',
  },
});

/**
 * The sentence to show for a care request's failure: `shown` (what useApiError said) for a 401
 * (null: it sent the user to sign in), a 403 (the ownership rule) and what is not the API's;
 * else as apiErrorSentence says it, with the care sentences above by their code.
 */
export function careFailure(error: unknown, shown: string): string;
export function careFailure(error: unknown, shown: string | null): string | null;
export function careFailure(error: unknown, shown: string | null): string | null {
  if (shown === null || !(error instanceof ApiError) || error.status === 401 || error.status === 403) return shown;
  return apiErrorSentence(error, messages);
}
