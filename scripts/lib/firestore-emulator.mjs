// Google's Cloud Firestore emulator, the one firebase-tools runs, started by the launcher itself:
// firebase-tools would download its own copy (and wants Java 21 for it), which an offline machine
// cannot do, while the Google Cloud CLI's package installs the same emulator for the machine's Java.
//
// Which copy runs, first found wins:
//   1. MANGO_FIRESTORE_EMULATOR: the emulator's jar, or the folder or `cloud_firestore_emulator`
//      script the Google Cloud CLI installs it with;
//   2. firebase-tools' cache (`firebase setup:emulators:firestore`): the newest
//      cloud-firestore-emulator-v*.jar in ~/.cache/firebase/emulators (or FIREBASE_EMULATORS_PATH);
//   3. the Debian package google-cloud-cli-firestore-emulator (/usr/lib/google-cloud-sdk/...).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const EMULATOR_ENV = 'MANGO_FIRESTORE_EMULATOR';
const JAR_NAME = 'cloud-firestore-emulator.jar';
const DEBIAN_DIR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator';
/** The emulator's entry point, as the Cloud CLI's own `cloud_firestore_emulator` script starts it. */
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

export const INSTALL_HINT =
  "Google's Cloud Firestore emulator was not found. Install it with `sudo apt-get install google-cloud-cli-firestore-emulator` (Google Cloud CLI's apt repository; it runs on Java 17 or newer), or run `npx firebase setup:emulators:firestore` where there is internet (that copy needs Java 21), or set MANGO_FIRESTORE_EMULATOR to its jar.";

/** A failure to find or start the emulator, said in one sentence. */
export class FirestoreEmulatorError extends Error {}

/** @typedef {{ jar: string, from: string }} EmulatorCopy */

