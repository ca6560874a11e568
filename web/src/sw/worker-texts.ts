// The service worker's own words in the reader's language (digest-push.ts, workerMessages), which
// the page keeps for it: the worker cannot load a catalogue. The page writes them whenever it
// speaks a language (app/service-worker.ts); the worker reads them when a push comes, with no page
// open. The page and the worker share the origin's IndexedDB.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { WorkerTexts } from './digest-push';

const STORE = 'texts';
const KEY = 'notification';

interface WorkerTextsDB extends DBSchema {
  [STORE]: { key: string; value: WorkerTexts };
}

let database: Promise<IDBPDatabase<WorkerTextsDB>> | undefined;
function openTexts(): Promise<IDBPDatabase<WorkerTextsDB>> {
  database ??= openDB<WorkerTextsDB>('mango-worker-texts', 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
  return database;
}

/** Keeps the worker's texts, in the language the page speaks now. */
export async function keepWorkerTexts(texts: WorkerTexts): Promise<void> {
  await (await openTexts()).put(STORE, texts, KEY);
}

/** The texts the page kept; none (English) when it kept none or storage is unavailable (private modes). */
export async function keptWorkerTexts(): Promise<WorkerTexts> {
  try {
    return (await (await openTexts()).get(STORE, KEY)) ?? {};
  } catch {
    database = undefined;
    return {};
  }
}
