// The Firestore stand-in's saved data, so local data survives a restart and a crash.
//
//   firestore.json        a snapshot: every document as of the log file named in it
//   firestore-log/N.ndjson append-only logs, one line per change (the whole document, or its deletion)
//
// The stand-in appends each change to the newest log with a synchronous write while the commit
// runs, before its answer is sent, so an acknowledged write is in the operating system even if the
// process is killed (-9 does not lose the page cache). Compaction merges the snapshot with sealed
// logs into a new snapshot (written beside it and renamed over it), then deletes those logs. Replay
// is idempotent (each line is a whole document or a deletion), so a crash at any moment of a
// compaction leaves data that loads to the same state.
//
// Snapshot version 1 (before the logs) has the same `documents` array without times, and loads too.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export const SNAPSHOT_FILE = 'firestore.json';
export const LOG_DIR = 'firestore-log';
const SNAPSHOT_VERSION = 2;

/**
 * @typedef {{ type: string, value: any }} StoredValue
 * @typedef {{ path: string, fields: Record<string, StoredValue>, createTime?: number, updateTime?: number }} StoredDocument
 * @typedef {{ path: string, deleted: true }} StoredDeletion
 */

const logName = (/** @type {number} */ seq) => `${String(seq).padStart(6, '0')}.ndjson`;

/** @param {string} dataDir @returns {{ seq: number, file: string }[]} the log files, oldest first */
function logFiles(dataDir) {
  const dir = path.join(dataDir, LOG_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d+\.ndjson$/.test(name))
    .map((name) => ({ seq: Number.parseInt(name, 10), file: path.join(dir, name) }))
    .sort((a, b) => a.seq - b.seq);
}

/**
 * Everything saved in `dataDir`: the snapshot, then every log after it up to `throughSeq`, replayed
 * in order. A log's last line may be cut short by a crash in the middle of its write; that change
 * was never acknowledged, so it is skipped.
 * @param {string} dataDir
 * @param {{ throughSeq?: number }} [options]
 */
export function readSaved(dataDir, { throughSeq = Infinity } = {}) {
  /** @type {Map<string, StoredDocument>} */
  const documents = new Map();
  let snapshotSeq = 0;
  const snapshotFile = path.join(dataDir, SNAPSHOT_FILE);
  if (fs.existsSync(snapshotFile)) {
    const snapshot = JSON.parse(fs.readFileSync(snapshotFile, 'utf8'));
    if (snapshot.version !== 1 && snapshot.version !== SNAPSHOT_VERSION) {
      throw new Error(`${snapshotFile} has version ${snapshot.version}, which this version of the launcher cannot read.`);
    }
    for (const document of snapshot.documents) documents.set(document.path, document);
    snapshotSeq = snapshot.log ?? 0;
  }
  const replayed = [];
  let changes = 0;
  let lastSeq = snapshotSeq;
  for (const log of logFiles(dataDir)) {
    lastSeq = Math.max(lastSeq, log.seq);
    if (log.seq <= snapshotSeq || log.seq > throughSeq) continue;
    const lines = fs.readFileSync(log.file, 'utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      if (!line) continue;
      /** @type {StoredDocument | StoredDeletion} */
      let entry;
      try {
        entry = JSON.parse(line);
      } catch (error) {
        if (index === lines.length - 1) break;
        throw new Error(`${log.file} line ${index + 1} is not a saved change.`, { cause: error });
      }
      if ('deleted' in entry) documents.delete(entry.path);
      else documents.set(entry.path, entry);
      changes += 1;
    }
    replayed.push(log);
  }
  return { documents, snapshotSeq, lastSeq, replayed, changes };
}

/**
 * Writes the documents as the snapshot that includes every log up to `throughSeq`: beside the old
 * one first, flushed to disk, then renamed over it.
 * @param {string} dataDir
 * @param {Iterable<StoredDocument>} documents
 * @param {number} throughSeq
 */
