// Finds Debian's Chromium for the browser tests and the bench, installing it when we can (root)
// and saying exactly what to run when we cannot. Playwright's own browser download does not work
// offline.
//   chromium-headless-shell  the browser tests: Chromium's headless shell, without the full
//                            browser's GPU process (the browser suite 5.1 -> 4.4 min, 2026-11-26)
//   chromium                 the bench's Lighthouse runs: the browser people use
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * @param {'chromium-headless-shell' | 'chromium'} debianPackage the package whose binary is wanted
 * @returns {string} the executable (CHROME_PATH when set)
 */
export function ensureChromium(debianPackage) {
  const candidate = process.env.CHROME_PATH || `/usr/bin/${debianPackage}`;
  if (fs.existsSync(candidate)) return candidate;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH is set to ${candidate}, which does not exist.`);
  }
  const install = `apt-get install -y ${debianPackage}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `This needs Debian's ${debianPackage}. Run \`sudo ${install}\` (or set CHROME_PATH to a Chromium binary), then run it again.`,
    );
  }
  console.log(`[chromium] ${candidate} is missing; installing Debian's ${debianPackage} package (${install})...`);
  const apt = (/** @type {string[]} */ ...args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!apt('install', '-y', debianPackage)) {
    // A fresh machine may have no package lists yet.
    if (!apt('update') || !apt('install', '-y', debianPackage)) {
      throw new Error(
        `Installing ${debianPackage} with apt-get failed (see above). Install it by hand with \`${install}\` and run it again.`,
      );
    }
  }
  if (!fs.existsSync(candidate))
    throw new Error(`apt-get installed ${debianPackage}, but ${candidate} is still missing.`);
  return candidate;
}
