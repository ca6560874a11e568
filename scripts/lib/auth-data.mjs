// Saves the Auth emulator's accounts while the stack runs, so they survive a crash, a kill -9 or a
// closed terminal as the plants do. The Auth emulator itself exports only on a clean exit.
//
// Every second the launcher reads the accounts (the Auth emulator's admin REST API); when they
// changed, it asks the emulator hub to export them (the same export as `--export-on-exit`) into a
// fresh folder and swaps that in with renames. `firebase emulators:start --import` reads the result.
//
// The export lives in `auth/`, replaced by renames (saved-exports.mjs), so a crash never leaves a
// broken one.
import fs from 'node:fs';
import path from 'node:path';
import { recoverExport, replaceExport } from './saved-exports.mjs';

const NAME = 'auth';
const POLL_MS = 1000;

/** The Auth export the next start imports (finishing a swap a crash interrupted), if there is one. @param {string} dataDir */
export function recoverAuthExport(dataDir) {
  const current = recoverExport(dataDir, NAME);
  return fs.existsSync(path.join(current, 'firebase-export-metadata.json')) ? current : undefined;
}

/**
 * @param {{ dataDir: string, projectId: string, authUrl: string, hubUrl: string, log?: (line: string) => void }} options
 */
export function startAuthSaver({ dataDir, projectId, authUrl, hubUrl, log = () => {} }) {
  const accountsUrl = `${authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`;
  /** The accounts as last exported: none at first, so every start exports once. */
  /** @type {string | undefined} */
  let saved;
  let stopped = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<void>} */
  let running = Promise.resolve();
  let failures = 0;

  const readAccounts = async () => {
    const response = await fetch(accountsUrl, {
      headers: { Authorization: 'Bearer owner' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the Auth emulator answered ${response.status} for its accounts`);
    return response.text();
  };

  const exportNow = () =>
    replaceExport(dataDir, NAME, async (next) => {
      const response = await fetch(`${hubUrl}/_admin/export`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: next, initiatedBy: 'mango-launcher', targets: ['auth'] }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok)
        throw new Error(`the emulator hub answered ${response.status} to the export: ${await response.text()}`);
    });

  /** Exports when the accounts differ from the last export. */
  const saveIfChanged = async () => {
    try {
      const accounts = await readAccounts();
      if (accounts !== saved) {
        await exportNow();
        saved = accounts;
      }
      failures = 0;
    } catch (error) {
      failures += 1;
      // Said once per outage rather than every second; the next round tries again.
      if (failures === 1)
        log(`Could not save the accounts yet (${/** @type {Error} */ (error).message}); trying again every second.`);
    }
  };

  const tick = () => {
    running = saveIfChanged().then(() => {
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    });
  };

  return {
    start() {
      tick();
    },
    /** Stops watching, after one last save of any change. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await saveIfChanged();
    },
  };
}
