import { localToday } from '@model/schedule';
import { useEffect, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router-dom';

/*
 * The user's calendar day, shared by every badge and list on the page: one timer moves it on at
 * local midnight, and coming back to the tab re-reads it (timers sleep with the tab or the laptop).
 */
let today = localToday();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function refresh(): void {
  const now = localToday();
  if (now !== today) {
    today = now;
    for (const listener of listeners) listener();
  }
  schedule();
}

function schedule(): void {
  clearTimeout(timer);
  const now = new Date();
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  timer = setTimeout(refresh, midnight.getTime() - now.getTime() + 1000);
}

const onVisibility = () => {
  if (document.visibilityState === 'visible') refresh();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    today = localToday();
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

/** Today in the user's time zone (YYYY-MM-DD), re-rendering when the day changes. */
export function useToday(): string {
  // Before anything listens, the kept day may be old (the module loaded yesterday, or a test moved the clock).
  return useSyncExternalStore(subscribe, () => (listeners.size ? today : localToday()));
}

/**
 * For a page whose loader read what is due as of `loadedFor` (its day): once the user's day has
 * moved on (midnight, or a tab woken the next morning), the page's loaders read again.
 */
export function useNewDayReload(loadedFor: string): string {
  const today = useToday();
  const revalidator = useRevalidator();
  const stale = today !== loadedFor && revalidator.state === 'idle';
  useEffect(() => {
    if (stale) void revalidator.revalidate();
  }, [stale, revalidator]);
  return today;
}
