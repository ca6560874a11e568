// Large data sets for the launcher's tests and measurements, written straight into a snapshot
// (firestore.json) the way the stand-in saves it: each plant as the API stores it, with its
// `added` event and activity record. Through the API, 20,000 plants would take many minutes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storedFields, writeSnapshot } from './firestore-data.mjs';
import { MARKER } from './migrations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const CATEGORIES = ['succulent', 'fern', 'flowering', 'bonsai', 'Fruit', 'Flower', 'Vegetable', 'Herbs'];
const LEVELS = ['easy', 'moderate', 'difficult'];

/** A Firestore-style auto id (20 characters). */
const autoId = () => randomBytes(15).toString('base64url').slice(0, 20);

/**
 * @param {number} count
 * @param {{ ownerUid: string, userEmail: string, userName: string }} owner
 * @returns {{ documents: import('./firestore-data.mjs').StoredDocument[], plantIds: string[] }}
 */
export function samplePlants(count, owner) {
  // The list's search, filter and sort keys, as the API derives them (the build's copy).
  const { plantKeys } = require(path.join(root, 'functions/lib/plants/plant-keys.js'));
  /** @type {import('./firestore-data.mjs').StoredDocument[]} */
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
    const time = at.getTime();
    documents.push({ path: `plants/${id}`, fields: storedFields({ ...plant, ...plantKeys(plant, id) }), createTime: time, updateTime: time });
    documents.push({
      path: `plants/${id}/events/${autoId()}`,
      fields: storedFields({
        type: 'added',
        at,
        revision: 1,
        changes: { healthStatus: { from: null, to: plant.healthStatus }, wateringFrequency: { from: null, to: plant.wateringFrequency } },
        lastWateredDate: plant.lastWateredDate,
        nextWateringDate: plant.nextWateringDate,
      }),
      createTime: time,
      updateTime: time,
    });
    documents.push({
      path: `activity/${autoId()}`,
      fields: storedFields({ ownerUid: owner.ownerUid, plantId: id, plantName, type: 'added', at }),
      createTime: time,
      updateTime: time,
    });
  }
  return { documents, plantIds };
}

/**
 * A data folder holding `count` sample plants, as if a previous run had saved them.
 * @param {string} dataDir
 * @param {number} count
 * @param {{ ownerUid: string, userEmail: string, userName: string }} owner
 */
export function writeSampleDataDir(dataDir, count, owner) {
  fs.mkdirSync(dataDir, { recursive: true });
  const { documents, plantIds } = samplePlants(count, owner);
  // Saved by this version: the plants carry current keys, and the folder says so.
  const { KEYS_VERSION } = require(path.join(root, 'functions/lib/plants/plant-keys.js'));
  documents.push({ path: MARKER, fields: storedFields({ plantKeys: KEYS_VERSION }), createTime: 0, updateTime: 0 });
  writeSnapshot(dataDir, documents, 0);
  return { plantIds, documents: documents.length };
}