export function writeSnapshot(dataDir, documents, throughSeq) {
  const file = path.join(dataDir, SNAPSHOT_FILE);
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, `{"version":${SNAPSHOT_VERSION},"savedAt":${JSON.stringify(new Date().toISOString())},"log":${throughSeq},"documents":[`);
    // One document a line, written in chunks: never one string of the whole data set.
    let chunk = '';
    let first = true;
    for (const document of documents) {
      chunk += `${first ? '' : ','}\n${JSON.stringify(document)}`;
      first = false;
      if (chunk.length > 1 << 20) {
        fs.writeSync(fd, chunk);
        chunk = '';
      }
    }
    fs.writeSync(fd, `${chunk}\n]}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

/**
 * Merges the snapshot with the logs up to `throughSeq` into a new snapshot, then deletes those
 * logs. Safe to interrupt at any point (see the top of this file).
 * @param {string} dataDir
 * @param {number} throughSeq
 */
export function compact(dataDir, throughSeq) {
  const { documents, changes } = readSaved(dataDir, { throughSeq });
  // Logs without a change (a run that only read) leave the snapshot as it is.
  if (changes > 0) writeSnapshot(dataDir, documents.values(), throughSeq);
  for (const log of logFiles(dataDir)) if (log.seq <= throughSeq) fs.rmSync(log.file, { force: true });
  return documents.size;
}

/**
 * The log the stand-in appends to: a new file after every existing one, so a line cut short by a
 * crash is only ever at the end of a file nobody writes to again.
 * @param {string} dataDir
 * @param {number} seq
 */
export function openLog(dataDir, seq) {
  fs.mkdirSync(path.join(dataDir, LOG_DIR), { recursive: true });
  const fd = fs.openSync(path.join(dataDir, LOG_DIR, logName(seq)), 'wx');
  let bytes = 0;
  return {
    seq,
    get bytes() {
      return bytes;
    },
    /** @param {StoredDocument | StoredDeletion} entry */
    append(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      // Synchronous on purpose: the change must be in the OS before the commit is answered.
      bytes += fs.writeSync(fd, line);
    },
    close() {
      fs.closeSync(fd);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The stand-in's in-memory state. @firestore-emulator/server is pinned (0.3.15) and these reach
// into its internals on purpose: it has no API to read a document's fields or to load documents
// in bulk, and loading through its own write path copies a collection's whole record of documents
// (immer) for every new document, which makes a restore of 20,000 plants take minutes.

/** @param {any} field a field of the stand-in's state @returns {StoredValue} */
function encodeValue(field) {
  switch (field.type) {
    case 'array_value':
      return { type: field.type, value: field.value.map(encodeValue) };
    case 'map_value':
      return { type: field.type, value: encodeFields(field.value) };
    case 'bytes_value':
      return { type: field.type, value: Buffer.from(field.value).toString('base64') };
    case 'timestamp_value':
      return { type: field.type, value: { seconds: Number(field.value.seconds), nanos: Number(field.value.nanos) } };
    default:
      return field.toJSON();
  }
}

/** @param {Record<string, any>} fields @returns {Record<string, StoredValue>} */
function encodeFields(fields) {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, encodeValue(field)]));
}

/**
 * A document of the state as saved: its path under the database root, fields and times; or its
 * deletion.
 * @param {any} document a FirestoreStateDocument
 * @param {string} root `projects/<id>/databases/(default)/documents/`
 * @returns {StoredDocument | StoredDeletion | null} null for a document of another project or database
 */
export function storedChange(document, root) {
  const fullPath = document.getPath();
  if (!fullPath.startsWith(root)) return null;
  const docPath = fullPath.slice(root.length);
  if (!document.metadata.hasExist) return { path: docPath, deleted: true };
  return {
    path: docPath,
    fields: encodeFields(document.fields),
    createTime: document.metadata.createdAt.getTime(),
    updateTime: document.metadata.updatedAt.getTime(),
  };
}

/**
 * The stand-in's field classes, taken from a document written through its own write path: they
 * are not exported, and its query code compares fields with instanceof.
 * @param {typeof import('@firestore-emulator/server').FirestoreState} FirestoreState
 * @returns {Record<string, any>}
 */
function fieldClasses(FirestoreState) {
  const requireFromServer = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'));
  const { Write } = requireFromServer('@firestore-emulator/proto/dist/google/firestore/v1/write');
  const name = 'projects/p/databases/(default)/documents/c/d';
  const values = {
    string_value: { string_value: '' },
    null_value: { null_value: 0 },
    boolean_value: { boolean_value: true },
    integer_value: { integer_value: 1 },
    double_value: { double_value: 0.5 },
    timestamp_value: { timestamp_value: { seconds: 1, nanos: 0 } },
    bytes_value: { bytes_value: new Uint8Array() },
    reference_value: { reference_value: name },
    geo_point_value: { geo_point_value: { latitude: 1, longitude: 1 } },
    array_value: { array_value: { values: [] } },
    map_value: { map_value: { fields: {} } },
  };
  const scratch = new FirestoreState();
  scratch.writeV1Document(new Date(), Write.fromObject({ update: { name, fields: values } }));
  const document = /** @type {any} */ (scratch.getDocument(name));
  return Object.fromEntries(Object.keys(values).map((type) => [type, document.fields[type].constructor]));
}

/** @param {StoredValue} stored @param {Record<string, any>} classes @returns {any} */
function decodeValue(stored, classes) {
  const { type, value } = stored;
  const Field = classes[type];
  if (!Field) throw new Error(`Cannot load a Firestore value of type ${type}.`);
  switch (type) {
    case 'null_value':
      return new Field();
    case 'integer_value':
    case 'double_value':
      return new Field(Number(value));
    case 'timestamp_value':
      return new Field({ seconds: Number(value.seconds), nanos: Number(value.nanos) });
    case 'bytes_value':
      return new Field(new Uint8Array(Buffer.from(value, 'base64')));
    case 'array_value':
      return new Field(value.map((/** @type {StoredValue} */ item) => decodeValue(item, classes)));
    case 'map_value':
      return new Field(decodeFields(value, classes));
    default:
      return new Field(value);
  }
}

/** @param {Record<string, StoredValue>} fields @param {Record<string, any>} classes */
function decodeFields(fields, classes) {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, decodeValue(value, classes)]));
}

/**
 * Puts saved documents straight into an empty stand-in's state, one collection at a time, without
 * emitting changes (they are saved already).
 * @param {import('@firestore-emulator/server').FirestoreServer} server
 * @param {string} projectId
 * @param {Iterable<StoredDocument>} documents
 */
export async function loadDocuments(server, projectId, documents) {
  const { FirestoreState, FirestoreStateDocument } = await import('@firestore-emulator/server');
  const classes = fieldClasses(FirestoreState);
  const state = /** @type {any} */ (server.state);
  const database = state.getProject(projectId).getDatabase('(default)');
  const loadedAt = new Date();

  // Every collection with the documents to put in it, parents included: a subcollection's
  // parent may have been deleted and still needs its (non-existent) document to hang from.
  /** @type {Map<string, Map<string, StoredDocument | null>>} */
  const collections = new Map();
  /** @param {string} docPath @param {StoredDocument | null} document */
  const plan = (docPath, document) => {
    const cut = docPath.lastIndexOf('/');
    const collectionPath = docPath.slice(0, cut);
    let planned = collections.get(collectionPath);
    if (!planned) {
      planned = new Map();
      collections.set(collectionPath, planned);
      const parentCut = collectionPath.lastIndexOf('/');
      if (parentCut > 0) plan(collectionPath.slice(0, parentCut), null);
    }
    const id = docPath.slice(cut + 1);
    if (document || !planned.has(id)) planned.set(id, document);
  };
  for (const document of documents) plan(document.path, document);

  /** @type {Map<string, any>} */
  const made = new Map();
  const depth = (/** @type {string} */ p) => p.split('/').length;
  for (const collectionPath of [...collections.keys()].sort((a, b) => depth(a) - depth(b))) {
    const cut = collectionPath.lastIndexOf('/');
    const collection = cut < 0 ? database.getCollection(collectionPath) : made.get(collectionPath.slice(0, cut)).getCollection(collectionPath.slice(cut + 1));
    /** @type {Record<string, any>} */
    const record = { ...collection.documents };
    for (const [id, stored] of /** @type {Map<string, StoredDocument | null>} */ (collections.get(collectionPath))) {
      const document = new FirestoreStateDocument(state.emitter, database, collection, id, stored ? decodeFields(stored.fields, classes) : {}, {});
      if (stored) {
        document.metadata = {
          hasExist: true,
          createdAt: new Date(stored.createTime ?? loadedAt.getTime()),
          updatedAt: new Date(stored.updateTime ?? loadedAt.getTime()),
        };
      }
      record[id] = document;
      made.set(`${collectionPath}/${id}`, document);
    }
    collection.documents = record;
  }
}

/**
 * Plain values (strings, numbers, booleans, null, Dates, arrays, objects) as saved fields, for
 * tests and measurements that write a data set straight into a snapshot.
 * @param {unknown} value
 * @returns {StoredValue}
 */
export function storedValue(value) {
  if (value === null || value === undefined) return { type: 'null_value', value: null };
  if (typeof value === 'string') return { type: 'string_value', value };
  if (typeof value === 'boolean') return { type: 'boolean_value', value };
  if (typeof value === 'number') return { type: Number.isInteger(value) ? 'integer_value' : 'double_value', value };
  if (value instanceof Date) {
    const ms = value.getTime();
    return { type: 'timestamp_value', value: { seconds: Math.floor(ms / 1000), nanos: (((ms % 1000) + 1000) % 1000) * 1e6 } };
  }
  if (Array.isArray(value)) return { type: 'array_value', value: value.map(storedValue) };
  return { type: 'map_value', value: storedFields(/** @type {Record<string, unknown>} */ (value)) };
}

/** @param {Record<string, unknown>} data */
export function storedFields(data) {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, storedValue(value)]));
}

// A worker thread of the stand-in runs compactions, so the store keeps answering meanwhile.
if (!isMainThread && workerData?.task === 'compact') {
  const documents = compact(workerData.dataDir, workerData.throughSeq);
  parentPort?.postMessage({ documents });
}
