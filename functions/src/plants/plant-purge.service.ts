import { errorFields, log } from '../lib/log';
import type { TaskQueues } from '../lib/task-queue';
import type { PlantPurgeRepository } from './plants.repository';

/**
 * How long after a plant's delete its purge counts as lost (its task never queued, or given up
 * after every retry) and the sweep queues it again: well past the purge's own retries.
 */
const PURGE_SWEEP_AFTER_MS = 60 * 60_000;
/** The most lost purges one sweep queues again; the next sweep takes the rest. */
const PURGE_SWEEP_BATCH = 500;

/**
 * The rest of a deleted plant: its care history, photos and photo bytes, deleted after the plant
 * itself by a task (purgePlant), in bounded batches that a retried task resumes, and a scheduled
 * sweep that queues again any purge left unfinished.
 */
export function createPlantPurgeService(
  repository: () => PlantPurgeRepository,
  queues: TaskQueues,
  clock: () => Date = () => new Date(),
) {
  /** The task's id: one purge of a plant queued at a time. */
  const taskId = (plantId: string, attempt: string) => `purge-${plantId}-${attempt}`;

  return {
    /**
     * Queues the purge of a plant just deleted. A failure to queue is logged, not answered: the
     * plant is deleted, and the sweep queues its purge later.
     */
    async queuePurge(plantId: string): Promise<void> {
      try {
        await queues.enqueue('purgePlant', { plantId }, { id: taskId(plantId, 'first') });
      } catch (error) {
        log.error('Could not queue the purge of a deleted plant; the sweep will.', {
          plantId,
          error: errorFields(error),
        });
      }
    },

    /** purgePlant's work. A failure rejects, and Cloud Tasks runs the task again. */
    async purge(plantId: string): Promise<void> {
      await repository().purge(plantId);
    },

    /** Queues again the purges of plants deleted more than PURGE_SWEEP_AFTER_MS ago that are not done. */
    async sweep(): Promise<number> {
      const now = clock();
      const lost = await repository().unfinished(new Date(now.getTime() - PURGE_SWEEP_AFTER_MS), PURGE_SWEEP_BATCH);
      // One id per plant and hour: a sweep an hour later may queue it again if this one fails too.
      const hour = Math.floor(now.getTime() / PURGE_SWEEP_AFTER_MS);
      await Promise.all(
        lost.map((plantId) => queues.enqueue('purgePlant', { plantId }, { id: taskId(plantId, `sweep-${hour}`) })),
      );
      return lost.length;
    },
  };
}
