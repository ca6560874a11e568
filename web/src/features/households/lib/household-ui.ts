import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { getLanguage, translate } from '@/lib/i18n/i18n';
import { SOURCE_LANGUAGE } from '@/lib/i18n/languages';
import { defineMessages } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { apiErrorSentence, useApiError, type CodeSentences } from '@/lib/use-api-error';

const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-70';
export const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
export const secondaryClass = `${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`;
export const dangerClass = `${buttonClass} bg-white text-red-800 ring-1 ring-red-700 hover:bg-red-50 dark:bg-slate-950 dark:text-red-200 dark:ring-red-400 dark:hover:bg-red-950`;
export const cardClass =
  'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';

/*
 * The households API's sentences (functions/src/households), in the web's words: those said word
 * for word by their English, and a lapsed sitter's, whose day the server names. The others (the
 * owner-only rules, the limits with their figures) are said as apiErrorSentence says them.
 */
const messages = defineMessages({
  brokenLink: {
    id: 'households.error.brokenLink',
    message: 'This invite link does not work. Ask the household owner for a new one.',
  },
  noHousehold: {
    id: 'households.error.noHousehold',
    message: 'You do not belong to a household. Create one, or ask its owner for an invite.',
  },
  notAway: { id: 'households.error.notAway', message: 'That person is not marked away.' },
  notMember: { id: 'households.error.notMember', message: 'That person is not a member of your household.' },
  noSuchInvite: { id: 'households.error.noSuchInvite', message: 'Your household has no such invite.' },
  householdGone: { id: 'households.error.householdGone', message: 'This household no longer exists.' },
  inviteUsed: {
    id: 'households.error.inviteUsed',
    message: 'This invite has already been used, so it can no longer be withdrawn.',
  },
  inviteWithdrawn: { id: 'households.error.inviteWithdrawn', message: 'This invite has already been withdrawn.' },
  inviteExpired: {
    id: 'households.error.inviteExpired',
    message: 'This invite has expired: its link no longer works.',
  },
  ownerMarksAway: {
    id: 'households.error.ownerMarksAway',
    message: "Only the household's owner can mark someone else away or back.",
  },
  alreadyInOne: {
    id: 'households.error.alreadyInOne',
    message:
      'You already belong to a household. Leave it (or, as its owner, dissolve it) before joining or starting another.',
  },
  ownerChangesRole: {
    id: 'households.error.ownerChangesRole',
    message: 'You own this household: make someone else its owner before changing your own role.',
  },
  ownerLeaves: {
    id: 'households.error.ownerLeaves',
    message: 'You own this household: make someone else its owner, or dissolve the household, before leaving.',
  },
  joinUsed: {
    id: 'households.error.joinUsed',
    message: 'This invite has already been used. Ask the household owner for a new invite.',
  },
  joinWithdrawn: {
    id: 'households.error.joinWithdrawn',
    message: 'This invite was withdrawn by the household owner. Ask the household owner for a new invite.',
  },
  joinExpired: {
    id: 'households.error.joinExpired',
    message: 'This invite has expired. Ask the household owner for a new invite.',
  },
  sitterEnded: {
    id: 'households.error.sitterEnded',
    message: 'Your time as a sitter of this household ended on {until}. Ask its owner for a new invite to help again.',
  },
});

const SENTENCES: CodeSentences = {
  not_found: [messages.brokenLink, messages.noHousehold, messages.notAway, messages.notMember, messages.noSuchInvite],
  gone: [
    messages.householdGone,
    messages.inviteUsed,
    messages.inviteWithdrawn,
    messages.inviteExpired,
    messages.joinUsed,
    messages.joinWithdrawn,
    messages.joinExpired,
  ],
  forbidden: [messages.ownerMarksAway],
  conflict: [messages.alreadyInOne, messages.ownerChangesRole, messages.ownerLeaves],
};

/** The day in a lapsed sitter's refusal ("... ended on 2026-03-01. ..."), said in English as it came. */
const SITTER_ENDED = /^Your time as a sitter of this household ended on (\d{4}-\d{2}-\d{2})\./;

/** A household call's failure (not a 401: useHouseholdError), in the reader's language. */
export function householdSentence(error: ApiError): string {
  const ended = getLanguage() !== SOURCE_LANGUAGE && SITTER_ENDED.exec(error.message)?.[1];
  if (ended) return translate(messages.sitterEnded, { until: formatLongDate(ended) });
  return apiErrorSentence(error, SENTENCES);
}

/**
 * The sentence for a failed household call. Unlike a plant's, a household's 403 has its own
 * sentence (a lapsed sitter's "Your time as a sitter ... ended on ..."), not the ownership rule;
 * a 401 sends the user to sign in (null meanwhile).
 */
export function useHouseholdError(): (error: unknown, fallback: string) => string | null {
  const handle = useApiError();
  return useCallback(
    (error: unknown, fallback: string) =>
      error instanceof ApiError && error.status !== 401 ? householdSentence(error) : handle(error, fallback),
    [handle],
  );
}

/**
 * A household change as the Household page makes it: `attempt` sends it; a success toasts and
 * reads again what it changed (`reread`), a failure is kept in `failure`, the sentence to show.
 */
export function useHouseholdChange(reread: () => Promise<unknown>): {
  failure: string | null;
  attempt: (send: () => Promise<unknown>, success: string, fallback: string) => Promise<boolean>;
} {
  const householdError = useHouseholdError();
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = async (send: () => Promise<unknown>, success: string, fallback: string): Promise<boolean> => {
    setFailure(null);
    try {
      await send();
      void toast.success(success);
      await reread();
      return true;
    } catch (error) {
      setFailure(householdError(error, fallback));
      return false;
    }
  };
  return { failure, attempt };
}
