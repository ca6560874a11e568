import { getDb } from './lib/firebase';
import { cloudTaskQueues } from './lib/task-queue';
import { isPlausiblePlantId } from './plants/plants.schemas';
import { createPlantPurgeService } from './plants/plant-purge.service';
import { createPlantPurgeRepository } from './plants/plants.repository';

/**
 * The work the function does outside a request: what its task queue and scheduled functions
 * (index.ts) call, built from the same rooms as the app (app.ts).
 */
const plantPurge = () => createPlantPurgeService(() => createPlantPurgeRepository(getDb()), cloudTaskQueues());

/** A task's data that is not what this function queues is an error: Cloud Tasks gives up on it after its retries. */
function plantIdOf(data: unknown): string {
  const plantId = (data as { plantId?: unknown } | null)?.plantId;
  if (typeof plantId !== 'string' || !isPlausiblePlantId(plantId)) throw new Error('A purge task without a plant id.');
  return plantId;
}

export const jobs = {
  purgePlant: (data: unknown) => plantPurge().purge(plantIdOf(data)),
  sweepPlantPurges: () => plantPurge().sweep(),
};
