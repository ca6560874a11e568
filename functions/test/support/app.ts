import { createApp } from '../../src/app';
import { DEFAULT_LIMITS, type AccountLimits } from '../../src/config/limits';
import { PROJECT_ID } from './emulators';

/** The Express app under test, talking to the emulators through the real firebase-admin. */
export function testApp(overrides: Parameters<typeof createApp>[0] = {}) {
  if (!PROJECT_ID.startsWith('demo-')) throw new Error('Refusing to run against a non-demo project.');
  return createApp(overrides);
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
