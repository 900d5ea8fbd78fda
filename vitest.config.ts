import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
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
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['src-renderer/**/*.test.{ts,tsx}', 'tests/desktop/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src-renderer/testing/setup.ts'],
          // Tests that wait on real timers (retries, debounces) run beside the API suites in CI: on a
          // slow two-core machine 5 s was not always enough for a test whose own waits take 0.1 s.
          testTimeout: 15_000,
        },
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
