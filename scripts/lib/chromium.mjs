// Finds Debian's Chromium for the browser tests, installing it when we can (root) and saying
// exactly what to run when we cannot. Playwright's own browser download does not work offline.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** @returns {string} the Chromium executable */
export function ensureChromium() {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (fs.existsSync(candidate)) return candidate;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH is set to ${candidate}, which does not exist.`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      'The browser tests need Chromium. Run `sudo apt-get install -y chromium` (or set CHROME_PATH to a Chromium binary), then run `npm test` again.',
    );
  }
  console.log("[test] Chromium is missing; installing Debian's chromium package (apt-get install -y chromium)...");
  const apt = (/** @type {string[]} */ ...args) =>
    spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!apt('install', '-y', 'chromium')) {
    // A fresh machine may have no package lists yet.
    if (!apt('update') || !apt('install', '-y', 'chromium')) {
      throw new Error('Installing chromium with apt-get failed (see above). Install it by hand with `apt-get install -y chromium` and run `npm test` again.');
    }
  }
  if (!fs.existsSync(candidate)) throw new Error(`apt-get installed chromium, but ${candidate} is still missing.`);
  return candidate;
}
