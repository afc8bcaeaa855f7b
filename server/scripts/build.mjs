// Bundles the server into dist/ for `npm start`: plain JavaScript that `node` runs without a
// TypeScript loader. The workspace package @shop/common (TypeScript sources) is bundled in;
// every other package stays an import from node_modules (native addons, PGlite's wasm files).
import { build } from 'esbuild';

const keepPackagesExternal = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@shop/common' || args.path.startsWith('@shop/common/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await build({
  entryPoints: {
    main: 'src/main.ts',
    'create-admin': 'src/scripts/create-admin.ts',
    seed: 'src/scripts/seed.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [keepPackagesExternal],
  logLevel: 'warning',
});
console.log(`server built into server/dist in ${Date.now() - started} ms`);
