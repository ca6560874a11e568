// `npm run backfill -- --project <id>`: the one-off migration for a real Firebase project, after
// deploying a version that needs it (functions/src/migrations/ says what it does, one file per change: the
// paged list's derived fields, no '' for cleared fields, no old write markers, no history of
// deleted plants). Idempotent: what is current is not written, so it can run again after an
// interruption.
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
const target = process.env.FIRESTORE_EMULATOR_HOST
  ? `the Firestore emulator at ${process.env.FIRESTORE_EMULATOR_HOST}`
  : `project ${projectId}`;

const { initializeApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const { backfill } = require(path.join(root, 'functions/lib/migrations/index.js'));

console.log(`[backfill] Bringing every plant of ${target} up to date...`);
const db = getFirestore(initializeApp({ projectId }, 'backfill'));
try {
  await backfill(db, (/** @type {string} */ line) => console.log(`[backfill] ${line}`));
  console.log('[backfill] Done.');
  process.exit(0);
} catch (error) {
  console.error(`[backfill] Stopped: ${error instanceof Error ? error.message : error}. It is safe to run again.`);
  process.exit(1);
}
