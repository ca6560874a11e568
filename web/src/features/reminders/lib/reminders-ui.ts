import { TEST_DIGESTS_PER_HOUR, type UpdateReminderSettingsInput } from '@model/reminders';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { useApiError } from '@/lib/use-api-error';
import { REMINDER_SETTINGS_PATH } from '../api/get-reminder-settings';
import { updateReminderSettings } from '../api/update-reminder-settings';

// A busy button that stays on screen is aria-disabled rather than disabled, so the keyboard's
// focus stays on it (a disabled button drops it); its click does nothing meanwhile.
const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';
export const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
export const secondaryClass = `${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`;
export const cardClass =
  'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';
export const headingClass = 'text-lg font-semibold text-slate-900 dark:text-white';
export const stateClass = 'mt-1 text-slate-800 dark:text-slate-200';
export const failureClass = 'mt-3 text-sm font-medium text-red-700 dark:text-red-300';
export const doneClass = 'mt-3 text-sm font-medium text-leaf-800 dark:text-leaf-50';

const messages = defineMessages({
  emailUnverified: {
    id: 'reminders.error.emailUnverified',
    message: 'Confirm your email address first: open the link we sent to {email}, then turn on email digests.',
  },
  noChannel: {
    id: 'reminders.error.noChannel',
    message: 'Turn on notifications or email first: a test goes to the reminders that are on.',
  },
  unavailable: {
    id: 'reminders.error.unavailable',
    message: 'Reminders cannot be sent right now: the server is not set up for them. Please try again later.',
  },
  tooManyTests: {
    id: 'reminders.error.tooManyTests',
    message:
      'You have sent {max} test reminders in the last hour. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
});

/** The test digests' limit, as the server says it: only it knows how long to wait (its Retry-After, in minutes here). */
const TOO_MANY_TESTS = /^You have sent \d+ test reminders in the last hour\. Please try again in (\d+) minutes?\.$/;

/**
 * Our sentence for a refusal of the reminders API that the web knows by its code, in the app's
 * language; undefined for any other (useApiError says it then). `email` is the
 * account's address, which the refusal of an unproven one names.
 */
export function knownRefusal(error: unknown, email?: string | null): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'email_unverified') return email ? translate(messages.emailUnverified, { email }) : undefined;
  if (error.code === 'no_channel') return translate(messages.noChannel);
  if (error.code === 'reminders_unavailable') return translate(messages.unavailable);
  const wait = TOO_MANY_TESTS.exec(error.message)?.[1];
  if (error.code === 'rate_limited' && wait)
    return translate(messages.tooManyTests, { max: TEST_DIGESTS_PER_HOUR, minutes: Number(wait) });
  return undefined;
}

/** Every change is followed by a new read of the settings: the page says what is stored. */
export const rereadSettings = () => changed({ reread: [REMINDER_SETTINGS_PATH] });

/**
 * Saves a change of the settings (PUT /mango/reminders/settings) and reads them again; resolves
 * null, or the error itself for a form to place, with the sentence to show (a 401 sends the user
 * to sign in: no sentence). `email`: the account's address, for the refusal that names it.
 */
export function useSaveSettings(
  email?: string | null,
): (
  input: UpdateReminderSettingsInput,
  fallback: string,
) => Promise<{ error: unknown; message: string | null } | null> {
  const handleApiError = useApiError();
  return useCallback(
    async (input, fallback) => {
      try {
        await updateReminderSettings(input);
        await rereadSettings();
        return null;
      } catch (error) {
        return { error, message: knownRefusal(error, email) ?? handleApiError(error, fallback) };
      }
    },
    [handleApiError, email],
  );
}
