import type { RefObject } from 'react';
import { translate } from './i18n/i18n';
import { defineMessages } from './i18n/messages';

const messages = defineMessages({
  copyRefused: {
    id: 'lib.copyLink.refused',
    message:
      'Your browser did not let us copy the link. It is selected above: copy it yourself (Ctrl+C, or ⌘+C on a Mac).',
  },
});

/** What copyLink says when it could not copy, in English (copyLink says it in the app's language). */
export const COPY_REFUSED_MESSAGE: string = messages.copyRefused.message;

/**
 * Copies a link for the user to paste elsewhere (a calendar link, an invite). Without a clipboard
 * (an insecure origin, an old browser) or when the user refused it, the link's field is focused and
 * selected for them to copy. @returns what to tell them: `copied`, or COPY_REFUSED_MESSAGE in the app's language
 */
export async function copyLink(
  url: string,
  field: RefObject<HTMLInputElement | null>,
  copied: string,
): Promise<string> {
  try {
    await navigator.clipboard.writeText(url);
    return copied;
  } catch {
    field.current?.focus();
    field.current?.select();
    return translate(messages.copyRefused);
  }
}
