// Care jobs (Watered, Done for every task, Snooze and a check-in) that could not reach the server: tapped offline, or
// sent on a network that lies (Wi-Fi without internet, a captive portal: the browser says online,
// the request gets no answer at all). Kept in the offline queue (lib/offline-queue.ts, IndexedDB)
// in the order they were tapped, each with its job id, and sent once the network is back, by the
// page (it has Firebase Auth, so each request goes with a fresh ID token; a token saved with the
// tap would have expired after an hour). app/service-worker.ts calls sendQueuedCareJobs on the
// `online` event, at start (when lib/queue-marker.ts says a tap may wait), when the service
// worker's Background Sync says the network is back, and when any request of the app is answered;
// a run that gets no answer tries again by itself, less and less often.
//
// A job whose request got no answer may still have reached the server (its answer was lost): the
// job id, sent with every try, makes the server record it once (functions/src/care/).
import type { CareJob } from '@model/care-tasks';
import { checkCareJob } from '@/features/care/api/check-care-job';
import { doCareJob } from '@/features/care/api/do-care-job';
import { snoozeCareJob } from '@/features/care/api/snooze-care-job';
import { ApiError } from '@/lib/api-client';
import { whenAuthReady } from '@/lib/auth';
import { openQueue, QUEUE_STORE, type QueuedJob } from '@/lib/offline-queue';
import { markQueuedCareJobs } from '@/lib/queue-marker';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { CARE_JOBS_SYNC_TAG } from '@/sw/messages';
import { careFailure } from './care-errors';

export interface QueuedCareJob extends QueuedJob {
  plantId: string;
  plantName: string;
  /** The job; a watering queued by an older version of the app has none. */
  job?: CareJob;
  /** The user's own calendar day of the tap. */
  date: string;
  /** The id the tap's request was sent with (none from an older version of the app). */
  jobId?: string;
  /** What the tap asked: the job done (also what an older version queued, with none), moved later, or checked. */
  kind?: 'done' | 'snooze' | 'check';
  /** How many days a snooze moves the job. */
  days?: number;
}

/* In the jobs' selects `other` is misting: ICU asks for an `other`, and the jobs are CARE_JOBS. */
const messages = defineMessages({
  doneRecorded: {
    id: 'care.queue.doneRecorded',
    message:
      '{job, select, water {Watered} fertilize {Fertilized} repot {Repotted} prune {Pruned} other {Misted}} {plant}: recorded now that you are back online',
  },
  doneRefused: {
    id: 'care.queue.doneRefused',
    message:
      '{plant} was not marked as {job, select, water {watered} fertilize {fertilized} repot {repotted} prune {pruned} other {misted}}',
  },
  snoozeRecorded: {
    id: 'care.queue.snoozeRecorded',
    message:
      '{job, select, water {Watering} fertilize {Fertilizing} repot {Repotting} prune {Pruning} other {Misting}} of {plant} snoozed now that you are back online',
  },
  snoozeRefused: {
    id: 'care.queue.snoozeRefused',
    message:
      'The {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} of {plant} was not snoozed',
  },
  checkRecorded: { id: 'care.queue.checkRecorded', message: 'Checked {plant}: recorded now that you are back online' },
  checkRefused: { id: 'care.queue.checkRefused', message: 'The check-in of {plant} was not saved' },
  refusedBecause: { id: 'care.queue.refusedBecause', message: '{refused}: {reason}' },
});

/** What each kind of queued tap sends, and says when it is recorded or refused. */
const KINDS = {
  done: {
    send: (queued: QueuedCareJob, job: CareJob) => doCareJob(queued.plantId, job, queued.date, queued.jobId),
    recorded: messages.doneRecorded,
    refused: messages.doneRefused,
  },
  snooze: {
    send: (queued: QueuedCareJob, job: CareJob) => snoozeCareJob(queued.plantId, job, queued.days ?? 1, queued.jobId),
    recorded: messages.snoozeRecorded,
    refused: messages.snoozeRefused,
  },
  check: {
    send: (queued: QueuedCareJob, job: CareJob) => checkCareJob(queued.plantId, job, queued.jobId),
    recorded: messages.checkRecorded,
    refused: messages.checkRefused,
  },
} as const;

