import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['test/**/*.api.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/fresh-store.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // The files share one emulator stack; running them one at a time keeps timings honest.
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
