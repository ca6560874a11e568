import { createApp } from '../../src/app';
import { PROJECT_ID } from './emulators';

/** The Express app under test, talking to the emulators through the real firebase-admin. */
export function testApp(overrides: Parameters<typeof createApp>[0] = {}) {
  if (!PROJECT_ID.startsWith('demo-')) throw new Error('Refusing to run against a non-demo project.');
  return createApp(overrides);
}

/** The app with its clock fixed: changes are stamped, and the stats windows end, at `clock()`. */
testApp.withClock = (clock: () => Date) => testApp({ clock });
