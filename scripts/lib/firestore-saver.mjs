// Saves the Firestore emulator's documents while the stack runs, so they survive a crash, a kill -9
// or a closed terminal. The emulator keeps everything in memory and writes it out only when asked
// (its export), so the launcher asks whenever something changed:
//
// - The emulator tells the launcher of every document write, the way it tells firebase-tools'
//   Functions emulator about writes a Firestore trigger waits for: it is started with
//   `--functions_emulator` pointing at a small HTTP listener here, and a trigger on every path is
//   registered (firestore-emulator.mjs, reportChanges). Idle, nothing is exported.
// - After a change, the saver waits SETTLE_MS for the rest of a burst, then exports everything into
//   `firestore.next/` and swaps it in with renames (saved-exports.mjs), so `firestore/` is always a
//   complete export. Changes made during an export are saved by the next one.
// The export runs inside the emulator, which keeps answering meanwhile; it takes about 1.6 s for
// 20,000 plants with their histories (60,000 documents) on a 2-core machine, and tens of
// milliseconds for a person's data.
import http from 'node:http';
import { exportMetadataIn } from './firestore-emulator.mjs';
import { recoverExport, replaceExport } from './saved-exports.mjs';

const FIRESTORE_EXPORT = 'firestore';
/** How long a burst of writes may go on before its export starts. */
const SETTLE_MS = 200;
/** After a failed export, the next try. */
const RETRY_MS = 2000;

/** The export the next start imports (`--import-data`), finishing a swap a crash interrupted. @param {string} dataDir */
export function savedFirestore(dataDir) {
  return exportMetadataIn(recoverExport(dataDir, FIRESTORE_EXPORT));
}

/**
 * Exports the emulator's documents into the data folder now.
 * @param {string} dataDir
 * @param {{ exportTo: (directory: string) => Promise<void> }} emulator
 */
export function saveFirestore(dataDir, emulator) {
  return replaceExport(dataDir, FIRESTORE_EXPORT, (next) => emulator.exportTo(next));
}

/**
 * The listener the emulator reports writes to. Start it before the emulator (its address is an
 * argument of the emulator), then `watch` the emulator once it answers.
 * @param {{ dataDir: string, log?: (line: string) => void }} options
 */
export async function startFirestoreSaver({ dataDir, log = () => {} }) {
  /** @type {{ exportTo: (directory: string) => Promise<void> } | undefined} */
  let emulator;
  let dirty = false;
  let stopped = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<void> | undefined} */
  let saving;
  let failures = 0;
  let saves = 0;

  const schedule = (/** @type {number} */ delay) => {
    if (stopped || saving || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      saving = save().finally(() => {
        saving = undefined;
        if (dirty) schedule(failures ? RETRY_MS : SETTLE_MS);
      });
    }, delay);
  };

  const save = async () => {
    if (!emulator || !dirty) return;
    dirty = false;
    try {
      await saveFirestore(dataDir, emulator);
      saves += 1;
      if (failures) log('Saving the Firestore data works again.');
      failures = 0;
    } catch (error) {
      dirty = true;
      failures += 1;
      // Said once per outage rather than at every try.
      if (failures === 1)
        log(`Could not save the Firestore data yet (${/** @type {Error} */ (error).message}); trying again.`);
    }
  };

  const server = http.createServer((request, response) => {
    // The body (the changed document) is not needed: that something changed is enough.
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      dirty = true;
      schedule(SETTLE_MS);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());

  return {
    /** Where the emulator reports writes (its `--functions_emulator`). */
    address: `127.0.0.1:${address.port}`,
    /** How many exports have been saved. */
    get saves() {
      return saves;
    },
    /**
     * Saves what the emulator holds whenever it changes.
     * @param {{ exportTo: (directory: string) => Promise<void>, reportChanges: () => Promise<void> }} running
     */
    async watch(running) {
      emulator = running;
      await running.reportChanges();
    },
    /**
     * Stops listening, after one last save (the emulator must still be running). Always, not only
     * when a change was heard: the word of a write made just before the stop may still be on its way.
     */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await saving;
      dirty = true;
      await save();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
