// A mark in localStorage while waterings tapped offline may wait in IndexedDB, so an app that opens
// (or comes back online) with nothing queued loads none of the queue's code, Firebase's or idb's
// (app/service-worker.ts). offline-waterings.ts sets it with each tap and clears it when the queue
// is empty.
const QUEUE_MARKER_KEY = 'mango.queuedWaterings';

export function mayHaveQueuedWaterings(): boolean {
  return localStorage.getItem(QUEUE_MARKER_KEY) !== null;
}

export function markQueuedWaterings(queued: boolean): void {
  if (queued) localStorage.setItem(QUEUE_MARKER_KEY, '1');
  else localStorage.removeItem(QUEUE_MARKER_KEY);
}
