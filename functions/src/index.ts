import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { createApp } from './app';
import { SMTP_URL, VAPID_PRIVATE_KEY } from './config/reminders';
import {
  CALENDAR_FEED_KEY,
  DIGEST_OPTIONS,
  DIGESTS_OPTIONS,
  EMPTY_PLACE_OPTIONS,
  PURGE_OPTIONS,
  REMINDERS_TICK_OPTIONS,
  SEASONS_OPTIONS,
  RUNTIME_OPTIONS,
  SWEEP_OPTIONS,
} from './config/runtime';
import { jobs } from './jobs';
import { withLogContext } from './lib/log';

/** Each task's lines carry its queue and its own id (Cloud Tasks'), never whom it is for. */
const asTask = <T>(task: string, id: string, work: () => Promise<T>) => withLogContext({ task, taskId: id }, work);

export const api = onRequest(
  { ...RUNTIME_OPTIONS, secrets: [CALENDAR_FEED_KEY, VAPID_PRIVATE_KEY, SMTP_URL] },
  createApp(),
);

/** A deleted plant's care history and photos, deleted after it (plants/plant-purge.service.ts). */
export const purgePlant = onTaskDispatched(PURGE_OPTIONS, (request) =>
  asTask('purgePlant', request.id, () => jobs.purgePlant(request.data)),
);
export const sweepPlantPurges = onSchedule(SWEEP_OPTIONS, async () => {
  await jobs.sweepPlantPurges();
});

/** A deleted place's plants moved out of it, past what one commit takes (places/places.repository.ts). */
export const emptyPlace = onTaskDispatched(EMPTY_PLACE_OPTIONS, async (request) => {
  await asTask('emptyPlace', request.id, () => jobs.emptyPlace(request.data));
});

/** The change of seasons for plants that follow their species (plants/plant-seasons.service.ts). */
export const turnSeasons = onSchedule(SEASONS_OPTIONS, async () => {
  await jobs.turnSeasons();
});

/** The daily digests (reminders/reminders.service.ts): whose hour has come, in batches, then one task each. */
export const queueDigests = onSchedule(REMINDERS_TICK_OPTIONS, async () => {
  await jobs.queueDueDigests();
});
export const queueBatchDigests = onTaskDispatched(DIGESTS_OPTIONS, (request) =>
  asTask('queueBatchDigests', request.id, () => jobs.queueBatchDigests(request.data)),
);
export const sendDigest = onTaskDispatched(
  { ...DIGEST_OPTIONS, secrets: [VAPID_PRIVATE_KEY, SMTP_URL] },
  async (request) => {
    await asTask('sendDigest', request.id, () => jobs.sendDigest(request.data));
  },
);
