import { defineConfig } from 'vitest/config';

// Tests of the local-stack launcher itself; they start and stop real stacks, one at a time.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['scripts/**/*.test.mjs'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
