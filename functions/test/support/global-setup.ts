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
  // The routes of createApp() use the function's secrets and settings as the function on the
  // emulator does (the launcher made them and put them in its environment): calendar links made by
  // either work with both, and reminders go to the same mail server with the same Web Push key.
  for (const [name, value] of Object.entries(localFunctionSettings())) process.env[name] ??= value;
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

/** The function's local secrets (functions/.secret.local) and settings (functions/.env.local), as the launcher wrote them. */
function localFunctionSettings(): Record<string, string> {
  const read = (file: string) => {
    try {
      return readFileSync(path.resolve(__dirname, '..', '..', file), 'utf8');
    } catch {
      return '';
    }
  };
  const settings: Record<string, string> = {};
  for (const line of `${read('.secret.local')}\n${read('.env.local')}`.split('\n')) {
    const match = /^([A-Z_]+)="?(.*?)"?$/.exec(line.trim());
    if (match) settings[match[1]!] = match[2]!;
  }
  for (const name of ['CALENDAR_FEED_KEY', 'VAPID_PRIVATE_KEY', 'SMTP_URL', 'APP_URL', 'MAIL_FROM'])
    if (!settings[name] && !process.env[name])
      throw new Error(
        `No ${name} in functions/.secret.local or functions/.env.local. Run the API tests with \`npm run test:api\`, whose launcher writes them.`,
      );
  return settings;
}
