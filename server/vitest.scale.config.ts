import { defineConfig } from 'vitest/config';

// `npm run test:scale`: three compiled shop processes behind nginx on one PostgreSQL database and
// one Redis (server/scale/). One file at a time: the scenarios share the machine's two cores.
export default defineConfig({
  test: {
    name: 'scale',
    environment: 'node',
    include: ['scale/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
