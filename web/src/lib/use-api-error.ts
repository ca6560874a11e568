import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError, httpFailure } from './api-client';
import { getLanguage, translate } from './i18n/i18n';
import { SOURCE_LANGUAGE } from './i18n/languages';
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
  invalid: {
    id: 'lib.api.invalid',
    message: 'Something in what you sent is not right. Please check it and try again.',
  },
  forbidden: { id: 'lib.api.forbidden', message: 'You are not allowed to do that.' },
  clash: {
    id: 'lib.api.clash',
    message: 'That cannot be done as things stand now. Please reload the page and try again.',
  },
  gone: { id: 'lib.api.gone', message: 'That is no longer there.' },
  invalidField: { id: 'lib.api.invalidField', message: 'This value is not accepted. Please check it.' },
  unsupported: { id: 'lib.api.unsupported', message: 'That kind of file or data cannot be sent here.' },
});

/*
 * What a failure the web has no sentence for is said by, in a language other than English: its
 * status's sentence. The server's own sentence (English) is never shown in another language.
 */
const BY_STATUS: Partial<Record<number, Message>> = {
  400: messages.invalid,
  401: client.signIn,
  403: messages.forbidden,
  404: client.notFound,
  409: messages.clash,
  410: messages.gone,
  413: client.tooMuch,
  415: messages.unsupported,
  429: client.tooQuick,
  500: messages.internal,
  503: client.busy,
};

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
 * A feature's sentences for the server's failures, by code: one message says every failure of
 * that code; of several, the one whose English is the server's sentence says it (a message
 * without placeholders is its English once compiled: build/compiled-messages.ts).
 */
export type CodeSentences = Readonly<Partial<Record<string, Message | readonly Message[]>>>;

const listOf = (sentences: CodeSentences, code: string): readonly Message[] => {
  const own = Object.hasOwn(sentences, code) ? sentences[code] : undefined;
  return own === undefined ? [] : 'id' in own ? [own] : own;
};

/**
 * An ApiError's sentence in the reader's language; what a screen shows instead of
 * `error.message`. A sentence the web knows word for word (`own`'s, or one every screen may meet)
 * is the web's, in every language. Otherwise, in English the server's sentence as it came (it
 * names what it knows: a date, a count, a plant); in another language, the web's own for the
 * code (`own`'s only message for it, filled from `values`), else its status's, else the general
 * one: never the server's English.
 */
export function apiErrorSentence(error: ApiError, own: CodeSentences = {}, values?: Record<string, unknown>): string {
  const mine = listOf(own, error.code);
  const known = [...mine, ...listOf(KNOWN_FAILURES, error.code)].find(
    (candidate) => candidate.message === error.message,
  );
  if (known) return translate(known, values);
  const failed = (status: number) => translate(messages.httpFailure, { status });
  if (error.code === 'http_error' && error.message === httpFailure(error.status)) return failed(error.status);
  if (getLanguage() === SOURCE_LANGUAGE && error.message) return error.message;
  const single = Object.hasOwn(own, error.code) ? own[error.code] : undefined;
  if (single && 'id' in single) return translate(single, values);
  const general = BY_STATUS[error.status];
  return general ? translate(general) : error.status ? failed(error.status) : translate(messages.generic);
}

/**
 * The server's sentence for one field of a 400 (its `fields`) that a form has no sentence of its
 * own for: as it came in English, else the general one for a field, in the reader's language.
 */
export function serverFieldSentence(sentence: string): string {
  return getLanguage() === SOURCE_LANGUAGE && sentence ? sentence : translate(messages.invalidField);
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
