import { defineConfig } from 'vitest/config';

// Runs only the infrastructure tests (the repo's other vitest configs never see infra/).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
