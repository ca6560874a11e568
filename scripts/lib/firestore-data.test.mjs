import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_DIR, SNAPSHOT_FILE, compact, openLog, readSaved, storedFields, writeSnapshot } from './firestore-data.mjs';

/** @type {string[]} */
const made = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-firestore-data-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** @param {string} docPath @param {Record<string, unknown>} data @returns {import('./firestore-data.mjs').StoredDocument} */
const doc = (docPath, data) => ({ path: docPath, fields: storedFields(data), createTime: 1, updateTime: 2 });
/** @param {Map<string, import('./firestore-data.mjs').StoredDocument>} documents */
const names = (documents) => Object.fromEntries([...documents].map(([key, value]) => [key, value.fields.name?.value]));

describe('saved Firestore data', () => {
  it('replays the logs after the snapshot in order: changes, deletions and re-creations', () => {
    const dir = freshDir();
    writeSnapshot(dir, [doc('plants/a', { name: 'A' }), doc('plants/b', { name: 'B' })], 0);
    const first = openLog(dir, 1);
    first.append(doc('plants/a', { name: 'A2' }));
    first.append({ path: 'plants/b', deleted: true });
    first.close();
    const second = openLog(dir, 2);
    second.append(doc('plants/b', { name: 'B again' }));
    second.append(doc('plants/c/events/e', { name: 'E' }));
    second.close();

    const saved = readSaved(dir);
    expect(names(saved.documents)).toEqual({ 'plants/a': 'A2', 'plants/b': 'B again', 'plants/c/events/e': 'E' });
    expect(saved.lastSeq).toBe(2);
    expect(saved.changes).toBe(4);
  });

  it('skips a last line cut short by a crash (that change was never acknowledged)', () => {
    const dir = freshDir();
    const log = openLog(dir, 1);
    log.append(doc('plants/a', { name: 'A' }));
    log.close();
    fs.appendFileSync(path.join(dir, LOG_DIR, '000001.ndjson'), '{"path":"plants/b","fie');
    expect(names(readSaved(dir).documents)).toEqual({ 'plants/a': 'A' });
  });

  it('refuses a log damaged in the middle rather than loading part of it silently', () => {
    const dir = freshDir();
    fs.mkdirSync(path.join(dir, LOG_DIR));
    fs.writeFileSync(path.join(dir, LOG_DIR, '000001.ndjson'), `not json\n${JSON.stringify(doc('plants/a', { name: 'A' }))}\n`);
    expect(() => readSaved(dir)).toThrow('000001.ndjson line 1 is not a saved change.');
  });

  it('compacts into a snapshot that names the last log it holds, and loads the same after a crash at any step', () => {
    const dir = freshDir();
    writeSnapshot(dir, [doc('plants/a', { name: 'A' })], 0);
    const sealed = openLog(dir, 1);
    sealed.append(doc('plants/b', { name: 'B' }));
    sealed.close();
    const active = openLog(dir, 2);
    active.append(doc('plants/a', { name: 'A2' }));
    const expected = { 'plants/a': 'A2', 'plants/b': 'B' };

    // A crash after the new snapshot was renamed in, before the sealed log was deleted.
    const { documents } = readSaved(dir, { throughSeq: 1 });
    writeSnapshot(dir, documents.values(), 1);
    expect(names(readSaved(dir).documents)).toEqual(expected);
    // A crash while the new snapshot was being written: only its temporary file is left.
    fs.writeFileSync(path.join(dir, `${SNAPSHOT_FILE}.tmp`), '{"version":2,"documents":[');
    expect(names(readSaved(dir).documents)).toEqual(expected);

    compact(dir, 1);
    expect(fs.readdirSync(path.join(dir, LOG_DIR))).toEqual(['000002.ndjson']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, SNAPSHOT_FILE), 'utf8')).log).toBe(1);
    expect(names(readSaved(dir).documents)).toEqual(expected);

    active.close();
    compact(dir, 2);
    expect(fs.readdirSync(path.join(dir, LOG_DIR))).toEqual([]);
    expect(names(readSaved(dir).documents)).toEqual(expected);
  });

  it('still loads a snapshot of version 1 (saved before the logs)', () => {
    const dir = freshDir();
    fs.writeFileSync(
      path.join(dir, SNAPSHOT_FILE),
      JSON.stringify({ version: 1, savedAt: '2026-11-01T10:00:00.000Z', documents: [{ path: 'plants/a', fields: storedFields({ name: 'Old', n: 2 }) }] }),
    );
    const saved = readSaved(dir);
    expect(names(saved.documents)).toEqual({ 'plants/a': 'Old' });
    expect(saved.lastSeq).toBe(0);
  });
});
