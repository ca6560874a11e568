import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The API files in Vitest's usual order, but test/visitor-cost.api.test.ts last: it spends the
 * visitors' allowance of 127.0.0.1 in the emulator's function, which the files before it use.
 */
class VisitorCostLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => file.moduleId.endsWith('/visitor-cost.api.test.ts');
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}

export default defineConfig({
  test: {
    // Vitest takes the sequencer of the root config only, for every project.
    sequence: { sequencer: VisitorCostLast },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'lint/**/*.test.ts'],
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
