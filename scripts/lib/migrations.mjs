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
  // The backfill (functions/src/plants/plant-backfill.ts): the paged list's sort keys, care filter
  // and search grams on every plant, no '' for cleared fields, no old write markers, no history of
  // deleted plants. It reads whole collections, so a local marker records that this data folder
  // has had it (the API keeps everything current on every write after that): 20,000 saved plants
  // start in seconds, not 30.
  const { backfill, BACKFILL_VERSION } = require(path.join(root, 'functions/lib/plants/plant-backfill.js'));
  const marker = db.doc(MARKER);
  if ((await marker.get()).get('backfill') === BACKFILL_VERSION) return 0;
  const report = await backfill(db);
  const changed = report.updated + report.markers + report.orphans;
  if (changed)
    log(
      `Brought the saved data up to date: ${report.updated} plants updated, ${report.markers} old write markers and ${report.orphans} events of deleted plants removed.`,
    );
  await marker.set({ backfill: BACKFILL_VERSION }, { merge: true });
  return changed;
}
