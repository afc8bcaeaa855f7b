import { fileURLToPath } from 'node:url';
import { defineConfig, type Rollup } from 'vite';

type RollupLog = Rollup.RollupLog;
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { appChunk } from './build/app-chunk.ts';
import { firstLoadBudget } from './build/first-load-budget.ts';
import { PREACT_ALIASES } from './build/preact-aliases.ts';

// `npm run dev` serves the API on PORT (3000 by default); the Vite dev server proxies to it.
const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Two builds (docs/decisions/010-server-rendering.md): the browser's (`vite build`, with a
 * manifest the server reads to name each page's files) into dist/client, and the server
 * renderer (`vite build --ssr src/app/entry-server.tsx`) into dist/server.
 */
/**
 * React Router's package exports name only its development build (its own Vite plugin swaps in
 * the production one); a build here asks for the production files by path (first-load budget,
 * decision 010).
 */
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * React Router reads React 19's `useOptimistic` by name and falls back when it is missing, as it is
 * in Preact's compat layer (decision 027): not a fault, so not a warning.
 */
const onwarn = (warning: RollupLog, warn: (log: RollupLog) => void) => {
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
  warn(warning);
};

const app = appChunk('/src/app/hydrate.tsx');
const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    app.plugin,
    ...(isSsrBuild ? [] : [firstLoadBudget(root, 'src/app/hydrate.tsx')]),
  ],
  resolve: {
    alias: [
      ...(command === 'build'
        ? [
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
          ]
        : []),
      ...PREACT_ALIASES,
    ],
  },
  // The server build bundles its dependencies (React, Redux, React Router) in their production
  // form: the server process does not set NODE_ENV, and their development checks cost per request.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/uploads': API_TARGET,
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', copyPublicDir: false, rollupOptions: { onwarn } }
    : {
        outDir: 'dist/client',
        target: 'es2022',
        manifest: true,
        // The back office is reached only through React.lazy(import('back-office/back-office-app')),
        // so it is its own chunks and never part of a storefront page's files.
        rollupOptions: {
          input: 'src/entry-client.tsx',
          onwarn,
          output: {
            // The app's own chunk (build/app-chunk.ts); the rest is split automatically.
            codeSplitting: { groups: [app.group] },
          },
        },
      },
}));
