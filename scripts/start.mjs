// `npm start`: build the web app and the function, then run the whole local stack until Ctrl-C.
// MANGO_DATA_DIR=<folder> keeps the data somewhere other than .emulator-data/ (the launcher's tests
// run the real `npm start` on a throwaway folder).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DEMO_ACCOUNT, ROOT, StackError, URLS, displayPath, startStack } from './lib/stack.mjs';

const DATA_DIR = process.env.MANGO_DATA_DIR
  ? path.resolve(process.env.MANGO_DATA_DIR)
  : path.join(ROOT, '.emulator-data');
const say = (/** @type {string} */ line) => console.log(`[mango] ${line}`);
// After a terminal is closed, writing to it fails; the shutdown must go on regardless.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

// `npm start -- --no-build` restarts on the last build, for when nothing changed.
if (!process.argv.includes('--no-build')) {
  say('Building the function and the web app...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('[mango] The build failed (see above); nothing was started.');
    process.exit(1);
  }
}

/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
const aborter = new AbortController();
let shuttingDown = false;
const shutdown = async () => {
  if (shuttingDown) return;
  shuttingDown = true;
  // While starting, the start itself notices the abort and cleans up after itself.
  aborter.abort();
  if (!stack) return;
  say(`Stopping, saving data to ${displayPath(DATA_DIR)}/ ...`);
  await stack.stop();
  say('Stopped.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// A closed terminal (or a laptop lid closing an SSH session): stop as cleanly as for Ctrl-C.
process.on('SIGHUP', shutdown);

try {
  stack = await startStack({ dataDir: DATA_DIR, persist: true, seed: true, log: say, signal: aborter.signal });
} catch (error) {
  if (shuttingDown) {
    say('Stopped.');
    process.exit(0);
  }
  console.error(`[mango] ${error instanceof StackError ? error.message : error}`);
  process.exit(1);
}
if (shuttingDown) {
  await stack.stop();
  process.exit(0);
} else {
  // An emulator that keeps dying stops the whole stack (the launcher restarts one that dies once).
  void stack.failed.then((error) => {
    if (shuttingDown) return;
    console.error(`[mango] ${error.message}`);
    process.exit(1);
  });
  say(`Emulator logs: ${displayPath(stack.logFile)}`);
  say(`Mail the app sends (the reminders' digests) arrives in the local inbox: ${URLS.inbox}`);
  console.log(
    `\nMango Grove Tracker is running at ${URLS.app}  (demo login: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}; Ctrl-C to stop)\n`,
  );
}
