import { defineSecret } from 'firebase-functions/params';

/**
 * The Cloud Function's runtime options, in one place. firebase.json's Hosting rewrites name the
 * same region (a test compares them), so change both together.
 *
 * - region us-central1: the default region of Firebase Hosting rewrites.
 * - memory 1GiB with cpu 1 (concurrency above 1 needs a whole vCPU), concurrency 32: one process
 *   sent 32 uploads at once of the worst photo the API accepts (a 10 MB, 40 MP PNG) peaked at 594
 *   to 671 MiB, mostly the request bodies; 40 at once, 748 to 913 MiB, too close to 1 GiB
 *   (photos-memory.api.test.ts checks the peak against this memory; docs/photos.md, "Memory").
 *   32 small JSON requests at once is still far more than one vCPU is busy with.
 * - timeoutSeconds 30: every request is a few Firestore reads or writes; Firestore calls are
 *   bounded far below this (see FIRESTORE_DEADLINE_MS).
 * - maxInstances 10: a ceiling on cost for a small product; raise it with traffic.
 */
export const RUNTIME_OPTIONS = {
  region: 'us-central1',
  memory: '1GiB',
  cpu: 1,
  concurrency: 32,
  timeoutSeconds: 30,
  maxInstances: 10,
} as const;

/**
 * purgePlant, the task that deletes a deleted plant's care history and photos
 * (plants/plant-purge.service.ts): one task per plant, retried with a growing wait when it fails
 * (a retry resumes where the last try stopped). firebase-admin's recursiveDelete keeps at most
 * 5,000 deletes pending, so memory does not grow with the history: 20,000 events took 41.6 s at
 * BulkWriter's default pace (500 deletes a second, then 50% more every 5 minutes) with a peak of
 * 141 MiB (docs/benchmarks.md). 9 minutes deletes well over 200,000; a longer history is finished
 * by the next try. At most ten at once, so a burst of deletes does not crowd the store.
 */
export const PURGE_OPTIONS = {
  region: RUNTIME_OPTIONS.region,
  memory: '256MiB',
  timeoutSeconds: 540,
  retryConfig: { maxAttempts: 5, minBackoffSeconds: 30, maxBackoffSeconds: 600 },
  rateLimits: { maxConcurrentDispatches: 10 },
} as const;

/**
 * emptyPlace, the task that moves the plants of a deleted place out of it when there are more than
 * one commit takes (places/places.repository.ts): 200 plants a commit, each with its `moved`
 * event; an account's 5,000 plants are 25 commits, seconds. Retried with a growing wait (the task
 * is queued just before the delete's commit, which it may run ahead of); a retry goes on where the
 * last try stopped.
 */
export const EMPTY_PLACE_OPTIONS = {
  region: RUNTIME_OPTIONS.region,
  memory: '256MiB',
  timeoutSeconds: 300,
  retryConfig: { maxAttempts: 5, minBackoffSeconds: 10, maxBackoffSeconds: 300 },
  rateLimits: { maxConcurrentDispatches: 10 },
} as const;

/** The hourly sweep that queues again a purge that was never queued or gave up (plant-purge.service.ts). */
export const SWEEP_OPTIONS = {
  region: RUNTIME_OPTIONS.region,
  schedule: 'every 60 minutes',
  memory: '256MiB',
  timeoutSeconds: 120,
} as const;

/** The change of seasons: hourly, so each owner's plants turn within an hour of their local midnight. */
export const SEASONS_OPTIONS = {
  region: RUNTIME_OPTIONS.region,
  schedule: 'every 60 minutes',
  memory: '256MiB',
  timeoutSeconds: 540,
} as const;

/**
 * The digests' scheduled run (reminders/reminders.service.ts): every 15 minutes it finds the
 * people whose digest time has come (one indexed query, 500 a page) and queues them in batches.
 * Cloud Scheduler's clock; locally the launcher calls it every minute.
 */
export const REMINDERS_TICK_OPTIONS = {
  region: RUNTIME_OPTIONS.region,
  schedule: 'every 15 minutes',
  memory: '256MiB',
  timeoutSeconds: 540,
} as const;

/** A batch of up to 500 people: queues one digest task each. Retried when the queue refuses. */
export const DIGESTS_OPTIONS = {
  region: RUNTIME_OPTIONS.region,
  memory: '256MiB',
  timeoutSeconds: 300,
  retryConfig: { maxAttempts: 5, minBackoffSeconds: 10, maxBackoffSeconds: 300 },
  rateLimits: { maxConcurrentDispatches: 20 },
} as const;

/**
 * One person's digest: a few reads, an email and a push per browser. Retried (a push service's
 * 429 or 5xx, an SMTP failure) with a growing wait, for at most 2 hours: a digest later than that
 * is no longer news, and one delivery is never made twice (the day is claimed before sending).
 * concurrency 16: the work is waiting on the network.
 *
 * rateLimits: at most 10 digests start a second, 50 at once, across all instances. Each sends at
 * most one email, so this is the rate the SMTP relay sees: below the 14 a second Amazon SES
 * starts a production account at, and within what SendGrid, Mailgun or Postmark take, where 200
 * dispatched at once (the queue's earlier setting) were throttled and their retries ran into the
 * 2-hour limit. 10 a second is 36,000 digests an hour and 72,000 within the 2 hours a digest may
 * be late; raise maxDispatchesPerSecond with the relay's own rate (docs/reminders.md).
 */
export const DIGEST_OPTIONS = {
  region: RUNTIME_OPTIONS.region,
  memory: '256MiB',
  cpu: 1,
  concurrency: 16,
  timeoutSeconds: 60,
  retryConfig: { maxAttempts: 6, minBackoffSeconds: 60, maxBackoffSeconds: 1800, maxRetrySeconds: 7200 },
  rateLimits: { maxDispatchesPerSecond: 10, maxConcurrentDispatches: 50 },
} as const;

/** How long the API waits for Firestore (or a token check) before answering 503. */
export const FIRESTORE_DEADLINE_MS = 5000;

/**
 * The largest request body the API accepts (100 KB). The Cloud Functions runtime accepts far
 * larger bodies (32 MB) and parses them before Express runs, so the API checks this itself.
 */
export const MAX_BODY_BYTES = 100 * 1024;

/**
 * The server's key for calendar feed links (calendar/calendar.service.ts derives each link's secret
 * from it, so the database alone never holds a working link). In production a Secret Manager secret:
 * `firebase functions:secrets:set CALENDAR_FEED_KEY` with at least 32 random characters. Locally the
 * stack launcher writes one to functions/.secret.local, which the Functions emulator reads.
 */
export const CALENDAR_FEED_KEY = defineSecret('CALENDAR_FEED_KEY');
