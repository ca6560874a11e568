import { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../accounts/accounts.repository';
import { createActivityRepository } from '../activity/activity.repository';
import { createCareRepository } from '../care/care.repository';
import { DEFAULT_LIMITS } from '../config/limits';
import { membershipInWriteReader } from '../households/memberships.repository';
import { IMPORT_MAX_BYTES, IMPORT_MAX_PLANTS } from '../model/transfer';
import { createPhotosRepository } from '../photos/photos.repository';
import { createPlantListRepository } from '../plant-list/plant-list.repository';
import { createPlaceBooks } from '../places/place-books.repository';
import { countPlants, createPlantsRepository, plantReadsOf } from '../plants/plants.repository';
import { newPlantRecord } from '../plants/plants.service';
import { readJsonExport } from './transfer-format';
import { createTransferRepository, type ImportedPlantRecord } from './transfer.repository';
import { checkRows, exportReads } from './transfer.service';

// Never connected: prepareImport only makes references and writes, and stores nothing.
const db = new Firestore({ projectId: 'demo-unit' });
const accounts = createAccountsRepository(
  db,
  () => DEFAULT_LIMITS,
  (uid) => countPlants(db, uid),
  membershipInWriteReader(() => db),
);
const query = plantReadsOf(db);
const activity = createActivityRepository(db);
const places = createPlaceBooks(db);
const store = createPlantsRepository(db, accounts, activity, places);
const transfer = createTransferRepository(db, accounts, {
  store,
  list: createPlantListRepository(query),
  care: createCareRepository(accounts, store, createPhotosRepository(db, accounts, store).photoExists),
  places,
});
const viewer = { uid: 'unit-user', email: 'unit@example.test', name: 'Unit' };

function prepare(file: string) {
  const checked = checkRows(readJsonExport(file));
  expect(checked.flatMap((row) => row.errors)).toEqual([]);
  const records: ImportedPlantRecord[] = checked.map(({ input, history }) => ({
    record: newPlantRecord(viewer, input!, '2026-06-01'),
    history,
  }));
  return transfer.prepareImport(records, new Date('2026-06-01T10:00:00.000Z'));
}

describe('what an import spends of its allowance', () => {
  it('is every document it creates: a plant, its activity record, and each event of its history or its new added event', () => {
    const event = { type: 'added', at: '2020-01-01T08:00:00Z' };
    const prepared = prepare(
      JSON.stringify({
        plants: [
          { plantName: 'a', category: 'fern' },
          { plantName: 'b', category: 'fern', events: [event, event, event, event, event] },
        ],
      }),
    );
    expect(prepared.documents).toBe(3 + 7);
    expect(prepared.batches.flat()).toHaveLength(prepared.documents);
  });

  it(`fits a day's allowance for the largest file an import takes (config/limits.ts): 48,745 documents`, () => {
    const event = JSON.stringify({ type: 'added', at: '2020-01-01T08:00:00Z' });
    const plain = JSON.stringify({ plantName: 'a', category: 'fern' });
    // 46 plants share the events, at most 1,000 each; the rest of the 2 MB is events.
    const withEvents = (events: number) =>
      `{"plantName":"a","category":"fern","events":[${Array(events).fill(event).join(',')}]}`;
    const shell = (events: number[]) =>
      `{"plants":[${[...events.map(withEvents), ...Array<string>(IMPORT_MAX_PLANTS - events.length).fill(plain)].join(',')}]}`;
    const events = Math.floor((IMPORT_MAX_BYTES - shell(Array<number>(46).fill(1)).length) / (event.length + 1)) + 46;
    const split = Array.from({ length: 46 }, (_, i) => Math.floor(events / 46) + (i < events % 46 ? 1 : 0));
    const file = shell(split);
    expect(Buffer.byteLength(file)).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
    expect(Buffer.byteLength(shell(split.map((n, i) => (i === 0 ? n + 1 : n))))).toBeGreaterThan(IMPORT_MAX_BYTES);
    const prepared = prepare(file);
    expect(prepared.documents).toBe(48_745);
    expect(prepared.documents).toBeLessThanOrEqual(DEFAULT_LIMITS.importWritesPerDay);
  });
});

describe('what an export reads', () => {
  it('at least and at most: CSV the plants; JSON also each history, from one document to 1,000', () => {
    expect(exportReads('csv', 0)).toEqual({ least: 1, most: 1 });
    expect(exportReads('csv', 5000)).toEqual({ least: 5000, most: 5000 });
    expect(exportReads('json', 2)).toEqual({ least: 4, most: 2002 });
    // The most one export can read past what is left: 4,995,000 documents.
    const full = exportReads('json', 5000);
    expect(full.most - full.least).toBe(4_995_000);
    expect(full.least).toBeLessThanOrEqual(DEFAULT_LIMITS.bulkReadsPerDay);
  });
});
