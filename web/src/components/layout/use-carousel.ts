import { useCallback, useEffect, useState } from 'react';
import { useBrowserValue } from '@/lib/hydration';

/**
 * The carousel's index: starts at 0, advances every `interval` ms while
 * `playing` and wraps; arrows wrap too. Any move restarts the countdown, so a slide the user just
 * picked stays for a full interval.
 */
export function useCarousel(count: number, { interval, playing }: { interval: number; playing: boolean }) {
  const [index, setIndex] = useState(0);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const previous = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);
  const goTo = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setTimeout(next, interval);
    return () => window.clearTimeout(timer);
  }, [index, playing, interval, count, next]);

  return { index, next, previous, goTo };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(listener: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/**
 * True when the user asked the system for less motion; follows changes while the page is open. A
 * prerendered page was drawn with motion (lib/hydration.ts): the rotation only starts after
 * hydration anyway, so nothing has moved before the browser's own answer.
 */
export function usePrefersReducedMotion(): boolean {
  return useBrowserValue(subscribeReducedMotion, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false, false);
}
