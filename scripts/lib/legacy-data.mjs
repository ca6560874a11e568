// Local data saved by earlier versions of the launcher, which ran a Node stand-in for Firestore
// and kept its documents in `firestore.json` (a snapshot) and `firestore-log/*.ndjson` (every
// change since, one line each). At the first start on such a folder the launcher brings the
// documents over to Google's emulator once, then moves the old files aside:
//
// - documents go straight into the emulator through firebase-admin (a BulkWriter, unthrottled:
//   20,000 plants with their histories take about 15 s), never through the old stand-in;
// - the old write markers (`accounts/{uid}/revisions/*`, `calendarFeeds/{uid}/generations/*`) and
//   the accounts' `revision` counter are left behind: nothing reads them any more;
// - the old files are moved into `stand-in-save.migrated/`, so a second start does not bring them
//   over again; the launcher says where they are, to delete when the data has been checked.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export const LEGACY_SNAPSHOT = 'firestore.json';
export const LEGACY_LOG_DIR = 'firestore-log';
export const MIGRATED_DIR = 'stand-in-save.migrated';

/**
 * @typedef {{ type: string, value: any }} StoredValue
 * @typedef {{ path: string, fields: Record<string, StoredValue> }} StoredDocument
 */

/** @param {string} dataDir */
export function hasLegacyData(dataDir) {
  return fs.existsSync(path.join(dataDir, LEGACY_SNAPSHOT)) || fs.existsSync(path.join(dataDir, LEGACY_LOG_DIR));
}

/**
 * Every document of the old save: the snapshot (one document a line, as version 2 wrote it; a
 * version 1 snapshot is one JSON value), then the logs after it, replayed in order. A log's last
 * line may have been cut short by a crash: that change was never acknowledged, so it is skipped.
 * @param {string} dataDir
 * @returns {Promise<Map<string, StoredDocument>>}
 */
export async function readLegacyData(dataDir) {
  /** @type {Map<string, StoredDocument>} */
  const documents = new Map();
  let snapshotSeq = 0;
  const snapshotFile = path.join(dataDir, LEGACY_SNAPSHOT);
  if (fs.existsSync(snapshotFile)) {
    const lines = readline.createInterface({ input: fs.createReadStream(snapshotFile, 'utf8'), crlfDelay: Infinity });
    /** @type {string[]} */
    const whole = [];
    let header;
    for await (const line of lines) {
      if (header === undefined) {
        header = line;
        // Version 2 opens with its header and the documents' array on the first line.
        if (!line.endsWith('"documents":[')) whole.push(line);
        continue;
      }
      if (whole.length) {
        whole.push(line);
        continue;
      }
      const text = line.replace(/,$/, '');
      if (text === ']}' || text === '') continue;
      const document = JSON.parse(text);
      documents.set(document.path, document);
    }
    if (header?.endsWith('"documents":[')) {
      snapshotSeq = Number(/"log":(\d+)/.exec(header)?.[1] ?? 0);
    } else if (header !== undefined) {
      const snapshot = JSON.parse(whole.join('\n'));
      for (const document of snapshot.documents) documents.set(document.path, document);
      snapshotSeq = snapshot.log ?? 0;
    }
  }
  const logDir = path.join(dataDir, LEGACY_LOG_DIR);
  const logs = fs.existsSync(logDir)
    ? fs
        .readdirSync(logDir)
        .filter((name) => /^\d+\.ndjson$/.test(name))
        .map((name) => ({ seq: Number.parseInt(name, 10), file: path.join(logDir, name) }))
        .filter((log) => log.seq > snapshotSeq)
        .sort((a, b) => a.seq - b.seq)
    : [];
  for (const log of logs) {
    const lines = fs.readFileSync(log.file, 'utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      if (!line) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch (error) {
        if (index === lines.length - 1) break;
        throw new Error(`${log.file} line ${index + 1} is not a saved change.`, { cause: error });
      }
      if (entry.deleted) documents.delete(entry.path);
      else documents.set(entry.path, entry);
    }
  }
  return documents;
}

/** The old write markers, which no version of the API reads any more. @param {string} docPath */
export const isWriteMarker = (docPath) => /^accounts\/[^/]+\/revisions\/[^/]+$/.test(docPath) || /^calendarFeeds\/[^/]+\/generations\/[^/]+$/.test(docPath);

/**
 * A saved value as firebase-admin writes it.
 * @param {StoredValue} stored
 * @param {typeof import('firebase-admin/firestore')} firestore
 * @param {import('firebase-admin/firestore').Firestore} db
 * @returns {unknown}
 */
function decode(stored, firestore, db) {
  const { type, value } = stored;
  switch (type) {
    case 'null_value':
      return null;
    case 'integer_value':
    case 'double_value':
      return Number(value);
    case 'timestamp_value':
      return new firestore.Timestamp(Number(value.seconds), Number(value.nanos));
    case 'bytes_value':
      return Buffer.from(value, 'base64');
    case 'reference_value':
      return db.doc(String(value).replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, ''));
    case 'geo_point_value':
      return new firestore.GeoPoint(value.latitude, value.longitude);
    case 'array_value':
      return value.map((/** @type {StoredValue} */ item) => decode(item, firestore, db));
    case 'map_value':
      return decodeFields(value, firestore, db);
    case 'string_value':
    case 'boolean_value':
      return value;
    default:
      throw new Error(`A saved document holds a value of type ${type}, which cannot be brought over.`);
  }
}

/** @param {Record<string, StoredValue>} fields @param {typeof import('firebase-admin/firestore')} firestore @param {import('firebase-admin/firestore').Firestore} db */
function decodeFields(fields, firestore, db) {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, decode(value, firestore, db)]));
}

/**
 * Brings the old save's documents into the (empty) emulator, then moves the old files aside.
 * @param {{ dataDir: string, db: import('firebase-admin/firestore').Firestore, save: () => Promise<void> }} deps
 *   save: exports what the emulator now holds into the data folder, before the old files move
 * @returns {Promise<{ documents: number, markers: number, ms: number }>}
 */
export async function migrateLegacyData({ dataDir, db, save }) {
  const started = Date.now();
  const firestore = await import('firebase-admin/firestore');
  const documents = await readLegacyData(dataDir);
  const writer = db.bulkWriter({ throttling: false });
  /** @type {unknown} */
  let failed;
  writer.onWriteError((error) => {
    // A few retries for a busy emulator, then the whole migration stops (nothing is moved aside).
    if (error.failedAttempts < 5) return true;
    failed ??= error;
    return false;
  });
  let written = 0;
  let markers = 0;
  for (const document of documents.values()) {
    if (isWriteMarker(document.path)) {
      markers += 1;
      continue;
    }
    const data = decodeFields(document.fields, firestore, db);
    if (/^accounts\/[^/]+$/.test(document.path)) delete data.revision;
    void writer.set(db.doc(document.path), data).catch(() => {});
    written += 1;
  }
  await writer.close();
  if (failed) throw new Error(`Bringing the saved documents over failed: ${/** @type {Error} */ (failed).message}`);
  await save();
  const moved = path.join(dataDir, MIGRATED_DIR);
  fs.mkdirSync(moved, { recursive: true });
  for (const name of [LEGACY_SNAPSHOT, LEGACY_LOG_DIR]) {
    const from = path.join(dataDir, name);
    if (fs.existsSync(from)) fs.renameSync(from, path.join(moved, name));
  }
  return { documents: written, markers, ms: Date.now() - started };
}
