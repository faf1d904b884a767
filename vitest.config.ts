import { defineConfig } from 'vitest/config';

/** Kept apart from the React Router Vite config (docs/architecture.md §8). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: ['apps/api/test/ops/**', 'apps/api/test/redis/**'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The API suite's setup, beside the machine's Redis (TEST_REDIS_URL). scripts/test.mjs runs
        // it only when that is set, with the machine's services.
        test: {
          name: 'redis',
          include: ['apps/api/test/redis/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Real processes under faults (kill -9, a stalled database, SMTP and Redis faults, a
        // cluster behind a proxy). Run once, in the default run, one file at a time: each starts shops.
        test: {
          name: 'ops',
          include: ['apps/api/test/ops/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
