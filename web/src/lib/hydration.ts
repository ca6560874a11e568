import {
  createElement,
  startTransition,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/*
 * The public pages are prerendered at build time (build/prerender.ts) and the browser hydrates
 * that HTML: its first render must draw exactly what the build drew, which knew no user, no theme,
 * no network state and no server data. Each of those is read with `useBrowserValue`, given what the
 * build drew: that value while prerendering and hydrating, then the browser's own in one transition
 * right after, which yields to the browser as it renders. Every other render (a page drawn by the
 * browser alone, a later navigation, tests) takes the browser's value from the start.
 */

const noSubscription = () => () => undefined;
// The same functions on every render: a store's snapshot function that changed would have React
// compare its snapshot again after each commit.
const isLive = () => phase === 'live';
const notLive = () => false;

/**
 * 'hydrating' from main.tsx's `beginHydration` until the render after hydration is on screen,
 * 'going-live' until the task after it, 'live' in every other render in the browser. The build's
 * prerender never reads it: a server render takes each store's server snapshot.
 */
let phase: 'hydrating' | 'going-live' | 'live' = 'live';

/** main.tsx, just before it hydrates a prerendered page. */
export function beginHydration(): void {
  phase = 'hydrating';
}

/**
 * False while the page is prerendered or hydrated from prerendered HTML; true in every render after.
 * The render after hydration is a transition: React draws what changed in slices of a few
 * milliseconds, yielding to the browser between them, instead of in one task (the store's own
 * catch-up after hydration would be synchronous). A render with no prerendered HTML under it is
 * true from the start.
 */
export function useHydrated(): boolean {
  // During hydration the store's snapshot (false) equals the server's (false): no catch-up render.
  const live = useSyncExternalStore(noSubscription, isLive, notLive);
  const [hydrated, setHydrated] = useState(live);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
    else if (phase === 'hydrating') {
      // Once that transition is on screen, what mounts from then on is live from its first render.
      // In a task of its own: the stores of the components this transition mounted compare their
      // snapshots in this same pass of effects, and one changed under them would make React render
      // them again synchronously.
      phase = 'going-live';
      setTimeout(() => (phase = 'live'));
    }
  }, [hydrated]);
  return hydrated;
}

/**
 * A browser value (who is signed in, the theme, the network) that the prerendered HTML drew as
 * `prerendered`: that value while prerendering and hydrating, the browser's own in the transition
 * after (useHydrated) and from the start in every other render. While hydrating, the store's server
 * snapshot is its browser snapshot, so React does not render again synchronously to catch up.
 */
export function useBrowserValue<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
  prerendered: T,
): T {
  const value = useSyncExternalStore(subscribe, getSnapshot, () =>
    phase === 'hydrating' ? getSnapshot() : prerendered,
  );
  return useHydrated() ? value : prerendered;
}

/**
 * Where a page shows a loader's answers (`useAnswer`): their loading state, `fallback`, until they
 * are in. In prerendered HTML, and while the browser hydrates it, that same fallback without
 * Suspense: the build has no answers, and an answer that arrived during hydration would not match
 * the HTML. (Without JSX: this module is on the path of the auth module, which would otherwise
 * need the JSX runtime in a chunk of its own: 485 B more on `/`, gzipped.)
 */
export function AnswerSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useHydrated() ? createElement(Suspense, { fallback }, children) : fallback;
}
