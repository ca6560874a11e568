// Brings data saved by earlier versions up to date when the local stack starts, before anything
// reads it. Each migration is idempotent: running it on current data changes nothing.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/**
 * @param {{ db: import('firebase-admin/firestore').Firestore, log?: (line: string) => void }} deps
 * @returns {Promise<number>} how many documents were changed
 */
export async function migrateData({ db, log = () => {} }) {
  // Issue 11: the paged list's sort keys, care filter and search grams on every plant.
  const { backfillPlantKeys } = require(path.join(root, 'functions/lib/plants/plant-backfill.js'));
  const { updated } = await backfillPlantKeys(db);
  if (updated) log(`Gave ${updated} saved plants the fields the plant list's search, filters and sort need.`);
  return updated;
}
