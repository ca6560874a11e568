import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { PLANTS_COLLECTION } from '../plants/plants.repository';
import { RETIRED_KEYS, keysAreCurrent, plantKeys } from '../plants/plant-keys';
import { speciesFieldsOf } from '../plants/plants.service';
import type { SpeciesCatalogue } from '../species/species.catalogue';
import { PAGE_ATTEMPTS, pages, type BackfillReport } from './batches';

/**
 * The toxicity fields of a stored plant that its species in `catalogue` now says otherwise, each
 * with the catalogue's value (undefined: it does not know, stored as nothing, as a write stores it).
 */
function toxicityCorrections(
  data: Record<string, unknown>,
  catalogue: SpeciesCatalogue,
): Record<string, boolean | null | undefined> {
  const id = data.speciesId;
  if (typeof id !== 'string' || !catalogue.has(id)) return {};
  const { toxicToCats, toxicToDogs } = speciesFieldsOf(id, catalogue);
  return Object.fromEntries(
    Object.entries({ toxicToCats, toxicToDogs }).filter(([field, value]) => (data[field] ?? undefined) !== value),
  );
}

/**
 * What a stored plant needs written: its toxicity when the catalogue says otherwise, its derived
 * fields when stale (or when the toxicity changes its pet key), and a delete of each '' field.
 */
function plantChanges(doc: DocumentSnapshot, catalogue: SpeciesCatalogue): PlantRewrite | null {
  const data = doc.data() ?? {};
  const empty = Object.keys(data).filter((field) => data[field] === '');
  const cleaned = Object.fromEntries(Object.entries(data).filter(([field]) => !empty.includes(field)));
  const corrections = toxicityCorrections(cleaned, catalogue);
  const corrected = Object.keys(corrections).length > 0;
  if (!empty.length && !corrected && keysAreCurrent(data, doc.id)) return null;
  const retired = RETIRED_KEYS.filter((field) => field in data);
  return {
    corrected,
    fields: {
      ...plantKeys({ ...cleaned, ...corrections }, doc.id),
      ...Object.fromEntries(Object.entries(corrections).map(([field, value]) => [field, value ?? FieldValue.delete()])),
      ...Object.fromEntries([...empty, ...retired].map((field) => [field, FieldValue.delete()])),
    },
  };
}

interface PlantRewrite {
  /** Whether the plant's toxicity changes (see toxicityCorrections). */
  corrected: boolean;
  fields: Record<string, unknown>;
}

export async function backfillPlants(
  db: Firestore,
  report: BackfillReport,
  log: (line: string) => void,
  catalogue: SpeciesCatalogue,
): Promise<void> {
  for await (const docs of pages(db.collection(PLANTS_COLLECTION))) {
    report.scanned += docs.length;
    const written = await writeStale(db, docs, catalogue);
    report.updated += written.updated;
    report.corrected += written.corrected;
    log(`Checked ${report.scanned} plants, updated ${report.updated}.`);
  }
}

/**
 * Each write carries the read's update time as a precondition: a plant changed by a user meanwhile
 * fails the batch, and the page is read again (its user's change wrote current fields already).
 */
async function writeStale(
  db: Firestore,
  docs: DocumentSnapshot[],
  catalogue: SpeciesCatalogue,
): Promise<{ updated: number; corrected: number }> {
  let pending = docs;
  for (let attempt = 1; ; attempt += 1) {
    const stale = pending
      .map((doc) => ({ doc, changes: doc.exists ? plantChanges(doc, catalogue) : null }))
      .filter((entry) => entry.changes);
    if (!stale.length) return { updated: 0, corrected: 0 };
    const batch = db.batch();
    for (const { doc, changes } of stale) batch.update(doc.ref, changes!.fields, { lastUpdateTime: doc.updateTime! });
    try {
      await batch.commit();
      return { updated: stale.length, corrected: stale.filter(({ changes }) => changes!.corrected).length };
    } catch (error) {
      // FAILED_PRECONDITION (9): a plant changed since it was read; NOT_FOUND (5): one was deleted.
      const code = (error as { code?: unknown }).code;
      if ((code !== 9 && code !== 5) || attempt >= PAGE_ATTEMPTS) throw error;
      pending = await db.getAll(...stale.map(({ doc }) => doc.ref));
    }
  }
}
