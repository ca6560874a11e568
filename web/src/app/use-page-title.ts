import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { translate, useLanguage } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';

/** `handle.title` names the page: the document title is 'Mango Grove Tracker | <title>'. */
export interface RouteHandle {
  title: Message;
}

const messages = defineMessages({
  title: { id: 'page.documentTitle', message: 'Mango Grove Tracker | {page}' },
  home: { id: 'page.home', message: 'Home' },
});

/** 'Mango Grove Tracker | <name>' from the deepest matched route that names itself, in the app's language. */
export function pageTitle(handles: readonly unknown[]): string {
  const name = [...handles]
    .reverse()
    .map((handle) => (handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  return translate(messages.title, { page: translate(name ?? messages.home) });
}

/** Keeps document.title in step with the current route and the app's language. */
export function usePageTitle(): void {
  // Rendered again in a new language, so the title follows a switch.
  useLanguage();
  const title = pageTitle(useMatches().map((match) => match.handle));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
