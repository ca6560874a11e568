import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from './router';

export const TITLE_PREFIX = 'Mango Grove Tracker | ';

/** Sets document.title from the deepest matched route that names itself. */
export function usePageTitle(): void {
  const matches = useMatches();
  const name = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  useEffect(() => {
    document.title = `${TITLE_PREFIX}${name?.title ?? 'Home'}`;
  }, [name?.title]);
}
