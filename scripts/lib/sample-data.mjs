// Large data sets for the launcher's tests and measurements: plants as the API stores them, each
// with its `added` event and activity record, written straight into the Firestore emulator through
// firebase-admin (an unthrottled BulkWriter: 20,000 plants, 60,000 documents, take about 15 s;
// through the API they would take many minutes).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFirestoreEmulator, startFirestoreEmulator } from './firestore-emulator.mjs';
import { saveFirestore } from './firestore-saver.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const CATEGORIES = ['succulent', 'fern', 'flowering', 'bonsai', 'Fruit', 'Flower', 'Vegetable', 'Herbs'];
const LEVELS = ['easy', 'moderate', 'difficult'];

/** A Firestore-style auto id (20 characters). */
const autoId = () => randomBytes(15).toString('base64url').slice(0, 20);

/**
 * `count` sample plants of one owner, as [document path, data] pairs.
 * @param {number} count
 * @param {{ ownerUid: string, userEmail: string, userName: string }} owner
 */
export function samplePlants(count, owner) {
  // The list's search, filter and sort keys, as the API derives them (the build's copy).
  const { plantKeys } = require(path.join(root, 'functions/lib/plants/plant-keys.js'));
  /** @type {[string, Record<string, unknown>][]} */
  const documents = [];
  const plantIds = [];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < count; i += 1) {
    const id = autoId();
    plantIds.push(id);
    const at = new Date(start + i * 60_000);
    const plantName = `Sample plant ${i}`;
    const plant = {
      plantName,
      category: CATEGORIES[i % CATEGORIES.length],
      careLevel: LEVELS[i % LEVELS.length],
      healthStatus: i % 5 === 0 ? 'Needs Care' : 'Healthy',
      wateringFrequency: 'Every 3 days',
      wateringIntervalDays: 3,
      lastWateredDate: '2026-01-01',
      nextWateringDate: '2026-01-04',
      image: '/images/plants/basil.webp',
      description: 'A plant of a large sample data set, there to show how the local stack copes with many plants.',
      ...owner,
      createdAt: at,
      updatedAt: at,
      revision: 1,
    };
    documents.push([`plants/${id}`, { ...plant, ...plantKeys(plant, id) }]);
    documents.push([
      `plants/${id}/events/${autoId()}`,
      {
        type: 'added',
        at,
        revision: 1,
        changes: {
          healthStatus: { from: null, to: plant.healthStatus },
          wateringFrequency: { from: null, to: plant.wateringFrequency },
        },
        lastWateredDate: plant.lastWateredDate,
        nextWateringDate: plant.nextWateringDate,
      },
    ]);
    documents.push([`activity/${autoId()}`, { ownerUid: owner.ownerUid, plantId: id, plantName, type: 'added', at }]);
  }
  return { documents, plantIds };
}

/**
 * Writes documents into the emulator `db` talks to.
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {Iterable<[string, Record<string, unknown>]>} documents
 */
export async function writeDocuments(db, documents) {
  const writer = db.bulkWriter({ throttling: false });
  for (const [docPath, data] of documents) void writer.set(db.doc(docPath), data);
  await writer.close();
}

/**
 * A data folder holding `count` sample plants, as if a previous `npm start` had saved them: the
 * documents go into an emulator of its own (on `port`, which must be free), whose export is saved
 * into the folder as the launcher saves it.
 * @param {string} dataDir
 * @param {number} count
 * @param {{ ownerUid: string, userEmail: string, userName: string }} owner
 * @param {{ port: number, projectId: string }} emulator
 */
export async function writeSampleDataDir(dataDir, count, owner, { port, projectId }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const { documents, plantIds } = samplePlants(count, owner);
  const logFile = path.join(os.tmpdir(), `mango-sample-firestore-${process.pid}.log`);
  const emulator = await startFirestoreEmulator({
    copy: findFirestoreEmulator(),
    host: '127.0.0.1',
    port,
    projectId,
    rulesFile: path.join(root, 'firestore.rules'),
    logFile,
    timeoutMs: 60_000,
  });
  const previousHost = process.env.FIRESTORE_EMULATOR_HOST;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const app = initializeApp({ projectId }, `sample-data-${Date.now()}`);
  try {
    await writeDocuments(getFirestore(app), documents);
    await saveFirestore(dataDir, emulator);
  } finally {
    await deleteApp(app);
    if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
    else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
    await emulator.stop();
    fs.rmSync(logFile, { force: true });
  }
  return { plantIds, documents: documents.length };
}
