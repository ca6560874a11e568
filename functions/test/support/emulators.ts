/**
 * Where the emulators of the running test stack answer. scripts/test.mjs starts the stack and
 * sets these variables; the defaults are firebase.json's ports.
 */
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-mango-grove';
export const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const FIRESTORE_EMULATOR_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
/** The app as browsers reach it: Hosting, which rewrites /mango to the function. */
export const HOSTING_URL = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';
/** The function straight from the Functions emulator (the Cloud Functions runtime in front of Express). */
export const FUNCTION_URL = process.env.FUNCTION_URL ?? `http://127.0.0.1:5001/${PROJECT_ID}/us-central1/api`;
/** The Functions emulator itself, where its other functions (task queues, schedules) answer. */
export const FUNCTIONS_EMULATOR_URL = process.env.FUNCTIONS_EMULATOR_URL ?? 'http://127.0.0.1:5001';
/** The Cloud Tasks emulator, where createApp() queues work (firebase-admin reads CLOUD_TASKS_EMULATOR_HOST). */
export const TASKS_EMULATOR_HOST = process.env.CLOUD_TASKS_EMULATOR_HOST ?? '127.0.0.1:9499';
