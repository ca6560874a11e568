import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverAuthExport } from './auth-data.mjs';

/** @type {string[]} */
const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A data folder as a crash left it: each named folder an export holding one account (`label`),
 * complete or cut short.
 * @param {Record<string, { label: string, complete: boolean }>} folders
 */
function dataDirWith(folders) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-auth-data-'));
  made.push(dir);
  for (const [name, { label, complete }] of Object.entries(folders)) {
    fs.mkdirSync(path.join(dir, name, 'auth_export'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, name, 'auth_export', 'accounts.json'),
      JSON.stringify({ users: [{ localId: label }] }),
    );
    if (complete) fs.writeFileSync(path.join(dir, name, 'firebase-export-metadata.json'), '{}');
  }
  return dir;
}

/** @param {string} dir */
const state = (dir) => ({
  folders: fs.readdirSync(dir).sort(),
  imported: JSON.parse(fs.readFileSync(path.join(dir, 'auth', 'auth_export', 'accounts.json'), 'utf8')).users[0]
    .localId,
});

describe('recovering the saved accounts after a crash', () => {
  const older = { label: 'older', complete: true };
  const newer = { label: 'newer', complete: true };

  it('drops an export the crash cut short and keeps the last complete one', () => {
    const dir = dataDirWith({ auth: older, 'auth.next': { label: 'half', complete: false } });
    expect(recoverAuthExport(dir)).toBe(path.join(dir, 'auth'));
    expect(state(dir)).toEqual({ folders: ['auth'], imported: 'older' });
  });

  it('takes a complete export that had not replaced the old one yet', () => {
    const dir = dataDirWith({ auth: older, 'auth.ready': newer });
    recoverAuthExport(dir);
    expect(state(dir)).toEqual({ folders: ['auth'], imported: 'newer' });
  });

  it('finishes a swap stopped between its two renames', () => {
    const dir = dataDirWith({ 'auth.old': older, 'auth.ready': newer });
    recoverAuthExport(dir);
    expect(state(dir)).toEqual({ folders: ['auth'], imported: 'newer' });
  });

  it('removes the replaced export a crash left behind', () => {
    const dir = dataDirWith({ auth: newer, 'auth.old': older });
    recoverAuthExport(dir);
    expect(state(dir)).toEqual({ folders: ['auth'], imported: 'newer' });
  });

  it('imports nothing when no complete export was ever written', () => {
    const dir = dataDirWith({ 'auth.next': { label: 'half', complete: false } });
    expect(recoverAuthExport(dir)).toBeUndefined();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