/** After a 429 or a 5xx, the queue tries again this much later. */
const RETRY_MS = 15_000;
/**
 * After a request that got no answer at all, sooner at first: just after the `online` event the
 * connection may not carry requests yet (a browser's worker can come back a moment after its
 * page). On a network that lies the next tries wait twice as long each time, up to RETRY_MS.
 */
const NETWORK_RETRY_MS = 1_000;

/** A request that got no answer at all (not an HTTP error): offline, or a network that lies. */
export const isUnanswered = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

/** A new job id: the server records a job with an id it has seen once only once. */
export const newJobId = (): string => crypto.randomUUID();

/**
 * Keeps a job to send later, and asks the browser for a Background Sync where it has one. Kept
 * while the browser says online (its request got no answer), the queue tries again by itself: no
 * `online` event may ever come, and Background Sync thinks the network is there.
 */
export async function queueCareJob(job: QueuedCareJob): Promise<void> {
  await (await openQueue()).add(QUEUE_STORE, job);
  markQueuedCareJobs(true);
  if (navigator.onLine) retryIn(networkRetryMs);
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (
      registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined
    )?.sync?.register(CARE_JOBS_SYNC_TAG);
  } catch {
    // No Background Sync here: the `online` event, or the next answered request, sends it.
  }
}

let sending: Promise<void> | undefined;
let retry: number | undefined;
let networkRetryMs = NETWORK_RETRY_MS;

/**
 * Sends the signed-in user's queued jobs, oldest first, each once: one sender at a time across the
 * browser's tabs (Web Locks), and an entry leaves the queue when the server has answered it. A
 * refusal (e.g. 409 watered_later) is dropped with the server's sentence; no answer, a 5xx, a 401
 * or a 429 stops the run, and the rest waits, in order, for the next.
 */
export function sendQueuedCareJobs(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  if (sending) return sending;
  window.clearTimeout(retry);
  retry = undefined;
  // The lock's name is from when only waterings were queued; kept, so a tab of an older version
  // and one of this version never send at once.
  const run = navigator.locks
    ? navigator.locks.request('mango-queued-waterings', drain).then(() => undefined)
    : drain();
  sending = run.finally(() => {
    sending = undefined;
  });
  return sending;
}

function retryIn(ms: number): void {
  window.clearTimeout(retry);
  retry = window.setTimeout(() => void sendQueuedCareJobs(), ms);
}

function tryAgainLater(unanswered: boolean): void {
  retryIn(unanswered ? networkRetryMs : RETRY_MS);
  if (unanswered) networkRetryMs = Math.min(networkRetryMs * 2, RETRY_MS);
}

async function drain(): Promise<void> {
  const db = await openQueue();
  if ((await db.count(QUEUE_STORE)) === 0) {
    markQueuedCareJobs(false);
    return;
  }
  const user = await whenAuthReady();
  if (!user) return;
  // Another user's were dropped when they left (lib/user-data.ts); never sent with this user's token.
  const mine = ((await db.getAll(QUEUE_STORE)) as QueuedCareJob[]).filter((queued) => queued.uid === user.uid);
  for (const queued of mine) {
    const job = queued.job ?? 'water';
    const kind = KINDS[queued.kind ?? 'done'];
    try {
      await kind.send(queued, job);
      networkRetryMs = NETWORK_RETRY_MS;
      await db.delete(QUEUE_STORE, queued.id!);
      void toast.success(translate(kind.recorded, { plant: queued.plantName, job }));
    } catch (error) {
      const refused =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401 &&
        error.status !== 429;
      if (!refused) {
        tryAgainLater(isUnanswered(error));
        return;
      }
      await db.delete(QUEUE_STORE, queued.id!);
      const refusedTap = translate(kind.refused, { plant: queued.plantName, job });
      void toast.error(
        translate(messages.refusedBecause, { refused: refusedTap, reason: careFailure(error, error.message) }),
      );
    }
  }
  if ((await db.count(QUEUE_STORE)) === 0) markQueuedCareJobs(false);
}
