// `npm run backfill -- --project <id>`: the one-off migration for a real Firebase project, after
// deploying a version whose plants need new derived fields (issue 11: the paged list's sort keys,
// care filter and search grams). Idempotent: plants that are already current are not written, so it
// can run again after an interruption. The local stack runs the same migration at every start.
//
// It uses Google's Application Default Credentials: `gcloud auth application-default login`, or
// GOOGLE_APPLICATION_CREDENTIALS pointing to a service account key with Firestore access.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const projectArg = process.argv.indexOf('--project');
const projectId = projectArg > 0 ? process.argv[projectArg + 1] : undefined;
if (!projectId) {
  console.error('Usage: npm run backfill -- --project <firebase-project-id>');
  process.exit(2);
}
const target = process.env.FIRESTORE_EMULATOR_HOST ? `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}` : `project ${projectId}`;

const { initializeApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const { backfillPlantKeys } = require(path.join(root, 'functions/lib/plants/plant-backfill.js'));

console.log(`[backfill] Bringing every plant of ${target} up to date...`);
const db = getFirestore(initializeApp({ projectId }, 'backfill'));
try {
  const { scanned, updated } = await backfillPlantKeys(db, (/** @type {string} */ line) => console.log(`[backfill] ${line}`));
  console.log(`[backfill] Done: ${scanned} plants checked, ${updated} updated.`);
  process.exit(0);
} catch (error) {
  console.error(`[backfill] Stopped: ${error instanceof Error ? error.message : error}. It is safe to run again.`);
  process.exit(1);
}
