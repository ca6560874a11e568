import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from './api-client';
import { translate } from './i18n/i18n';
import { defineMessages } from './i18n/messages';

const messages = defineMessages({
  notYours: { id: 'lib.api.notYours', message: 'You can only change your own plants.' },
  generic: { id: 'lib.api.generic', message: 'Something went wrong. Please try again.' },
});

/** What a 403 says, in English (errorMessage says it in the reader's language). */
export const NOT_YOURS_MESSAGE: string = messages.notYours.message;

/**
 * The sentence to show for a failed call, in the reader's language (an ApiError's is: api-client.ts);
 * never a stack or "[object Object]".
 */
export function errorMessage(error: unknown, fallback = translate(messages.generic)): string {
  if (error instanceof ApiError) return error.status === 403 ? translate(messages.notYours) : error.message;
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
