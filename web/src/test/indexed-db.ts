// IndexedDB for unit tests (jsdom has none): fake-indexeddb, a complete in-memory implementation,
// under the app's own idb. Import this module first in a test file that uses it; what the worker
// keeps there, the page reads, as in a browser's origin.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';

/** The rows of `store` in `database`, in key order (none when either does not exist yet). */
export async function rowsOf(database: string, store: string): Promise<Record<string, unknown>[]> {
  const known = (await indexedDB.databases()).some((info) => info.name === database);
  if (!known) return [];
  const db = await openDB(database);
  try {
    return db.objectStoreNames.contains(store) ? await db.getAll(store) : [];
  } finally {
    db.close();
  }
}

/**
 * Empties every store of every database, as a new profile has nothing kept. The databases stay:
 * the modules under test keep their connections open across tests.
 */
export async function forgetDatabases(): Promise<void> {
  for (const { name } of await indexedDB.databases()) {
    const db = await openDB(name!);
    try {
      await Promise.all([...db.objectStoreNames].map((store) => db.clear(store)));
    } finally {
      db.close();
    }
  }
}
