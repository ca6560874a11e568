import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { createApp } from './app';
import { CALENDAR_FEED_KEY, PURGE_OPTIONS, RUNTIME_OPTIONS, SWEEP_OPTIONS } from './config/runtime';
import { jobs } from './jobs';

export const api = onRequest({ ...RUNTIME_OPTIONS, secrets: [CALENDAR_FEED_KEY] }, createApp());

/** A deleted plant's care history and photos, deleted after it (plants/plant-purge.service.ts). */
export const purgePlant = onTaskDispatched(PURGE_OPTIONS, (request) => jobs.purgePlant(request.data));
export const sweepPlantPurges = onSchedule(SWEEP_OPTIONS, async () => {
  await jobs.sweepPlantPurges();
});
