// The Firestore stand-in (@firestore-emulator/server) in a process of its own, started by the
// launcher (stack.mjs) with fork(): it can be frozen alone (the reliability test stops it with
// SIGSTOP), saving never blocks the launcher, and it exits when the launcher dies (the IPC channel
// closes), so a crashed launcher leaves no stand-in holding the port.
//
// With a data folder, it loads the saved documents before it listens, appends every change to the
// log before the commit is answered, and compacts the log into the snapshot in a worker thread when
// it grows, at start (what the last run left) and at a clean stop. See firestore-data.mjs.
//
//   argv[2]  JSON { port, projectId, dataDir?, compactAfterBytes? }
//   sends    { type: 'ready', documents, loadMs } once it answers, or { type: 'failed', message }
//   accepts  { type: 'stop' }: stops answering, compacts, exits 0
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FirestoreServer } from '@firestore-emulator/server';
import { SNAPSHOT_FILE, compact, loadDocuments, openLog, readSaved, storedChange } from './firestore-data.mjs';
import { patchStandIn } from './stand-in-patches.mjs';

/** @type {{ port: number, projectId: string, dataDir?: string, compactAfterBytes?: number }} */
const options = JSON.parse(process.argv[2] ?? '{}');
const { port, projectId, dataDir } = options;
const compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024;
const send = (/** @type {object} */ message) => process.send?.(message);

// Ctrl-C and a closed terminal reach the whole foreground group: the launcher decides when the
// stand-in stops (after the functions that use it), so these are its to handle.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
// The launcher is gone (crashed, or killed with -9): every acknowledged change is in the log already.
process.on('disconnect', () => process.exit(0));

patchStandIn();
const server = new FirestoreServer();
/** @type {ReturnType<typeof openLog> | undefined} */
let log;
/** @type {Promise<void> | undefined} */
let compacting;

/** Merges the snapshot with the logs up to `throughSeq` in a worker thread. */
function compactInWorker(/** @type {number} */ throughSeq) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./firestore-data.mjs', import.meta.url), { workerData: { task: 'compact', dataDir, throughSeq } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`the compaction worker exited with code ${code}`))));
  });
}

/** Seals the current log (new changes go to a fresh one) and compacts up to it, off this thread. */
function sealAndCompact() {
  if (!log || !dataDir) return;
  const sealed = log.seq;
  log.close();
  log = openLog(dataDir, sealed + 1);
  startCompaction(sealed);
}

function startCompaction(/** @type {number} */ throughSeq) {
  const started = Date.now();
  compacting = compactInWorker(throughSeq).then(
    () => {
      compacting = undefined;
      console.log(`[firestore] Compacted the saved data through log ${throughSeq} in ${Date.now() - started} ms.`);
      if (log && log.bytes > compactAfterBytes) sealAndCompact();
    },
    (error) => {
      compacting = undefined;
      // The logs are still there and load at the next start; only the snapshot is older.
      console.error(`[firestore] Compaction through log ${throughSeq} failed: ${error?.stack ?? error}`);
    },
  );
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.stop();
  if (log && dataDir) {
    await compacting;
    log.close();
    compact(dataDir, log.seq);
  }
  process.exit(0);
}
process.on('message', (/** @type {any} */ message) => {
  if (message?.type === 'stop') void stop();
});
process.on('SIGTERM', () => void stop());

try {
  const started = performance.now();
  let documents = 0;
  let leftover = 0;
  if (dataDir) {
    fs.rmSync(path.join(dataDir, `${SNAPSHOT_FILE}.tmp`), { force: true });
    const saved = readSaved(dataDir);
    await loadDocuments(server, projectId, saved.documents.values());
    documents = saved.documents.size;
    if (saved.changes > 0) leftover = saved.lastSeq;
    log = openLog(dataDir, saved.lastSeq + 1);

    const root = `projects/${projectId}/databases/(default)/documents/`;
    /** @param {{ document: unknown }} event */
    const save = ({ document }) => {
      const entry = storedChange(document, root);
      if (!entry || !log) return;
      log.append(entry);
      if (log.bytes > compactAfterBytes && !compacting) sealAndCompact();
    };
    for (const event of /** @type {const} */ (['create-document', 'update-document', 'delete-document'])) server.state.emitter.on(event, save);
  }
  await server.start(port);
  send({ type: 'ready', documents, loadMs: Math.round(performance.now() - started) });
  if (leftover) startCompaction(leftover);
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
