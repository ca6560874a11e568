import { RUNTIME_OPTIONS } from '../config/runtime';
import { getAdminFunctions } from './firebase';

/** The task queue functions (index.ts), each a queue of Cloud Tasks of its own. */
export type TaskFunction = 'purgePlant' | 'queueBatchDigests' | 'sendDigest' | 'emptyPlace';

export interface TaskQueues {
  /**
   * Adds a task for `fn` with `data`. With an `id`, a second task of the same id is refused by
   * Cloud Tasks for as long as it remembers the first (about an hour after it ran, up to 9 days
   * for one still queued): resolves 'already-queued' then.
   */
  enqueue(
    fn: TaskFunction,
    data: Record<string, unknown>,
    options?: { id?: string },
  ): Promise<'queued' | 'already-queued'>;
}

/** Cloud Tasks through firebase-admin (the Cloud Tasks emulator when CLOUD_TASKS_EMULATOR_HOST is set). */
export function cloudTaskQueues(region: string = RUNTIME_OPTIONS.region): TaskQueues {
  return {
    async enqueue(fn, data, options = {}) {
      try {
        await getAdminFunctions().taskQueue(`locations/${region}/functions/${fn}`).enqueue(data, options);
        return 'queued';
      } catch (error) {
        if ((error as { code?: string }).code === 'functions/task-already-exists') return 'already-queued';
        throw error;
      }
    },
  };
}
