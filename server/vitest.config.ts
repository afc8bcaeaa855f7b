import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    // Each test file opens its own copy of a migrated database; PGlite starts in about half a second.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
