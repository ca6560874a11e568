import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/** `handle.title` names the page: the document title is 'Mango Grove Tracker | <title>'. */
export interface RouteHandle {
  title: string;
}

const TITLE_PREFIX = 'Mango Grove Tracker | ';

/** 'Mango Grove Tracker | <name>' from the deepest matched route that names itself. */
export function pageTitle(handles: readonly unknown[]): string {
  const name = [...handles]
    .reverse()
    .map((handle) => (handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  return `${TITLE_PREFIX}${name ?? 'Home'}`;
}

/** Keeps document.title in step with the current route. */
export function usePageTitle(): void {
  const title = pageTitle(useMatches().map((match) => match.handle));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
