import { defineConfig } from 'vitest/config';
import { SeededListsFirst } from './support/sequencer.ts';

/** Browser tests: real Chromium against the built web app and the whole local stack. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/globalSetup.ts'],
    setupFiles: ['support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Two cores: one browser at a time keeps timings stable and the shared data predictable.
    fileParallelism: false,
    // Each file in a fresh module graph cost 2-6 s of setup and imports (playwright, axe, the OpenAPI checker
    // compiled again) before its first test: 51 files, over 3 minutes of a CI run. The support modules keep no
    // state across tests (setup.ts's hooks clear it after each), and setup files still run for every file.
    isolate: false,
    // The same order on every box: see the sequencer.
    sequence: { sequencer: SeededListsFirst },
  },
});
