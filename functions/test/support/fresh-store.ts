import { beforeAll } from 'vitest';
import { FIRESTORE_EMULATOR_HOST, PROJECT_ID } from './emulators';

/**
 * Every API test file starts on an empty Firestore. Google's emulator reads every plant for an
 * `array-contains` search (Firestore reads an index), so without this a file's searches slowed
 * with whatever the files before it had stored and, late in the suite, passed the API's 5 s
 * deadline. Files run one at a time (vitest.config.mts) and each makes its own users.
 */
beforeAll(async () => {
  const url = `http://${FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok)
    throw new Error(`The Firestore emulator answered ${response.status} to clearing the store at ${url}.`);
});
