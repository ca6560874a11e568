// `npm run deploy`: the deploy checks (lib/deploy-check.mjs), then, only when they pass,
// `firebase deploy` with the same arguments (`npm run deploy -- --project my-proj --only functions`).
// `npm run deploy:check` runs the checks alone (it passes --checks-only, which firebase-tools
// never sees).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDeploy, formatDeployCheck } from './lib/deploy-check.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checksOnly = process.argv.includes('--checks-only');
const args = process.argv.slice(2).filter((arg) => arg !== '--checks-only');

/** @type {ReturnType<typeof checkDeploy>} */
let check;
try {
  check = checkDeploy({ root, argv: args, env: process.env, home: os.homedir() });
} catch (error) {
  // A file the checks cannot read (a broken .firebaserc) stops firebase-tools too.
  console.error(`The deploy check could not run: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
console.log(formatDeployCheck(check));
if (checksOnly) process.exit(check.problems.length ? 1 : 0);
if (check.problems.length) {
  console.error(`\nNothing was deployed: fix the problem${check.problems.length === 1 ? '' : 's'} above first.`);
  process.exit(1);
}

console.log(`\nDeploying to ${check.target.id}: firebase deploy ${args.join(' ')}\n`);
const firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
const deploy = spawn(process.execPath, [firebaseBin, 'deploy', ...args], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches firebase-tools too (same terminal, same process group); this process waits for
// it to stop and reports its code rather than leaving it half done in the background.
process.on('SIGINT', () => {});
deploy.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
