// A mark in localStorage while care jobs tapped offline may wait in IndexedDB (offline-queue.ts),
// so an app that opens (or comes back online, or changes user) with nothing queued loads none of
// the queue's code, Firebase's or idb's (app/service-worker.ts, lib/user-data.ts). The queue sets
// it with each tap and clears it when it is empty.
// Named when only waterings were queued; kept, so the mark a tap of an older version left is read.
const QUEUE_MARKER_KEY = 'mango.queuedWaterings';

export function mayHaveQueuedCareJobs(): boolean {
  return localStorage.getItem(QUEUE_MARKER_KEY) !== null;
}

export function markQueuedCareJobs(queued: boolean): void {
  if (queued) localStorage.setItem(QUEUE_MARKER_KEY, '1');
  else localStorage.removeItem(QUEUE_MARKER_KEY);
}
