import type { Plugin, Rollup } from 'vite';

/**
 * Packages the app reaches through one index that re-exports far more than it uses. Followed
 * whole, they would pull every schema and every icon into the app's chunk; only the parts whose
 * names the app imports are followed.
 */
const BARRELS = ['@shop/common', 'lucide-react'];

/** A module path without its extension: a TypeScript barrel names `./pricing.js` for `pricing.ts`. */
const stem = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** `a`, `b as c` → the name on the left (`imported`) or on the right (`exported`). */
const specifiers = (list: string, side: 'imported' | 'exported') =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .map((names) => (side === 'imported' ? names[0] : names.at(-1)) ?? '')
    .filter(Boolean);

/** The names `code` (already plain JavaScript) imports from `specifier`. */
export const importedNames = (code: string, specifier: string) =>
  [
    ...code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escaped(specifier)}["']`, 'g')),
  ].flatMap((match) => specifiers(match[1] ?? '', 'imported'));

/**
 * The parts of a barrel exporting one of `names`: an `export { x as Y } from` part by the names it
 * is given there, an `export * from` part by its own exports. A part re-exported another way (a
 * namespace of every icon) is never followed.
 */
export function usedParts(
  barrel: Rollup.ModuleInfo,
  names: Set<string>,
  info: (id: string) => Rollup.ModuleInfo | null,
) {
  const code = barrel.code ?? '';
  const named = [...code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/([^"']+)["']/g)].map((match) => ({
    file: stem(`/${match[2]}`),
    names: specifiers(match[1] ?? '', 'exported'),
  }));
  const starred = [...code.matchAll(/export\s*\*\s*from\s*["']\.\/([^"']+)["']/g)].map((match) =>
    stem(`/${match[1]}`),
  );
  return barrel.importedIds.filter((part) => {
    const exported =
      named.find(({ file }) => stem(part).endsWith(file))?.names ??
      (starred.some((file) => stem(part).endsWith(file)) ? (info(part)?.exports ?? []) : []);
    return exported.some((name) => names.has(name));
  });
}

/**
 * V8's explicit compile hint (Chrome 136+): every function of the file is compiled while it
 * downloads, on a background thread, instead of on the main thread the first time it runs. Nearly
 * all of the app's chunk runs while the page hydrates; compiled lazily, that compiling held the main
 * thread ~100 ms at 4× CPU (decision 027, "Sixth pass"). Other browsers read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Puts the compile hint on the chunk's first line, and moves its source map's lines down by one. */
export function addCompileHint(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle): void {
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  const map = bundle[`${chunk.fileName}.map`];
  if (map?.type === 'asset' && typeof map.source === 'string') {
    const parsed = JSON.parse(map.source) as { mappings: string };
    map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
  }
}

/**
 * One chunk for everything the app (`entry`, src/app/hydrate.tsx) imports statically.
 * Every storefront page loads all of it; split by which lazy pages share each module, it was a
 * dozen chunks, each compressed on its own and asked for on its own (first-load budget, decision
 * 010). Returns the group for `output.codeSplitting.groups`, and the plugin that finds its modules.
 */
export function appChunk(entry: string): { plugin: Plugin; group: Rollup.CodeSplittingGroup } {
  const ids = new Set<string>();
  const plugin: Plugin = {
    name: 'shop:app-chunk',
    apply: 'build',
    async buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const app = [...this.getModuleIds()].find((id) => id.endsWith(entry));
      if (!app) return;
      const barrels = await Promise.all(
        BARRELS.map(async (specifier) => ({
          specifier,
          id: (await this.resolve(specifier, app))?.id,
          names: new Set<string>(),
        })),
      );
      // What the page's entry script imports statically stays with it: in the app's chunk it would
      // make the browser fetch the whole app with the page, before the first paint.
      const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry && id !== app);
      const withEntry = new Set<string>();
      for (let id = entries.pop(); id; id = entries.pop()) {
        if (withEntry.has(id)) continue;
        withEntry.add(id);
        entries.push(...(info(id)?.importedIds ?? []));
      }
      let pending = [app];
      while (pending.length > 0) {
        for (let id = pending.pop(); id; id = pending.pop()) {
          const module = info(id);
          if (!module || ids.has(id) || withEntry.has(id) || barrels.some((barrel) => barrel.id === id))
            continue;
          ids.add(id);
          for (const barrel of barrels)
            importedNames(module.code ?? '', barrel.specifier).forEach((name) => barrel.names.add(name));
          pending.push(...module.importedIds);
        }
        // Then the barrels' parts the app named, and what they import.
        pending = barrels
          .flatMap(({ id, names }) => {
            const barrel = id ? info(id) : null;
            return barrel ? usedParts(barrel, names, info) : [];
          })
          .filter((id) => !ids.has(id));
      }
      // The app's own module stays the chunk the entry imports, under its name in the manifest
      // (the server reads it there to preload the app with the page).
      ids.delete(app);
    },
    // Last of the plugins: Vite writes the chunk's list of preloads at its top in this hook too,
    // and the compile hint must be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // A module the app needs but missed above lands in a chunk that imports the app back: the
        // two would then run in the wrong order and the page would never become interactive.
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const appFile = chunks.find((chunk) => chunk.name === 'app');
        for (const chunk of chunks) {
          if (appFile && appFile.imports.includes(chunk.fileName) && chunk.imports.includes(appFile.fileName))
            this.error(
              `the app chunk and ${chunk.fileName} import each other (${chunk.moduleIds.join(', ')})`,
            );
        }
        if (appFile) addCompileHint(appFile, bundle);
      },
    },
  };
  return {
    plugin,
    group: { name: 'app', test: (id: string) => ids.has(id), includeDependenciesRecursively: false },
  };
}
