import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST, HOSTING_URL, PROJECT_ID, TASKS_EMULATOR_HOST } from './emulators';

/** API tests write real data: they refuse anything but a demo- project on the emulators. */
export default async function globalSetup(): Promise<void> {
  if (!PROJECT_ID.startsWith('demo-')) {
    throw new Error(`API tests run only against a demo- project; GCLOUD_PROJECT is "${PROJECT_ID}".`);
  }
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = AUTH_EMULATOR_HOST;
  process.env.CLOUD_TASKS_EMULATOR_HOST = TASKS_EMULATOR_HOST;
  // The calendar routes of createApp() derive links with the same key as the function on the
  // emulator (the launcher made it), so links made by either work with both.
  process.env.CALENDAR_FEED_KEY ??= localCalendarKey();
  for (const [name, url] of [
    ['Auth emulator', `http://${AUTH_EMULATOR_HOST}/`],
    ['Hosting emulator', `${HOSTING_URL}/mango?limit=1`],
  ] as const) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (!ok)
      throw new Error(
        `The ${name} does not answer at ${url}. Run the API tests with \`npm run test:api\`, which starts the stack.`,
      );
  }
}

function localCalendarKey(): string {
  const file = path.resolve(__dirname, '../../.secret.local');
  try {
    const key = /^CALENDAR_FEED_KEY=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim();
    if (key) return key;
  } catch {
    // Reported below.
  }
  throw new Error(
    `No CALENDAR_FEED_KEY in ${file}. Run the API tests with \`npm run test:api\`, whose launcher writes it.`,
  );
}
