// What the launcher's and the reliability tests do to a running stack, as a person and a browser
// would: `npm start` as a child process (stopped with Ctrl-C, or killed with -9), accounts on the
// Auth emulator's REST API (the calls the Firebase SDK makes), and the API through Hosting.
import { spawn } from 'node:child_process';
import { PROJECT_ID, ROOT, URLS } from './stack.mjs';
import { killTree } from './processes.mjs';

const identityToolkit = `${URLS.auth}/identitytoolkit.googleapis.com/v1`;

/**
 * @param {string} method an identitytoolkit method, e.g. 'accounts:signUp'
 * @param {unknown} body
 * @returns {Promise<{ status: number, body: any }>}
 */
export async function authCall(method, body) {
  const response = await fetch(`${identityToolkit}/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * @param {string} email
 * @param {string} password
 * @returns {Promise<{ uid: string, idToken: string }>}
 */
export async function signIn(email, password) {
  const { status, body } = await authCall('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  if (status !== 200) throw new Error(`Signing in as ${email} failed (${status}): ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

/**
 * @param {string} email
 * @param {string} password
 * @returns {Promise<{ uid: string, idToken: string }>}
 */
export async function signUp(email, password) {
  const { status, body } = await authCall('accounts:signUp', { email, password, returnSecureToken: true });
  if (status !== 200) throw new Error(`Signing up ${email} failed (${status}): ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

/**
 * Proves an account's address as its owner would: the verification email's link (which the Auth
 * emulator keeps instead of sending) is opened. Email digests go only to proven addresses.
 * @param {string} idToken
 */
export async function verifyEmail(idToken) {
  const sent = await authCall('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  if (sent.status !== 200) throw new Error(`Sending the verification email failed: ${JSON.stringify(sent.body)}`);
  const listed = await fetch(`${URLS.auth}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes = [] } = /** @type {{ oobCodes?: { email: string, requestType: string, oobCode: string }[] }} */ (
    await listed.json()
  );
  const code = oobCodes.findLast((entry) => entry.email === sent.body.email && entry.requestType === 'VERIFY_EMAIL');
  if (!code) throw new Error(`The Auth emulator holds no verification link for ${sent.body.email}.`);
  const applied = await authCall('accounts:update', { oobCode: code.oobCode });
  if (applied.status !== 200) throw new Error(`Verifying ${sent.body.email} failed: ${JSON.stringify(applied.body)}`);
}

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
