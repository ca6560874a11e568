import { defineConfig } from 'vitest/config';

// Tests of the built web app, of the local-stack launcher itself, and the reliability suite; the
// last two start and stop real stacks, one at a time.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
    projects: [
      { extends: true, test: { name: 'launcher', include: ['scripts/lib/**/*.test.mjs'] } },
      // The built web app's files (web/dist) and what its build printed, checked right after the build.
      { extends: true, test: { name: 'build', include: ['web/build/**/*.test.ts'] } },
      // Its tests run in order on one stack: load, then the frozen store, then the kill -9.
      { extends: true, test: { name: 'reliability', include: ['scripts/reliability/**/*.test.mjs'] } },
    ],
  },
});
