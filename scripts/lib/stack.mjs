// Starts and stops the local stack: Google's Cloud Firestore emulator (firestore-emulator.mjs) and
// the Firebase emulators (auth, functions, hosting), each in processes of their own. Used by
// `npm start` and by the tests, so both run exactly the same stack.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import { recoverAuthExport, startAuthSaver } from './auth-data.mjs';
import {
  FirestoreEmulatorError,
  exportFirestore,
  findFirestoreEmulator,
  startFirestoreEmulator,
} from './firestore-emulator.mjs';
import { saveFirestore, savedFirestore, startFirestoreSaver } from './firestore-saver.mjs';
import { startMailServer } from './mail-server.mjs';
import { describeProcess, endLeftovers, removeStackRecord, writeStackRecord } from './processes.mjs';
import { functionNode } from './function-node.mjs';
import { startScheduler } from './scheduler.mjs';
import { DEMO_ACCOUNT, ensureDemoAccounts, seedDemoPlants, seedDemoReminders } from './seed.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = JSON.parse(fs.readFileSync(path.join(ROOT, '.firebaserc'), 'utf8')).projects.default;

const emulators = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')).emulators;

/** Every port the stack takes, with the name a person would recognise. */
export const PORTS = {
  hosting: { port: emulators.hosting.port, name: 'the Hosting emulator (the web app)' },
  functions: { port: emulators.functions.port, name: 'the Functions emulator' },
  auth: { port: emulators.auth.port, name: 'the Auth emulator' },
  firestore: { port: emulators.firestore.port, name: 'the Firestore emulator' },
  hub: { port: emulators.hub.port, name: 'the emulator hub' },
  logging: { port: emulators.logging.port, name: 'the emulator logging service' },
  // The Functions emulator always starts these two beside itself.
  eventarc: { port: emulators.eventarc.port, name: 'the Eventarc emulator' },
  tasks: { port: emulators.tasks.port, name: 'the Cloud Tasks emulator' },
  // MailDev (mail-server.mjs): the reminders' emails locally.
  smtp: { port: 1025, name: 'the mail server (SMTP)' },
  inbox: { port: 1080, name: "the mail server's inbox" },
};

export const URLS = {
  app: `http://localhost:${PORTS.hosting.port}`,
  hosting: `http://127.0.0.1:${PORTS.hosting.port}`,
  function: `http://127.0.0.1:${PORTS.functions.port}/${PROJECT_ID}/${'us-central1'}/api`,
  auth: `http://127.0.0.1:${PORTS.auth.port}`,
  firestoreHost: `127.0.0.1:${PORTS.firestore.port}`,
  functionsEmulator: `http://127.0.0.1:${PORTS.functions.port}`,
  tasksHost: `127.0.0.1:${PORTS.tasks.port}`,
  smtp: `smtp://127.0.0.1:${PORTS.smtp.port}`,
  inbox: `http://localhost:${PORTS.inbox.port}`,
};

export { DEMO_ACCOUNT };

/** A path as a person would type it in the repository: relative inside it, absolute outside. @param {string} file */
export function displayPath(file) {
  return file.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, file) : file;
}

/** An emulator that stops unexpectedly this many times within CRASH_WINDOW_MS is not started again. */
const CRASH_LIMIT = 3;
const CRASH_WINDOW_MS = 60_000;

/** A failure the launcher explains in one sentence, without a stack trace. */
export class StackError extends Error {}

