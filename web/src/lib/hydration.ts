import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

/*
 * The public pages are prerendered at build time (build/prerender.ts) and the browser hydrates
 * that HTML: its first render must draw exactly what the build drew, which knew no user, no theme,
 * no network state and no server data. Each of those is read with `useSyncExternalStore`, whose
 * server snapshot is what the build drew; React takes it while prerendering and hydrating, then
 * renders again at once with the browser's own value. Every other render (a page drawn by the
 * browser alone, a later navigation, tests) takes the browser's value from the start.
 */

const noSubscription = () => () => undefined;

/** False while the page is prerendered or hydrated from prerendered HTML; true in every render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Where a page shows a loader's answers (`useAnswer`): their loading state, `fallback`, until they
 * are in. In prerendered HTML, and while the browser hydrates it, that same fallback without
 * Suspense: the build has no answers, and an answer that arrived during hydration would not match
 * the HTML.
 */
export function AnswerSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