/** @param {string} dir @returns {string | undefined} firebase-tools' newest jar in its cache */
function newestCachedJar(dir) {
  if (!fs.existsSync(dir)) return undefined;
  const version = (/** @type {string} */ name) =>
    (/v(\d+)\.(\d+)\.(\d+)\.jar$/.exec(name) ?? []).slice(1, 4).map(Number);
  const jars = fs
    .readdirSync(dir)
    .filter((name) => /^cloud-firestore-emulator-v\d+\.\d+\.\d+\.jar$/.test(name))
    .sort((a, b) => {
      const [x, y] = [version(a), version(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
  return jars.length ? path.join(dir, /** @type {string} */ (jars.at(-1))) : undefined;
}

/**
 * The copy of the emulator to run.
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ debianDir?: string }} [where] where the Debian package puts it (tests look elsewhere)
 * @returns {EmulatorCopy}
 */
export function findFirestoreEmulator(env = process.env, { debianDir = DEBIAN_DIR } = {}) {
  const given = env[EMULATOR_ENV];
  if (given) {
    const resolved = path.resolve(given);
    if (!fs.existsSync(resolved))
      throw new FirestoreEmulatorError(`${EMULATOR_ENV} is set to ${resolved}, which does not exist.`);
    const jar = fs.statSync(resolved).isDirectory()
      ? path.join(resolved, JAR_NAME)
      : resolved.endsWith('.jar')
        ? resolved
        : path.join(path.dirname(resolved), JAR_NAME);
    if (!fs.existsSync(jar))
      throw new FirestoreEmulatorError(
        `${EMULATOR_ENV} is set to ${resolved}, but there is no emulator jar at ${jar}.`,
      );
    return { jar, from: EMULATOR_ENV };
  }
  const cached = newestCachedJar(
    env.FIREBASE_EMULATORS_PATH || path.join(os.homedir(), '.cache', 'firebase', 'emulators'),
  );
  if (cached) return { jar: cached, from: "firebase-tools' cache" };
  const debian = path.join(debianDir, JAR_NAME);
  if (fs.existsSync(debian)) return { jar: debian, from: 'the google-cloud-cli-firestore-emulator package' };
  throw new FirestoreEmulatorError(INSTALL_HINT);
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} file @param {number} lines */
function tail(file, lines) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the emulator and resolves once it answers.
 * @param {{
 *   copy: EmulatorCopy,
 *   host: string,
 *   port: number,
 *   projectId: string,
 *   rulesFile: string,
 *   importFrom?: string,
 *   changesTo?: string,
 *   logFile: string,
 *   timeoutMs: number,
 *   env?: NodeJS.ProcessEnv,
 * }} options
 *   importFrom: the `.overall_export_metadata` file of an export to start with;
 *   changesTo: host:port that hears of every document write (the emulator's event delivery to a
 *   functions emulator, which the launcher's saver listens to instead).
 */
export async function startFirestoreEmulator({
  copy,
  host,
  port,
  projectId,
  rulesFile,
  importFrom,
  changesTo,
  logFile,
  timeoutMs,
  env = process.env,
}) {
  const java = env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : 'java';
  const args = [
    '-Duser.language=en',
    '-cp',
    copy.jar,
    MAIN_CLASS,
    'start',
    '--host',
    host,
    '--port',
    String(port),
    '--project_id',
    projectId,
    '--rules',
    rulesFile,
  ];
  if (importFrom) args.push('--import-data', importFrom);
  if (changesTo) args.push('--functions_emulator', changesTo);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(java, args, {
    // Its own process group: Ctrl-C reaches only the launcher, which saves the data and stops the
    // emulator after the functions that use it.
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = false;
  /** @type {Error | undefined} */
  let spawnError;
  /** @type {Promise<void>} */
  const exit = new Promise((resolve) => {
    child.once('error', (error) => {
      spawnError = error;
      exited = true;
      resolve();
    });
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const url = `http://${host}:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      if (/** @type {NodeJS.ErrnoException | undefined} */ (spawnError)?.code === 'ENOENT') {
        throw new FirestoreEmulatorError(
          `Google's Cloud Firestore emulator needs Java, and \`${java}\` was not found: install it (\`sudo apt-get install openjdk-17-jre-headless\`) or set JAVA_HOME.`,
        );
      }
      const log = tail(logFile, 15);
      if (/UnsupportedClassVersionError/.test(log)) {
        throw new FirestoreEmulatorError(
          `The Firestore emulator at ${copy.jar} (from ${copy.from}) needs a newer Java than \`${java}\`: install Java 21, or set ${EMULATOR_ENV} to another copy.`,
        );
      }
      throw new FirestoreEmulatorError(
        `Google's Cloud Firestore emulator (${copy.jar}) stopped while starting. Last lines of its log, ${logFile}:\n${log}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new FirestoreEmulatorError(
        `Google's Cloud Firestore emulator did not answer within ${timeoutMs / 1000} s. Last lines of ${logFile}:\n${tail(logFile, 15)}`,
      );
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }

  return {
    pid: /** @type {number} */ (child.pid),
    url,
    exit,
    get exited() {
      return exited;
    },
    /**
     * The emulator's own export of every document into `directory` (made if missing): the format
     * `--import-data` reads, at `<directory>/firestore_export/firestore_export.overall_export_metadata`.
     * @param {string} directory
     */
    exportTo(directory) {
      return exportFirestore(url, projectId, directory);
    },
    /**
     * Asks the emulator to tell `changesTo` of every document write from now on (a trigger on
     * every path, as firebase-tools registers a function's).
     */
    async reportChanges() {
      const response = await fetch(`${url}/emulator/v1/projects/${projectId}/triggers/mango-saver`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          eventTrigger: {
            eventType: 'providers/cloud.firestore/eventTypes/document.write',
            resource: `projects/${projectId}/databases/(default)/documents/{path=**}`,
            service: 'firestore.googleapis.com',
          },
        }),
        // A bound against a hang only: a JVM loading thousands of saved plants on a busy machine
        // took more than 10 s to answer it (a fresh clone's CI beside other work).
        signal: AbortSignal.timeout(60_000),
      });
      if (!response.ok)
        throw new Error(
          `the Firestore emulator answered ${response.status} to the change trigger: ${await response.text()}`,
        );
    },
    /** Stops it (SIGTERM; SIGKILL after 10 s). A frozen emulator (SIGSTOP) is woken first. */
    async stop() {
      if (exited) return;
      for (const signal of /** @type {const} */ (['SIGCONT', 'SIGTERM'])) {
        try {
          process.kill(-(/** @type {number} */ (child.pid)), signal);
        } catch {
          // Already gone.
        }
      }
      const forced = sleep(10_000).then(() => 'timeout');
      if ((await Promise.race([exit.then(() => 'exited'), forced])) === 'timeout') {
        try {
          process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await exit;
    },
  };
}

/** The name the emulator gives an export inside its directory. */
const EXPORT_NAME = 'firestore_export';

/**
 * The emulator's own export of every document into `directory` (made if missing): the format
 * `--import-data` reads, at `<directory>/firestore_export/firestore_export.overall_export_metadata`.
 * @param {string} url the emulator, e.g. http://127.0.0.1:8080
 * @param {string} projectId
 * @param {string} directory
 */
export async function exportFirestore(url, projectId, directory) {
  fs.mkdirSync(directory, { recursive: true });
  const response = await fetch(`${url}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: directory,
      export_name: EXPORT_NAME,
    }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok)
    throw new Error(`the Firestore emulator answered ${response.status} to the export: ${await response.text()}`);
}

/** The file `--import-data` takes for the export in `directory`, if there is a complete one. @param {string} directory */
export function exportMetadataIn(directory) {
  const file = path.join(directory, EXPORT_NAME, `${EXPORT_NAME}.overall_export_metadata`);
  return fs.existsSync(file) ? file : undefined;
}
