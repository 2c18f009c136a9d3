import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser tests have their own config (e2e/vitest.config.ts); infra/ has its own. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // A guard against a hang, not a budget: the OpenAPI agreement and the mail resizing take 3-7 s of CPU on
          // a 2-core machine running the API tests beside them, over Vitest's 5 s default.
          testTimeout: 30_000,
          include: [
            'contracts/test/**/*.test.ts',
            'web/test/**/*.test.ts',
            'web/test/**/*.test.tsx',
            'local/test/**/*.test.ts',
            'functions/test/unit/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['functions/test/api/**/*.test.ts'],
          globalSetup: ['functions/test/api/globalSetup.ts'],
          setupFiles: ['functions/test/api/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The tests share one stack and its data; one file at a time keeps their assertions exact.
          fileParallelism: false,
          // In one module graph: a fresh one for each of ≈ 100 files cost over 2 minutes of imports in a CI run.
          // The helpers keep only caches (the OpenAPI checker, a counter); setup.ts runs again for each file.
          isolate: false,
        },
      },
    ],
  },
});
