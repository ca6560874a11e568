// Brings data saved by earlier versions up to date when the local stack starts, before anything
// reads it. Each migration is idempotent: running it on current data changes nothing.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/** Which migrations this data folder has had; local only (production runs `npm run backfill`). */
export const MARKER = 'localMigrations/state';

/**
 * @param {{ db: import('firebase-admin/firestore').Firestore, log?: (line: string) => void }} deps
 * @returns {Promise<number>} how many documents were changed
 */
export async function migrateData({ db, log = () => {} }) {
  // Issue 11: the paged list's sort keys, care filter and search grams on every plant. The backfill
  // reads every plant, so a local marker records that this data folder has had it (the API keeps
  // the keys current on every write after that): 20,000 saved plants start in seconds, not 30.
  const { backfillPlantKeys } = require(path.join(root, 'functions/lib/plants/plant-backfill.js'));
  const { KEYS_VERSION } = require(path.join(root, 'functions/lib/plants/plant-keys.js'));
  const marker = db.doc(MARKER);
  if ((await marker.get()).get('plantKeys') === KEYS_VERSION) return 0;
  const { updated } = await backfillPlantKeys(db);
  if (updated) log(`Gave ${updated} saved plants the fields the plant list's search, filters and sort need.`);
  await marker.set({ plantKeys: KEYS_VERSION }, { merge: true });
  return updated;
}
