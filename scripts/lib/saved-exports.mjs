// One emulator export kept in the data folder and replaced by renames, so that a crash at any
// moment leaves a complete one (the Auth and Firestore savers both keep theirs this way):
//   <name>/        the export the next start imports
//   <name>.next/   an export being written (deleted at start: a crash cut it short)
//   <name>.ready/  a complete export, about to become <name>/
//   <name>.old/    the export <name>.ready/ replaced, about to be deleted
// At any moment one of <name>.ready/ or <name>/ is complete.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Finishes whatever a crashed run left half-done, so `<name>/` is the newest complete export.
 * @param {string} dataDir
 * @param {string} name
 * @returns {string} the folder of the current export (which may not exist yet)
 */
export function recoverExport(dataDir, name) {
  const at = (/** @type {string} */ suffix) => path.join(dataDir, `${name}${suffix}`);
  fs.rmSync(at('.next'), { recursive: true, force: true });
  if (fs.existsSync(at('.ready'))) {
    if (fs.existsSync(at(''))) {
      fs.rmSync(at('.old'), { recursive: true, force: true });
      fs.renameSync(at(''), at('.old'));
    }
    fs.renameSync(at('.ready'), at(''));
  }
  fs.rmSync(at('.old'), { recursive: true, force: true });
  return at('');
}

/**
 * Writes a new export with `write` into `<name>.next/`, then swaps it in.
 * @param {string} dataDir
 * @param {string} name
 * @param {(directory: string) => Promise<void>} write
 */
export async function replaceExport(dataDir, name, write) {
  const next = path.join(dataDir, `${name}.next`);
  fs.rmSync(next, { recursive: true, force: true });
  await write(next);
  fs.renameSync(next, path.join(dataDir, `${name}.ready`));
  recoverExport(dataDir, name);
}
