import { localToday } from '@model/schedule';
import { useSyncExternalStore } from 'react';

/*
 * The user's calendar day, shared by every badge and list on the page: one timer moves it on at
 * local midnight, and coming back to the tab re-reads it (timers sleep with the tab or the laptop).
 */
let today = localToday();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function checkDay(): void {
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
  timer = setTimeout(checkDay, midnight.getTime() - now.getTime() + 1000);
}

const onVisibility = () => {
  if (document.visibilityState === 'visible') checkDay();
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
