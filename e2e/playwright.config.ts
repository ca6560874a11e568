import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests click through the built app served by the Hosting emulator. scripts/test.mjs
 * starts the stack, finds Debian's Chromium headless shell and sets CHROME_PATH; never
 * `playwright install`.
 */
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? '../test-results/e2e-report.json' }]],
  use: {
    baseURL: process.env.APP_URL ?? 'http://localhost:5000',
    // The app formats dates and numbers in the browser's locale: the tests read it as a US English
    // reader wherever they run (e2e/locale.spec.ts reads it as a German one).
    locale: 'en-US',
    // The built app registers a service worker; a worker answers some requests itself, out of
    // page.route()'s sight and with what it cached. e2e/pwa.spec.ts tests it with workers allowed.
    serviceWorkers: 'block',
    // No trace: recording one (DOM snapshots at every action) for every test made the suite 1.6
    // times as long (three files: 71 and 67 s against 46 and 41 s). To see a failure step by step,
    // run it again with `npm run test:e2e -- e2e/the.spec.ts --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
