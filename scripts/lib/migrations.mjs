// Brings data saved by earlier versions up to date when the local stack starts, before anything
// reads it. Each migration is idempotent: running it on current data changes nothing.

/**
 * @param {{ db: import('firebase-admin/firestore').Firestore, log?: (line: string) => void }} deps
 * @returns {Promise<number>} how many documents were changed
 */
export async function migrateData({ db, log = () => {} }) {
  void db;
  void log;
  return 0;
}
