import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: the security tests plus the load and fault runs. One file at a time,
// so a load figure is never measured while another file competes for the two cores.
export default defineConfig({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['src/security/**/*.test.ts', 'src/ops/backup.test.ts', 'reliability/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
