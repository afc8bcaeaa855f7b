import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES, REACT_LIBRARIES } from './build/preact-aliases.ts';

const dependency = (file: string) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));

export default defineProject({
  plugins: [react()],
  // The components are tested on what ships: Preact's compatibility layer (decision 027).
  resolve: {
    // The libraries' ES modules (their `node` builds are CommonJS, which `require` React past the
    // aliases).
    conditions: ['module', 'development'],
    alias: [
      ...PREACT_ALIASES,
      // Their ES modules: the CommonJS builds would `require` React past the aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: dependency('@testing-library/react/dist/@testing-library/react.esm.js'),
      },
      { find: /^react-redux$/, replacement: dependency('react-redux/dist/react-redux.mjs') },
      {
        find: /^use-sync-external-store\/with-selector(\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/testing/use-sync-external-store-with-selector.ts', import.meta.url),
        ),
      },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    server: { deps: { inline: REACT_LIBRARIES } },
    // jsdom with user-event runs several times slower when the two cores are busy.
    testTimeout: 15_000,
  },
});
