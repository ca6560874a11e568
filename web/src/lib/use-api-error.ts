import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError, httpFailure } from './api-client';
import { translate } from './i18n/i18n';
import { defineMessages, type Message } from './i18n/messages';

/*
 * The API client's sentences (api-client.ts, app-status.ts) are written there in English too: that
 * chunk, which `/` loads, imports no message (see ApiError). The test "knows every sentence the API
 * client says" keeps the two alike.
 */
const client = defineMessages({
  network: { id: 'lib.api.network', message: 'Could not reach the server. Check your connection and try again.' },
  offline: {
    id: 'lib.offline.write',
    message:
      'You are offline: this change needs a connection, so nothing was changed. Try again once you are back online.',
  },
  signIn: { id: 'lib.api.signIn', message: 'Please sign in to do that.' },
  notYours: { id: 'lib.api.notYours', message: 'You can only change your own plants.' },
  notFound: { id: 'lib.api.notFound', message: 'That could not be found.' },
  tooMuch: { id: 'lib.api.tooMuch', message: 'That is too much data to send at once.' },
  tooQuick: {
    id: 'lib.api.tooQuick',
    message: 'You are making changes too quickly. Please wait a moment and try again.',
  },
  busy: { id: 'lib.api.busy', message: 'The server is busy right now. Please try again in a moment.' },
});

const messages = defineMessages({
  generic: { id: 'lib.api.generic', message: 'Something went wrong. Please try again.' },
  httpFailure: { id: 'lib.api.httpFailure', message: 'Something went wrong (HTTP {status}). Please try again.' },
  signInExpired: { id: 'lib.api.signInExpired', message: 'Your sign-in has expired. Please sign in again.' },
  signInUnverified: {
    id: 'lib.api.signInUnverified',
    message: 'Your sign-in could not be verified. Please sign in again.',
  },
  internal: { id: 'lib.api.internal', message: 'Something went wrong on our side. Please try again.' },
  contention: {
    id: 'lib.api.contention',
    message: 'Another request was changing the same thing at that moment, so nothing was changed. Please try again.',
  },
  databaseUnavailable: {
    id: 'lib.api.databaseUnavailable',
    message: 'The plant database is not answering right now. Please try again in a moment.',
  },
});

/*
 * The failures the web app says in its own words, by their code: the API client's and the
 * server's sentences every screen may meet (functions/src: authenticate.ts, error-handler.ts,
 * firestore-call.ts, deadline.ts); where a code has several sentences, the one whose English the
 * error carries (a message without placeholders is its English once compiled:
 * build/compiled-messages.ts). A feature's own sentences (a plant not found, an invite withdrawn)
 * are that feature's to map.
 */
const KNOWN_FAILURES: Record<string, readonly Message[]> = {
  network: [client.network],
  offline: [client.offline],
  unauthenticated: [client.signIn],
  http_error: [client.signIn, client.notYours, client.notFound, client.tooMuch, client.tooQuick, client.busy],
  token_expired: [messages.signInExpired],
  invalid_token: [messages.signInUnverified],
  internal: [messages.internal],
  conflict: [messages.contention],
  unavailable: [messages.databaseUnavailable],
};

/**
 * An ApiError's sentence in the reader's language: the web app's own for a failure it knows, else
 * the server's as it came. What a screen shows instead of `error.message`.
 */
export function apiErrorSentence(error: ApiError): string {
  const known = KNOWN_FAILURES[error.code]?.find((candidate) => candidate.message === error.message);
  if (known) return translate(known);
  if (error.code === 'http_error' && error.message === httpFailure(error.status))
    return translate(messages.httpFailure, { status: error.status });
  return error.message;
}

/** What a 403 says, in English (errorMessage says it in the reader's language). */
export const NOT_YOURS_MESSAGE: string = client.notYours.message;

/**
 * The sentence to show for a failed call, in the reader's language; never a stack or
 * "[object Object]".
 */
export function errorMessage(error: unknown, fallback = translate(messages.generic)): string {
  if (error instanceof ApiError) return error.status === 403 ? translate(client.notYours) : apiErrorSentence(error);
  return fallback;
}

/**
 * Handles the failures every screen treats alike: a 401 sends the user to /login, remembering
 * where they were. Returns the sentence to show for anything else, or null after a redirect.
 */
export function useApiError(): (error: unknown, fallback?: string) => string | null {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown, fallback?: string) => {
      if (error instanceof ApiError && error.status === 401) {
        navigate(paths.login, { replace: true, state: { from: location } });
        return null;
      }
      return errorMessage(error, fallback);
    },
    [navigate, location],
  );
}

/**
 * The sentence for a failed read a loader handed over (null while there is none). A 401 sends the
 * user to /login, remembering where they were, and shows nothing meanwhile.
 */
export function useLoadError(error: unknown, fallback: string): string | null {
  const handle = useApiError();
  const signIn = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (signIn) handle(error);
  }, [signIn, error, handle]);
  return error === null || error === undefined || signIn ? null : errorMessage(error, fallback);
}
