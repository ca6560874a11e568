import { reminderDeliveryFromParams, type ReminderDelivery } from '../../src/config/reminders';
import type { TaskFunction, TaskQueues } from '../../src/lib/task-queue';
import type { DigestTask } from '../../src/reminders/reminders.service';
import { testRooms } from './app';
import type { TestUser } from '../../../scripts/lib/test-users.mjs';

/** Cloud Tasks as the scheduled run sees it: what it queues (a task name once), kept to be run by hand. */
function recordingQueue() {
  const queued: { fn: TaskFunction; data: Record<string, unknown>; id?: string }[] = [];
  const ids = new Set<string>();
  const tasks: TaskQueues = {
    async enqueue(fn, data, options = {}) {
      if (options.id && ids.has(options.id)) return 'already-queued';
      if (options.id) ids.add(options.id);
      queued.push({ fn, data, id: options.id });
      return 'queued';
    },
  };
  return { tasks, queued };
}

/**
 * The reminders' jobs at a moment the test sets and moves, on the real store, mail server and push
 * receiver (with `delivery`, settings of the test's own for some of it).
 */
export function jobsAt(iso: string, delivery?: Partial<ReminderDelivery>) {
  const { tasks, queued } = recordingQueue();
  let now = new Date(iso);
  const jobs = testRooms({
    clock: () => now,
    tasks,
    ...(delivery ? { reminderDelivery: () => ({ ...reminderDeliveryFromParams(), ...delivery }) } : {}),
  }).reminders;
  const queuedDigests = () =>
    queued.filter((task) => task.fn === 'sendDigest').map((task) => task.data as unknown as DigestTask);
  /** The scheduled run, then each batch it queued, as Cloud Tasks would run them: the digests queued. */
  async function dueDigests(): Promise<DigestTask[]> {
    queued.length = 0;
    await jobs.queueDueDigests();
    for (const batch of queued.filter((task) => task.fn === 'queueBatchDigests'))
      await jobs.queueBatchDigests(batch.data.people as DigestTask[]);
    return queuedDigests();
  }
  return {
    jobs,
    queued,
    at: (next: string) => (now = new Date(next)),
    dueDigests,
    /**
     * The digests a scheduled run queued for `user`. `again: false`: those the last run queued,
     * without another (a second run at the same moment would be refused as the same batch).
     */
    async digestsOf(user: TestUser, { again = true } = {}): Promise<DigestTask[]> {
      return (again ? await dueDigests() : queuedDigests()).filter((task) => task.uid === user.uid);
    },
  };
}
