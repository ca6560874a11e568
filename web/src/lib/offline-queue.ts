// The care jobs tapped offline: kept in IndexedDB (through idb) in the order they were tapped, each
// with the user who tapped it. Only that user sends them (features/care/lib/offline-care-jobs.ts);
// a change of user drops everyone else's (lib/user-data.ts), so a job is never sent with another
// user's token.
import { openDB, type IDBPDatabase } from 'idb';
import { markQueuedCareJobs, mayHaveQueuedCareJobs } from './queue-marker';

export interface QueuedJob {
  id?: number;
  /** The user who tapped it: only they send it. */
  uid: string;
}

/**
 * The store of every queued care job (Done, Snooze, a check-in). Named when only waterings were
 * queued; kept, so that what an older version queued is still sent.
 */
export const QUEUE_STORE = 'waterings';

let database: Promise<IDBPDatabase> | undefined;
export function openQueue(): Promise<IDBPDatabase> {
  database ??= openDB('mango-offline', 1, {
    upgrade(db) {
      db.createObjectStore(QUEUE_STORE, { keyPath: 'id', autoIncrement: true });
    },
  });
  return database;
}

/**
 * Drops the jobs queued by anyone but `uid` (null: by anyone), and the queue's mark once it is
 * empty. Without the mark nothing is queued, and the database is not even opened.
 */
export async function dropOtherUsersJobs(uid: string | null): Promise<void> {
  if (!mayHaveQueuedCareJobs()) return;
  const db = await openQueue();
  const transaction = db.transaction(QUEUE_STORE, 'readwrite');
  const others = ((await transaction.store.getAll()) as QueuedJob[]).filter((job) => job.uid !== uid);
  await Promise.all([...others.map((job) => transaction.store.delete(job.id!)), transaction.done]);
  if ((await db.count(QUEUE_STORE)) === 0) markQueuedCareJobs(false);
}