/** @param {number} port */
export function portIsFree(port) {
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
const LOCAL_SECRETS_FILE = path.join(ROOT, 'functions', '.secret.local');

/**
 * The function's secrets for the emulator, each made once per checkout and kept: CALENDAR_FEED_KEY
 * (the key calendar links are derived with, so links stay the same across restarts),
 * VAPID_PRIVATE_KEY (the reminders' Web Push key, a P-256 private key: browsers subscribed with
 * its public key keep working across restarts) and SMTP_URL (the local mail server). Each is put
 * in this process's environment too, for the API tests that run createApp() beside the emulator.
 */
function ensureLocalSecrets() {
  const made = {
    CALENDAR_FEED_KEY: () => randomBytes(32).toString('base64url'),
    // web-push's own generator, which always makes a 32-byte key (a key drawn by hand is 31 bytes
    // about 3 times in 1,000, and web-push then refuses it).
    VAPID_PRIVATE_KEY: () => webpush.generateVAPIDKeys().privateKey,
    SMTP_URL: () => URLS.smtp,
  };
  let text = fs.existsSync(LOCAL_SECRETS_FILE) ? fs.readFileSync(LOCAL_SECRETS_FILE, 'utf8') : '';
  // A Web Push key an earlier version drew by hand may be 31 bytes, which the function refuses.
  text = text.replace(/^VAPID_PRIVATE_KEY=(.*)$\n?/m, (line, key) =>
    Buffer.from(key.trim(), 'base64url').length === 32 ? line : '',
  );
  for (const [name, make] of Object.entries(made)) {
    if (!new RegExp(`^${name}=.+$`, 'm').test(text))
      text += `${text && !text.endsWith('\n') ? '\n' : ''}${name}=${make()}\n`;
  }
  fs.writeFileSync(LOCAL_SECRETS_FILE, text, { mode: 0o600 });
  for (const name of Object.keys(made)) {
    process.env[name] = /** @type {string} */ (new RegExp(`^${name}=(.+)$`, 'm').exec(text)?.[1]?.trim());
  }
}

/** The function's settings for the emulator (gitignored; production's are in functions/.env.<project id>). */
const LOCAL_ENV_FILE = path.join(ROOT, 'functions', '.env.local');

/**
 * Writes the function's local settings at every start: the site the reminders' emails link to and
 * their sender, put in this process's environment too for the API tests; and what the stack's tools
 * need of the function (functions/src/config/local-stack.ts), which a deployment leaves off and the
 * API tests pass to the app themselves: answers that say what they read (the benchmark holds them
 * to budgets), and push receivers on 127.0.0.1.
 */
function writeLocalEnv() {
  const settings = { APP_URL: URLS.app, MAIL_FROM: 'Mango Grove Tracker <reminders@mangogrove.test>' };
  const tools = { MANGO_REPORT_READS: 'true', MANGO_LOCAL_PUSH_RECEIVERS: 'true' };
  fs.writeFileSync(
    LOCAL_ENV_FILE,
    Object.entries({ ...settings, ...tools })
      .map(([name, value]) => `${name}="${value}"\n`)
      .join(''),
  );
  Object.assign(process.env, settings);
}

/**
 * The Hosting emulator serves the headers of the firebase.json it is given. Production's policy
 * names production hosts only; the local stack's web app also talks to the Auth emulator (and
 * opens its sign-in popup), so the stack runs on a copy whose Content-Security-Policy adds the
 * emulator's origins to connect-src and frame-src. Written at every start, never committed.
 */
const LOCAL_CONFIG_FILE = path.join(ROOT, 'firebase.local.json');

function writeLocalConfig() {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  const origins = [`http://127.0.0.1:${PORTS.auth.port}`, `http://localhost:${PORTS.auth.port}`];
  for (const rule of config.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key !== 'Content-Security-Policy') continue;
      header.value = header.value
        .split(';')
        .map((/** @type {string} */ directive) => {
          const name = directive.trim().split(/\s+/)[0];
          return name === 'connect-src' || name === 'frame-src'
            ? `${directive.trimEnd()} ${origins.join(' ')}`
            : directive;
        })
        .join(';');
    }
  }
  fs.writeFileSync(LOCAL_CONFIG_FILE, `${JSON.stringify(config, null, 2)}\n`);
}

/** The hub's export writes into a scratch folder in its working directory first (firebase-tools); a crash can leave one. */
function removeExportScratch() {
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (entry.isDirectory() && /^firebase-export-\d+\w{6}$/.test(entry.name))
      fs.rmSync(path.join(ROOT, entry.name), { recursive: true, force: true });
  }
}

/**
 * Google's emulator runs on a JVM that answers its first queries after a start several times more
 * slowly than later ones (measured at 5,000 plants: All Plants' filter options, 12 count()
 * queries, 1.35 s on a fresh emulator, 0.2 s warm). With saved data, the launcher asks the plant
 * list's kinds of query a few times before it says the stack is ready (the bench too, after it
 * writes thousands of plants).
 * @param {import('firebase-admin/firestore').Firestore} db
 */
export async function warmFirestore(db) {
  const plants = db.collection('plants');
  for (let round = 0; round < 3; round += 1) {
    await Promise.all([
      plants.count().get(),
      plants.where('category', '==', 'fern').limit(1).count().get(),
      plants.orderBy('sortNextAsc').limit(13).get(),
      plants.where('searchGrams0', 'array-contains', 'pla').orderBy('sortNextAsc').limit(13).get(),
    ]);
  }
}

