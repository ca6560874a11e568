import { useBrowserValue } from './hydration';

/**
 * What the status banners show: whether the browser is online, and whether a new version of the
 * app is waiting (set by app/service-worker.ts with the function that applies it).
 */
let update: (() => void) | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** False while the browser has no network: writes other than care jobs (queued offline) wait for it. */
export function useOnline(): boolean {
  // A prerendered page was drawn online, with no update waiting (lib/hydration.ts).
  return useBrowserValue(subscribe, () => navigator.onLine, true);
}

/** The function that reloads into the new version, once one is waiting. */
export function useUpdate(): (() => void) | null {
  return useBrowserValue(subscribe, () => update, null);
}

export function offerUpdate(apply: () => void): void {
  update = apply;
  notify();
}

/** The one sentence for a change that needs the network, in English (errorMessage says it in the reader's language). */
export const OFFLINE_WRITE_MESSAGE =
  'You are offline: this change needs a connection, so nothing was changed. Try again once you are back online.';
