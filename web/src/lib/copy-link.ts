import type { RefObject } from 'react';

export const COPY_REFUSED_MESSAGE =
  'Your browser did not let us copy the link. It is selected above: copy it yourself (Ctrl+C, or ⌘+C on a Mac).';

/**
 * Copies a link for the user to paste elsewhere (a calendar link, an invite). Without a clipboard
 * (an insecure origin, an old browser) or when the user refused it, the link's field is focused and
 * selected for them to copy. @returns what to tell them: `copied`, or COPY_REFUSED_MESSAGE
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
    return COPY_REFUSED_MESSAGE;
  }
}
