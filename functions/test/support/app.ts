import { createApp, type AppDependencies } from '../../src/app';
import { DEFAULT_LIMITS, type AccountLimits } from '../../src/config/limits';
import { createRooms, functionDependencies } from '../../src/rooms';
import { PROJECT_ID } from './emulators';

/**
 * What the tests need of the local stack (config/local-stack.ts): answers that say what they read,
 * and the tests' own push receivers on 127.0.0.1.
 */
const localStack = { reportReads: true, localPushReceivers: true };

const demoOnly = () => {
  if (!PROJECT_ID.startsWith('demo-')) throw new Error('Refusing to run against a non-demo project.');
};

/** The Express app under test, talking to the emulators through the real firebase-admin. */
export function testApp(overrides: Partial<AppDependencies> = {}) {
  demoOnly();
  return createApp({ ...localStack, ...overrides });
}

/** The rooms' services as the jobs call them (jobs.ts), on the emulators, with `overrides` (a clock the test sets). */
export function testRooms(overrides: Partial<AppDependencies> = {}) {
  demoOnly();
  return createRooms({ ...functionDependencies(), ...localStack, ...overrides });
}

/** The app with its clock fixed: changes are stamped, and the stats windows end, at `clock()`. */
testApp.withClock = (clock: () => Date) => testApp({ clock });

/**
 * The app with limits of the test's own (the defaults for the rest) and a clock the test moves:
 * `advance(seconds)` lets the budgets refill.
 */
testApp.limited = (limits: Partial<AccountLimits>) => {
  let now = new Date('2026-06-01T10:00:00.000Z');
  const app = testApp({
    clock: () => now,
    limits: { ...DEFAULT_LIMITS, writeBurst: 30, writesPerMinute: 60, ...limits },
  });
  return { app, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
};
