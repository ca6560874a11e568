import { useCallback, useEffect, useState } from 'react';

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

/** True when the user asked the system for less motion; follows changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}
