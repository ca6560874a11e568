// Writes functions/package-lock.json from the root lockfile (scripts/lib/functions-lockfile.mjs):
// part of the function's build, so what `firebase deploy` uploads always carries the versions the
// workspace resolved. It says so when the file changed, which a commit then keeps.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUNCTIONS_LOCKFILE, functionsLockfileText } from './lib/functions-lockfile.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(ROOT, FUNCTIONS_LOCKFILE);
const text = functionsLockfileText(ROOT);
if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
  fs.writeFileSync(file, text);
  console.log(`${FUNCTIONS_LOCKFILE} now holds the versions of the root package-lock.json: commit it with them.`);
}
