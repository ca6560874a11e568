import { createApp } from '../../src/app';
import { PROJECT_ID } from './emulators';

/** The Express app under test, talking to the emulators through the real firebase-admin. */
export function testApp() {
  if (!PROJECT_ID.startsWith('demo-')) throw new Error('Refusing to run against a non-demo project.');
  return createApp();
}
