// Starts and stops the local stack: the Firestore stand-in in this process, then the Firebase
// emulators (auth, functions, hosting) in their own process group. Used by `npm start` and by
// the tests, so both run exactly the same stack.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { FirestoreServer } from '@firestore-emulator/server';
import { dumpDocuments, restoreDocuments } from './firestore-data.mjs';
import { migrateData } from './migrations.mjs';
import { patchStandIn } from './stand-in-patches.mjs';
import { DEMO_ACCOUNT, seedDemoContent } from './seed.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = JSON.parse(fs.readFileSync(path.join(ROOT, '.firebaserc'), 'utf8')).projects.default;

const emulators = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')).emulators;

/** Every port the stack takes, with the name a person would recognise. */
export const PORTS = {
  hosting: { port: emulators.hosting.port, name: 'the Hosting emulator (the web app)' },
  functions: { port: emulators.functions.port, name: 'the Functions emulator' },
  auth: { port: emulators.auth.port, name: 'the Auth emulator' },
  firestore: { port: emulators.firestore.port, name: 'the Firestore stand-in' },
  hub: { port: emulators.hub.port, name: 'the emulator hub' },
  logging: { port: emulators.logging.port, name: 'the emulator logging service' },
  // The Functions emulator always starts these two beside itself.
  eventarc: { port: emulators.eventarc.port, name: 'the Eventarc emulator' },
  tasks: { port: emulators.tasks.port, name: 'the Cloud Tasks emulator' },
};

export const URLS = {
  app: `http://localhost:${PORTS.hosting.port}`,
  hosting: `http://127.0.0.1:${PORTS.hosting.port}`,
  function: `http://127.0.0.1:${PORTS.functions.port}/${PROJECT_ID}/${'us-central1'}/api`,
  auth: `http://127.0.0.1:${PORTS.auth.port}`,
  firestoreHost: `127.0.0.1:${PORTS.firestore.port}`,
};

export { DEMO_ACCOUNT };

/** A failure the launcher explains in one sentence, without a stack trace. */
export class StackError extends Error {}

/** @param {number} port */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, '0.0.0.0');
  });
}

