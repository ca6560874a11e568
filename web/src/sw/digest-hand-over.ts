// The hand-over of a digest notification's Done, Snooze 1 day or Not needed yet from the service
// worker to Today. The worker keeps the action in IndexedDB under a random nonce and opens Today
// with `#digest=<nonce>` (digest-push.ts); the page takes (reads and deletes, in one transaction)
// what that nonce names, and records only that. Plant ids are public, so an address that named
// the jobs itself, as it once did, let anyone mail an owner a link that recorded care when opened;
// a nonce is only ever made by the worker, for a click on its notification, is taken once, and is
// forgotten after HAND_OVER_LIFETIME_MS. The page and the worker share the origin's IndexedDB.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { digestActionOf, digestLink, openDigestLink, type ClientsLike, type DigestAction } from './digest-push';

/** How long a click's action waits for its page: a day, the digest's own span. */
export const HAND_OVER_LIFETIME_MS = 24 * 60 * 60_000;

const STORE = 'hand-overs';
/** crypto.randomUUID's form: anything else was never made here, and the database is not opened for it. */
const NONCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type KeptAction = DigestAction & { nonce: string };

interface HandOverDB extends DBSchema {
  [STORE]: { key: string; value: KeptAction };
}

let database: Promise<IDBPDatabase<HandOverDB>> | undefined;
function openHandOvers(): Promise<IDBPDatabase<HandOverDB>> {
  database ??= openDB<HandOverDB>('mango-digest', 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'nonce' });
    },
  });
  return database;
}

const fresh = (kept: DigestAction, now: number) => now - kept.at < HAND_OVER_LIFETIME_MS;

/** Keeps `action` under a new nonce, and forgets those past their lifetime; resolves the nonce. */
export async function handOver(action: DigestAction): Promise<string> {
  const nonce = crypto.randomUUID();
  const transaction = (await openHandOvers()).transaction(STORE, 'readwrite');
  const stale = (await transaction.store.getAll()).filter((kept) => !fresh(kept, action.at));
  await Promise.all([
    ...stale.map((kept) => transaction.store.delete(kept.nonce)),
    transaction.store.put({ ...action, nonce }),
    transaction.done,
  ]);
  return nonce;
}

/**
 * Takes the action kept under `nonce`: read and deleted in one transaction, so two pages (or two
 * reads of one address) never both get it. Null when nothing is kept under it (never made here,
 * already taken) or it is past its lifetime.
 */
export async function takeHandOver(nonce: string, now = Date.now()): Promise<DigestAction | null> {
  if (!NONCE.test(nonce)) return null;
  const transaction = (await openHandOvers()).transaction(STORE, 'readwrite');
  const kept = await transaction.store.get(nonce);
  await Promise.all([kept && transaction.store.delete(nonce), transaction.done]);
  if (!kept || !fresh(kept, now)) return null;
  return { kind: kept.kind, jobs: kept.jobs, at: kept.at };
}

/**
 * A click on the digest's notification (`action`: one of its buttons, or '' for the notification
 * itself): the action it hands over kept under a nonce, then Today opened with the nonce alone.
 * Where IndexedDB cannot be written (storage off), Today opens without it: the person sees what is
 * due and can do it there.
 */
export async function openDigestClick(
  clients: ClientsLike,
  action: string,
  data: unknown,
  now = Date.now(),
): Promise<void> {
  const handed = digestActionOf(action, data, now);
  const nonce = handed ? await handOver(handed).catch(() => undefined) : undefined;
  await openDigestLink(clients, digestLink(nonce));
}
