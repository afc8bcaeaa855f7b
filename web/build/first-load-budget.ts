import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import budget from '../first-load-budget.json' with { type: 'json' };

/** What precompress.mjs leaves uncompressed (and the server then sends as it is). */
const PRECOMPRESS_MIN_BYTES = 1024;
const KB = 1024;

/** A file's bytes as the server sends them to a browser that takes brotli (scripts/precompress.mjs). */
export function servedBytes(code: string | Uint8Array): number {
  const data = typeof code === 'string' ? Buffer.from(code) : code;
  if (data.length < PRECOMPRESS_MIN_BYTES) return data.length;
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** A storefront page: a route module under src/storefront or src/app named `…-page.tsx` or `…-route.tsx`. */
export const isStorefrontPage = (source: string) =>
  /^src\/(storefront|app)\/.+-(page|route)\.tsx$/.test(source);

/** The most any storefront page may load, the forms' pages as the catalogue's. */
export const PAGE_BUDGET = budget.budgetKB * KB;

export interface FirstLoad {
  page: string;
  bytes: number;
  budget: number;
  files: { file: string; bytes: number }[];
}

/**
 * Each storefront page's first load, as the server names it (app/entry-server.tsx): the entry
 * chunk, and the chunks the app (`app`, its source) and the page's module import statically.
 */
export function firstLoads(chunks: Rollup.OutputChunk[], root: string, app: string): FirstLoad[] {
  const source = (chunk: Rollup.OutputChunk) => chunk.facadeModuleId?.replace(`${root}/`, '') ?? '';
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const sizes = new Map<string, number>();
  const size = (chunk: Rollup.OutputChunk) => {
    if (!sizes.has(chunk.fileName)) sizes.set(chunk.fileName, servedBytes(chunk.code));
    return sizes.get(chunk.fileName)!;
  };
  const closure = (start: Rollup.OutputChunk[]) => {
    const seen = new Set<Rollup.OutputChunk>();
    const visit = (chunk: Rollup.OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      chunk.imports.forEach((file) => visit(byFile.get(file)));
    };
    start.forEach(visit);
    return seen;
  };
  const shared = chunks.filter((chunk) => chunk.isEntry || source(chunk) === app);
  return chunks
    .filter((chunk) => chunk.isDynamicEntry && isStorefrontPage(source(chunk)))
    .map((page) => {
      const files = [...closure([...shared, page])].map((chunk) => ({
        file: chunk.fileName,
        bytes: size(chunk),
      }));
      return {
        page: source(page),
        bytes: files.reduce((sum, file) => sum + file.bytes, 0),
        budget: PAGE_BUDGET,
        files: files.sort((a, b) => b.bytes - a.bytes),
      };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The build's report, and what it says when a page is over. */
export function budgetReport(loads: FirstLoad[]): { table: string; over: string[] } {
  const table = loads
    .map((load) => `  ${load.page.padEnd(56)} ${kb(load.bytes).padStart(9)} of ${kb(load.budget)}`)
    .join('\n');
  const over = loads
    .filter((load) => load.bytes > load.budget)
    .map(
      (load) =>
        `${load.page} loads ${kb(load.bytes)} of JavaScript (brotli) before it is interactive, over its ${kb(load.budget)} (web/first-load-budget.json): ${load.files
          .slice(0, 5)
          .map((file) => `${file.file} ${kb(file.bytes)}`)
          .join(
            ', ',
          )}. Load what the page does not need at first with React.lazy or a later part (lib/later-part.ts); see decision 027.`,
    );
  return { table, over };
}

/**
 * Fails the browser build when a storefront page's first load is over its budget
 * (web/first-load-budget.json), so a screen that would make the shop slow on a cheap phone is
 * caught where it is written, not measured months later.
 */
export function firstLoadBudget(root: string, app: string): Plugin {
  return {
    name: 'shop:first-load-budget',
    apply: 'build',
    generateBundle: {
      // After the app chunk's compile hint (build/app-chunk.ts): the bytes as written.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const { table, over } = budgetReport(firstLoads(chunks, root, app));
        this.info(`first load of each storefront page (brotli, as served):\n${table}`);
        if (over.length) this.error(over.join('\n'));
      },
    },
  };
}
