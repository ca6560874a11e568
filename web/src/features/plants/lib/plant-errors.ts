import { ApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { apiErrorSentence, type CodeSentences } from '@/lib/use-api-error';
import { serverFieldMessage } from './field-messages';

/*
 * The API's sentences about plants (English, functions/src: plants.service.ts,
 * household-access.ts, validate.ts), said by the plant screens in the web's own words, by the
 * error's code and the sentence itself. Anything else is said as apiErrorSentence says it.
 */
const messages = defineMessages({
  plantGone: { id: 'plants.error.plantGone', message: 'That plant does not exist. It may have been deleted.' },
  emailRequired: {
    id: 'plants.error.emailRequired',
    message: 'Your account has no email address, so it cannot own plants. Sign in with email or Google.',
  },
  correctFields: {
    id: 'plants.error.correctFields',
    message: 'Please correct {count, plural, one {# field} other {# fields}}: {problems}',
  },
});

const KNOWN: CodeSentences = {
  not_found: [messages.plantGone],
  email_required: messages.emailRequired,
};

/**
 * The sentence for a failure the server explained, in the reader's language: a 400 that names
 * fields (each said as the form says it, in the server's order and form), a plant that is gone,
 * an account without an email, else as apiErrorSentence says it.
 */
export function plantServerSentence(error: ApiError): string {
  if (error.code === 'invalid_input' && error.fields) {
    const sentences = Object.entries(error.fields).map(([path, sentence]) => serverFieldMessage(path, sentence));
    if (sentences.length === 1) return sentences[0]!;
    if (sentences.length > 1)
      return translate(messages.correctFields, { count: sentences.length, problems: sentences.join(' ') });
  }
  return apiErrorSentence(error, KNOWN);
}

/**
 * `handleApiError` (use-api-error.ts: a 401 goes to /login, a 403 is the ownership rule), with the
 * server's plant sentences said in the web's words.
 */
export function plantFailure(
  error: unknown,
  handleApiError: (error: unknown, fallback?: string) => string | null,
  fallback: string,
): string | null {
  const mine = error instanceof ApiError && error.status !== 401 && error.status !== 403;
  return mine ? plantServerSentence(error) : handleApiError(error, fallback);
}
