import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { createPlantBackfill } from '../plants/plant-backfill.repository';
import { RETIRED_KEYS, keysAreCurrent, plantKeys } from '../plants/plant-keys';
import { speciesFieldsOf } from '../plants/plants.service';
import type { SpeciesCatalogue } from '../species/species.catalogue';
import type { BackfillReport } from './batches';

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
function plantChanges(id: string, data: DocumentData, catalogue: SpeciesCatalogue): PlantRewrite | null {
  const empty = Object.keys(data).filter((field) => data[field] === '');
  const cleaned = Object.fromEntries(Object.entries(data).filter(([field]) => !empty.includes(field)));
  const corrections = toxicityCorrections(cleaned, catalogue);
  const corrected = Object.keys(corrections).length > 0;
  if (!empty.length && !corrected && keysAreCurrent(data, id)) return null;
  const retired = RETIRED_KEYS.filter((field) => field in data);
  return {
    corrected,
    fields: {
      ...plantKeys({ ...cleaned, ...corrections }, id),
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
  await createPlantBackfill(db).rewrite(
    (id, data) => plantChanges(id, data, catalogue),
    (read, written) => {
      report.scanned += read;
      report.updated += written.length;
      report.corrected += written.filter((changes) => changes.corrected).length;
      log(`Checked ${report.scanned} plants, updated ${report.updated}.`);
    },
  );
}