async function assertPortsFree() {
  for (const { port, name } of Object.values(PORTS)) {
    if (!(await portIsFree(port))) {
      throw new StackError(
        `Port ${port} is already in use, and ${name} needs it. Stop whatever holds it (an earlier \`npm start\` or test run?) and try again; \`lsof -i :${port}\` shows what it is.`,
      );
    }
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} url */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** @param {string} file @param {number} lines */
function tail(file, lines) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The Functions emulator's local secrets (gitignored); production keeps them in Secret Manager. */
export const LOCAL_SECRETS_FILE = path.join(ROOT, 'functions', '.secret.local');

/**
 * The function's secrets for the emulator: CALENDAR_FEED_KEY (the key calendar links are derived
 * with) is made once per checkout, so links stay the same across restarts, and put in this
 * process's environment too, for the API tests that run createApp() beside the emulator.
 */
export function ensureLocalSecrets() {
  if (!fs.existsSync(LOCAL_SECRETS_FILE)) {
    fs.writeFileSync(LOCAL_SECRETS_FILE, `CALENDAR_FEED_KEY=${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  }
  const key = /^CALENDAR_FEED_KEY=(.+)$/m.exec(fs.readFileSync(LOCAL_SECRETS_FILE, 'utf8'))?.[1]?.trim();
  if (!key) throw new StackError(`${path.relative(ROOT, LOCAL_SECRETS_FILE)} has no CALENDAR_FEED_KEY line; delete the file and a new one is made.`);
  process.env.CALENDAR_FEED_KEY = key;
}

/**
 * @param {{
 *   dataDir: string,
 *   persist: boolean,
 *   seed: boolean,
 *   log?: (line: string) => void,
 *   readyTimeoutMs?: number,
 *   signal?: AbortSignal,
 * }} options
 *   dataDir holds logs and, with persist, the saved data (`firestore.json`, `auth/`).
 */
export async function startStack({ dataDir, persist, seed, log = () => {}, readyTimeoutMs = 180_000, signal }) {
  await assertPortsFree();
  const logDir = path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const firestoreFile = path.join(dataDir, 'firestore.json');
  const authDir = path.join(dataDir, 'auth');
  const emulatorLog = path.join(logDir, 'emulators.log');

  process.env.FIRESTORE_EMULATOR_HOST = URLS.firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${PORTS.auth.port}`;
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  ensureLocalSecrets();

  patchStandIn();
  const firestore = new FirestoreServer();
  await firestore.start(PORTS.firestore.port);

  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { getAuth } = await import('firebase-admin/auth');
  const adminApp = initializeApp({ projectId: PROJECT_ID }, `launcher-${Date.now()}`);
  const db = getFirestore(adminApp);

  let restored = 0;
  if (persist && fs.existsSync(firestoreFile)) {
    const saved = JSON.parse(fs.readFileSync(firestoreFile, 'utf8'));
    await restoreDocuments(db, saved.documents);
    restored = saved.documents.length;
    log(`Loaded ${restored} saved documents from ${path.relative(ROOT, firestoreFile)}.`);
    const migrated = await migrateData({ db, log });
    if (migrated) log(`Brought ${migrated} saved documents up to date.`);
  }

  const saveFirestore = () => {
    const documents = dumpDocuments(firestore, PROJECT_ID);
    const tmp = `${firestoreFile}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ version: 1, savedAt: new Date().toISOString(), documents }));
    fs.renameSync(tmp, firestoreFile);
  };
  /** @type {NodeJS.Timeout | undefined} */
  let saveTimer;
  if (persist) {
    // Save shortly after every change too, so a crash or a kill -9 loses at most a second of work.
    const scheduleSave = () => {
      clearTimeout(saveTimer);
      saveTimer = setTimeout(saveFirestore, 1000);
    };
    for (const event of /** @type {const} */ (['create-document', 'update-document', 'delete-document'])) {
      firestore.state.emitter.on(event, scheduleSave);
    }
  }

  const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const args = [firebaseBin, 'emulators:start', '--only', 'auth,functions,hosting', '--project', PROJECT_ID];
  if (persist) {
    if (fs.existsSync(path.join(authDir, 'firebase-export-metadata.json'))) args.push('--import', authDir);
    args.push('--export-on-exit', authDir);
  }
  const out = fs.openSync(emulatorLog, 'a');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    // Its own process group: Ctrl-C reaches only the launcher, which then stops the emulators
    // in order (so they can export their data) and can kill every worker they started.
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = false;
  /** @type {Promise<void>} */
  const childExit = new Promise((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const killGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearTimeout(saveTimer);
    if (!exited) {
      killGroup('SIGINT');
      const forced = sleep(persist ? 30_000 : 10_000).then(() => 'timeout');
      if ((await Promise.race([childExit.then(() => 'exited'), forced])) === 'timeout') killGroup('SIGKILL');
      await childExit;
    }
    // Workers of the Functions emulator may outlive the CLI; the group goes with it.
    killGroup('SIGKILL');
    if (persist) saveFirestore();
    await deleteApp(adminApp).catch(() => {});
    firestore.stop();
  };

  try {
    const deadline = Date.now() + readyTimeoutMs;
    log('Starting the Firebase emulators (auth, functions, hosting)...');
    for (;;) {
      if (signal?.aborted) throw new StackError('Stopped while starting.');
      if (exited) {
        throw new StackError(`The Firebase emulators stopped while starting. Last lines of ${path.relative(ROOT, emulatorLog)}:\n${tail(emulatorLog, 15)}`);
      }
      if (Date.now() > deadline) {
        throw new StackError(`The stack did not answer within ${readyTimeoutMs / 1000} s. Last lines of ${path.relative(ROOT, emulatorLog)}:\n${tail(emulatorLog, 15)}`);
      }
      if ((await answers(`${URLS.auth}/`)) && (await answers(`${URLS.hosting}/mango?limit=1`))) break;
      await sleep(500);
    }

    let seeded = 0;
    if (seed && restored === 0) {
      const existing = await db.collection('plants').limit(1).get();
      if (existing.empty) seeded = await seedDemoContent({ db, auth: getAuth(adminApp) });
      if (seeded) log(`Seeded ${seeded} demo plants and the demo account.`);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return { stop, saveFirestore, firestore, logFile: emulatorLog };
}
