import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that replace a module (`vi.mock`): they run in projects of their own, each file with
 * its own modules, since the unit, renderer and API projects share one module graph across their
 * files (a module another file imported first would not be replaced). tests/lint/module-mocks.test.ts
 * checks that the list names every such file.
 */
export const MODULE_MOCKING_TESTS = {
  unit: ['tests/desktop/composition-root.test.ts'],
  renderer: ['src-renderer/pages/admin/admin-page.test.tsx'],
};

const UNIT = {
  include: [
    'shared/**/*.test.ts',
    'src-server/**/*.test.ts',
    'src-main/**/*.test.ts',
    'tests/desktop/**/*.test.ts',
    'scripts/**/*.test.ts',
    'bench/**/*.test.ts',
    'tests/lint/**/*.test.ts',
  ],
  environment: 'node',
};

const RENDERER = {
  include: ['src-renderer/**/*.test.{ts,tsx}', 'tests/desktop/**/*.test.tsx'],
  environment: 'happy-dom',
  setupFiles: ['src-renderer/testing/setup.ts'],
  // Tests that wait on real timers (retries, debounces) run beside the API suites in CI: on a
  // slow two-core machine 5 s was not always enough for a test whose own waits take 0.1 s.
  testTimeout: 15_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      // The files of a worker share their modules: importing them afresh for every file took most of
      // the time (renderer 180 s → 57 s, unit 63 s → 25 s on two cores).
      {
        extends: true,
        test: {
          name: 'unit',
          ...UNIT,
          exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS.unit],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-mocks', ...UNIT, include: MODULE_MOCKING_TESTS.unit },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          ...RENDERER,
          exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS.renderer],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'renderer-mocks', ...RENDERER, include: MODULE_MOCKING_TESTS.renderer },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // PGlite runs queries on the event loop; one file at a time keeps timings honest on 2 cores.
          fileParallelism: false,
          // The files share one module graph: each opens its own database and app, and importing
          // the server afresh for every file was a quarter of the suite's time (426 s → 260 s on PGlite).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          // The real server as a child process, killed and cut off from its database; one file at a time.
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          // Three server processes, S3 and HAProxy (scripts/cluster): `npm run test:cluster`.
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          // One server takes every request in turn; a second file at once would only slow both.
          fileParallelism: false,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
