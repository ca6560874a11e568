// Waterings tapped offline: kept in the offline queue (lib/offline-queue.ts, IndexedDB) in the
// order they were tapped, and sent once the network is back, by the page (it has Firebase Auth, so
// each request goes with a fresh ID token; a token saved with the tap would have expired after an
// hour). app/service-worker.ts calls sendQueuedWaterings on the `online` event and at start (when
// lib/queue-marker.ts says a tap may wait), and when the service worker's Background Sync says the
// network is back.
import { doCareJob } from '@/features/care/api/do-care-job';
import { ApiError } from '@/lib/api-client';
import { whenAuthReady } from '@/lib/auth';
import { openQueue, QUEUE_STORE, type QueuedJob } from '@/lib/offline-queue';
import { markQueuedWaterings } from '@/lib/queue-marker';
import { toast } from '@/lib/toast';
import { WATERINGS_SYNC_TAG } from '@/sw/messages';

export interface QueuedWatering extends QueuedJob {
  plantId: string;
  plantName: string;
  /** The user's own calendar day of the tap. */
  date: string;
}

/** After a 429 or a 5xx, the queue tries again this much later. */
const RETRY_MS = 15_000;
/**
 * After a request that got no answer at all, sooner: just after the `online` event the connection
 * may not carry requests yet (a browser's worker can come back a moment after its page).
 */
const NETWORK_RETRY_MS = 1_000;

/** Keeps a watering to send later, and asks the browser for a Background Sync where it has one. */
export async function queueWatering(watering: QueuedWatering): Promise<void> {
  await (await openQueue()).add(QUEUE_STORE, watering);
  markQueuedWaterings(true);
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (
      registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined
    )?.sync?.register(WATERINGS_SYNC_TAG);
  } catch {
    // No Background Sync here: the `online` event sends it.
  }
}

let sending: Promise<void> | undefined;

/**
 * Sends the signed-in user's queued waterings, oldest first, each once: one sender at a time
 * across the browser's tabs (Web Locks), and an entry leaves the queue when the server has
 * answered it. A refusal (e.g. 409 watered_later) is dropped with the server's sentence; a network
 * failure, a 5xx, a 401 or a 429 stops the run, and the rest waits, in order, for the next.
 */
export function sendQueuedWaterings(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  if (sending) return sending;
  const run = navigator.locks
    ? navigator.locks.request('mango-queued-waterings', drain).then(() => undefined)
    : drain();
  sending = run.finally(() => {
    sending = undefined;
  });
  return sending;
}

async function drain(): Promise<void> {
  const db = await openQueue();
  if ((await db.count(QUEUE_STORE)) === 0) {
    markQueuedWaterings(false);
    return;
  }
  const user = await whenAuthReady();
  if (!user) return;
  // Another user's were dropped when they left (lib/user-data.ts); never sent with this user's token.
  const mine = ((await db.getAll(QUEUE_STORE)) as QueuedWatering[]).filter((watering) => watering.uid === user.uid);
  for (const watering of mine) {
    try {
      await doCareJob(watering.plantId, 'water', watering.date);
      await db.delete(QUEUE_STORE, watering.id!);
      void toast.success(`Watered ${watering.plantName}: recorded now that you are back online`);
    } catch (error) {
      const refused =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 429;
      if (!refused) {
        const unanswered = error instanceof ApiError && error.status === 0;
        window.setTimeout(() => void sendQueuedWaterings(), unanswered ? NETWORK_RETRY_MS : RETRY_MS);
        return;
      }
      await db.delete(QUEUE_STORE, watering.id!);
      void toast.error(`${watering.plantName} was not marked as watered: ${error.message}`);
    }
  }
  if ((await db.count(QUEUE_STORE)) === 0) markQueuedWaterings(false);
}