/**
 * Saves the data of a Firestore emulator a dead launcher left running, before it is ended.
 * @param {import('./processes.mjs').StackRecord} record
 * @param {(line: string) => void} log
 */
async function saveLeftoverFirestore(record, log) {
  try {
    await saveFirestore(record.dataDir, {
      exportTo: (directory) => exportFirestore(`http://${URLS.firestoreHost}`, PROJECT_ID, directory),
    });
    log(`Saved the Firestore data the previous run still held to ${displayPath(record.dataDir)}/.`);
  } catch (error) {
    log(
      `Could not save the Firestore data the previous run still held (${/** @type {Error} */ (error).message}); its last save is used.`,
    );
  }
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
 *   dataDir holds logs and, with persist, the saved data (`firestore/` and `auth/`, the emulators'
 *   own exports; see firestore-saver.mjs and auth-data.mjs).
 *   seed: the demo accounts after every start, and the demo plants when there is no saved data.
 */
export async function startStack({ dataDir, persist, seed, log = () => {}, readyTimeoutMs = 180_000, signal }) {
  /** @type {import('./firestore-emulator.mjs').EmulatorCopy} */
  let copy;
  try {
    copy = findFirestoreEmulator();
  } catch (error) {
    throw error instanceof FirestoreEmulatorError ? new StackError(error.message) : error;
  }
  /** @type {string} */
  let emulatorsNode;
  try {
    emulatorsNode = functionNode();
  } catch (error) {
    throw new StackError(/** @type {Error} */ (error).message);
  }
  const leftovers = await endLeftovers({ saveFirestore: (record) => saveLeftoverFirestore(record, log) });
  if (leftovers.running) {
    throw new StackError(
      `Another local stack is running (process ${leftovers.running.pid}, ${leftovers.running.args}). Stop it first (Ctrl-C in its terminal), then try again.`,
    );
  }
  if (leftovers.ended.length) {
    log(`Ended ${leftovers.ended.length} processes a previous run left running when it stopped without cleaning up.`);
    // Their ports close as they exit; give the system a moment before saying one is taken.
    for (let waited = 0; waited < 10_000; waited += 200) {
      const free = await Promise.all(Object.values(PORTS).map(({ port }) => portIsFree(port)));
      if (free.every(Boolean)) break;
      await sleep(200);
    }
  }
  removeExportScratch();
  await assertPortsFree();
  const logDir = path.join(dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });
  const emulatorLog = path.join(logDir, 'emulators.log');
  const firestoreLog = path.join(logDir, 'firestore.log');

  process.env.FIRESTORE_EMULATOR_HOST = URLS.firestoreHost;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${PORTS.auth.port}`;
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  // firebase-admin's task queues enqueue on the Cloud Tasks emulator (the Functions emulator tells
  // the function the same).
  process.env.CLOUD_TASKS_EMULATOR_HOST = URLS.tasksHost;
  ensureLocalSecrets();
  writeLocalEnv();

  const authImport = persist ? recoverAuthExport(dataDir) : undefined;
  let stopping = false;
  /** @type {import('./processes.mjs').StackRecord} */
  const record = {
    root: ROOT,
    dataDir,
    persist,
    launcher: /** @type {import('./processes.mjs').RecordedProcess} */ (describeProcess(process.pid)),
  };

  const firestoreImport = persist ? savedFirestore(dataDir) : undefined;
  const saver = persist ? await startFirestoreSaver({ dataDir, log }) : undefined;
  const firestoreOptions = {
    copy,
    host: '127.0.0.1',
    port: PORTS.firestore.port,
    projectId: PROJECT_ID,
    rulesFile: path.join(ROOT, 'firestore.rules'),
    changesTo: saver?.address,
    logFile: firestoreLog,
    timeoutMs: readyTimeoutMs,
  };
  const loadStarted = Date.now();
  /** @type {Awaited<ReturnType<typeof startFirestoreEmulator>>} */
  let firestore;
  try {
    log(`Starting Google's Cloud Firestore emulator (${copy.from})${firestoreImport ? ' with the saved data' : ''}...`);
    firestore = await startFirestoreEmulator({ ...firestoreOptions, importFrom: firestoreImport });
  } catch (error) {
    await saver?.stop().catch(() => {});
    throw error instanceof FirestoreEmulatorError ? new StackError(error.message) : error;
  }
  const loadMs = Date.now() - loadStarted;
  record.firestore = describeProcess(firestore.pid);
  writeStackRecord(record);

  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { getAuth } = await import('firebase-admin/auth');
  const adminApp = initializeApp({ projectId: PROJECT_ID }, `launcher-${Date.now()}`);
  const db = getFirestore(adminApp);

  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let exited = false;
  /** @type {Promise<void>} */
  let childExit = Promise.resolve();
  /** @type {ReturnType<typeof startAuthSaver> | undefined} */
  let authSaver;

  const killGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      if (child?.pid) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  /** @type {Awaited<ReturnType<typeof startMailServer>> | undefined} */
  let mail;
  /** @type {ReturnType<typeof startScheduler> | undefined} */
  let scheduler;

  /** @type {Promise<void> | undefined} */
  let stopped;
  const stop = () => {
    stopping = true;
    stopped ??= (async () => {
      await scheduler?.stop();
      await restarting;
      // While the emulators still run: the hub exports the last account changes.
      await authSaver?.stop();
      if (child && !exited) {
        killGroup('SIGINT');
        const forced = sleep(10_000).then(() => 'timeout');
        if ((await Promise.race([childExit.then(() => 'exited'), forced])) === 'timeout') killGroup('SIGKILL');
        await childExit;
      }
      // Workers of the Functions emulator may outlive the CLI; the group goes with it.
      killGroup('SIGKILL');
      await mail?.stop();
      await deleteApp(adminApp).catch(() => {});
      // Nothing writes any more: the last save, then the store itself.
      await saver?.stop().catch((error) => log(`Could not save the Firestore data at the stop: ${error.message}`));
      await firestore.stop();
      removeStackRecord();
    })();
    return stopped;
  };

  const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  /**
   * Starts firebase-tools' emulators (auth, functions, hosting) and resolves once the app answers.
   * @param {string | undefined} importAuth the saved accounts to start with
   */
  const startEmulators = async (importAuth) => {
    const args = [
      firebaseBin,
      'emulators:start',
      '--config',
      path.basename(LOCAL_CONFIG_FILE),
      '--only',
      'auth,functions,hosting',
      '--project',
      PROJECT_ID,
    ];
    if (importAuth) args.push('--import', importAuth);
    const out = fs.openSync(emulatorLog, 'a');
    // firebase-tools runs the function on the Node.js it runs on itself: the one it deploys on.
    const started = spawn(emulatorsNode, args, {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      // Its own process group: Ctrl-C reaches only the launcher, which then stops the emulators
      // in order and can kill every worker they started.
      detached: true,
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    child = started;
    exited = false;
    childExit = new Promise((resolve) => started.once('exit', () => ((exited = true), resolve())));
    record.emulators = describeProcess(/** @type {number} */ (started.pid));
    writeStackRecord(record);

    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (signal?.aborted || stopping) throw new StackError('Stopped while starting.');
      if (exited) {
        throw new StackError(
          `The Firebase emulators stopped while starting. Last lines of ${displayPath(emulatorLog)}:\n${tail(emulatorLog, 15)}`,
        );
      }
      if (Date.now() > deadline) {
        throw new StackError(
          `The stack did not answer within ${readyTimeoutMs / 1000} s. Last lines of ${displayPath(emulatorLog)}:\n${tail(emulatorLog, 15)}`,
        );
      }
      if ((await answers(`${URLS.auth}/`)) && (await answers(`${URLS.hosting}/mango?limit=1`))) break;
      await sleep(500);
    }
  };

  /** A restart under way, which a stop waits for so that it stops what the restart started. */
  let restarting = Promise.resolve();
  /** @type {(error: StackError) => void} */
  let reportFailure = () => {};
  /** Settles when the stack gave up after emulators kept dying; it has stopped itself by then. */
  const failed = /** @type {Promise<StackError>} */ (new Promise((resolve) => (reportFailure = resolve)));
  /** When each emulator last stopped unexpectedly, to notice one that keeps dying. */
  const crashes = { firestore: /** @type {number[]} */ ([]), emulators: /** @type {number[]} */ ([]) };
  /**
   * Restarts an emulator that stopped without being asked to. A restart that fails counts as one
   * more stop; at CRASH_LIMIT stops within CRASH_WINDOW_MS the whole stack stops and `failed` says
   * why, with the log to read.
   * @param {keyof typeof crashes} which
   * @param {string} name
   * @param {string} logFile
   * @param {() => Promise<void>} restart starts it again and watches the new process
   */
  const recover = async (which, name, logFile, restart) => {
    while (!stopping) {
      const now = Date.now();
      crashes[which] = [...crashes[which].filter((at) => now - at < CRASH_WINDOW_MS), now];
      if (crashes[which].length >= CRASH_LIMIT) {
        log(`${name} stopped unexpectedly ${CRASH_LIMIT} times within a minute; stopping the stack.`);
        await stop();
        reportFailure(
          new StackError(
            `${name} kept stopping unexpectedly (${CRASH_LIMIT} times within a minute); see ${displayPath(logFile)}.`,
          ),
        );
        return;
      }
      log(
        `${name} stopped unexpectedly (see ${displayPath(logFile)}); restarting${persist ? ' from the last save' : ''}...`,
      );
      const attempt = restart();
      restarting = attempt.catch(() => {});
      try {
        await attempt;
        log(`${name} is back.`);
        return;
      } catch (error) {
        if (!stopping) log(`${name} did not start again: ${error instanceof Error ? error.message : error}`);
      }
    }
  };
  const superviseFirestore = () => {
    void firestore.exit.then(() =>
      recover('firestore', 'The Firestore emulator', firestoreLog, async () => {
        const started = await startFirestoreEmulator({
          ...firestoreOptions,
          importFrom: persist ? savedFirestore(dataDir) : undefined,
        });
        firestore = started;
        record.firestore = describeProcess(started.pid);
        writeStackRecord(record);
        try {
          if (saver) await saver.watch(started);
        } catch (error) {
          await started.stop();
          throw error;
        }
        superviseFirestore();
      }),
    );
  };
  const superviseEmulators = () => {
    void childExit.then(() =>
      recover('emulators', 'The Firebase emulators (auth, functions, hosting)', emulatorLog, async () => {
        // Workers of the Functions emulator may outlive the CLI and hold its ports.
        killGroup('SIGKILL');
        try {
          await startEmulators(persist ? recoverAuthExport(dataDir) : undefined);
        } catch (error) {
          killGroup('SIGKILL');
          throw error;
        }
        superviseEmulators();
      }),
    );
  };

  const hadData = Boolean(firestoreImport);
  /** @type {Promise<void>} */
  let warming = Promise.resolve();
  try {
    if (saver) await saver.watch(firestore);
    if (firestoreImport) log(`Loaded the saved Firestore data in ${(loadMs / 1000).toFixed(1)} s.`);
    // While the Firebase emulators start (about 10 s), so it costs the start nothing.
    if (hadData) warming = warmFirestore(db);
    try {
      mail = await startMailServer({
        smtpPort: PORTS.smtp.port,
        webPort: PORTS.inbox.port,
        logFile: path.join(logDir, 'mail.log'),
        mailDir: persist ? path.join(dataDir, 'mail') : undefined,
      });
    } catch (error) {
      throw new StackError(/** @type {Error} */ (error).message);
    }
    record.mail = describeProcess(mail.pid);
    writeStackRecord(record);
    writeLocalConfig();
    log('Starting the Firebase emulators (auth, functions, hosting)...');
    await startEmulators(authImport);

    if (persist) {
      authSaver = startAuthSaver({
        dataDir,
        projectId: PROJECT_ID,
        authUrl: URLS.auth,
        hubUrl: `http://127.0.0.1:${PORTS.hub.port}`,
        log,
      });
      authSaver.start();
    }
    if (seed) {
      const accounts = await ensureDemoAccounts({ auth: getAuth(adminApp) });
      if (accounts && hadData)
        log(`Created the ${accounts === 1 ? 'missing demo account' : `${accounts} missing demo accounts`}.`);
      if (!hadData) {
        const seeded = await seedDemoPlants({ db });
        const digestAt = await seedDemoReminders({ db });
        log(
          `Seeded ${seeded} demo plants and the demo accounts; the demo account's email digest comes at ${digestAt}.`,
        );
      }
    }
    await warming;
    // Cloud Scheduler's part: every scheduled function, once a minute (scheduler.mjs).
    scheduler = startScheduler({ emulatorUrl: URLS.functionsEmulator, projectId: PROJECT_ID, log });
  } catch (error) {
    await stop();
    throw error;
  }
  superviseFirestore();
  superviseEmulators();

  return {
    stop,
    failed,
    db,
    logFile: emulatorLog,
    /** Whether saved Firestore data was loaded, and how long the emulator took to answer with it. */
    restored: { data: hadData, loadMs },
    /** The Firestore emulator's process (the one running now), for tests that freeze or kill it. */
    get firestorePid() {
      return firestore.pid;
    },
  };
}
