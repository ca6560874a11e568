// What the launcher's and the reliability tests do to a running stack, as a person and a browser
// would: `npm start` as a child process (stopped with Ctrl-C, or killed with -9) and the API
// through Hosting. Their accounts and plants come from test-users.mjs and test-plants.mjs.
import { spawn } from 'node:child_process';
import { ROOT, URLS } from './stack.mjs';
import { killTree } from './processes.mjs';

/**
 * A call to the API through Hosting, as the browser makes it.
 * @param {string} method
 * @param {string} route e.g. '/mango/abc'
 * @param {{ token?: string, body?: unknown, timeoutMs?: number }} [options]
 * @returns {Promise<{ status: number, body: any, ms: number }>} status 0 when nothing answered in time
 */
export async function api(method, route, { token, body, timeoutMs = 30_000 } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${URLS.hosting}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, ms: performance.now() - started };
  } catch {
    return { status: 0, body: null, ms: performance.now() - started };
  }
}

/**
 * The real `npm start` on its own data folder, in a process group of its own like a terminal's
 * foreground job. Resolves once it says the app is running.
 * @param {{ dataDir: string, timeoutMs?: number }} options
 */
export async function npmStart({ dataDir, timeoutMs = 180_000 }) {
  const child = spawn('npm', ['start', '--silent', '--', '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, MANGO_DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  /** @type {Promise<number | null>} */
  const exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not say it was running within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const poll = setInterval(() => {
      if (output.includes('Mango Grove Tracker is running at')) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(undefined);
      }
    }, 100);
    void exit.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was running:\n${output}`));
    });
  });
  const pid = /** @type {number} */ (child.pid);
  return {
    pid,
    get output() {
      return output;
    },
    /** Its exit code, once it exits by itself. */
    exit,
    /** Ctrl-C in its terminal: SIGINT to its whole foreground group. Resolves once npm has exited. */
    async stop() {
      process.kill(-pid, 'SIGINT');
      await exit;
    },
    /** A crash of everything it started: kill -9 of npm and every process below it. */
    async kill9() {
      const killed = killTree(pid);
      await exit;
      return killed;
    },
  };
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
