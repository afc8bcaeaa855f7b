import type { Rollup } from 'vite';
import { addCompileHint, COMPILE_HINT, importedNames, usedParts } from './app-chunk';

const moduleInfo = (id: string, fields: Partial<Rollup.ModuleInfo>) =>
  ({ id, code: '', importedIds: [], exports: [], ...fields }) as unknown as Rollup.ModuleInfo;

describe('the app chunk: what the app takes from a barrel', () => {
  it('reads the names imported from a package, under their own names', () => {
    const code = `import { formatSom, cartTotals as totals } from "@shop/common";\nimport {\n  Menu,\n  X\n} from 'lucide-react';\nimport { other } from "@shop/common-extra";`;
    expect(importedNames(code, '@shop/common')).toEqual(['formatSom', 'cartTotals']);
    expect(importedNames(code, 'lucide-react')).toEqual(['Menu', 'X']);
  });

  it('follows only the parts exporting a name the app uses, never a namespace of them all', () => {
    const modules = {
      '/c/src/pricing.ts': moduleInfo('/c/src/pricing.ts', { exports: ['formatSom', 'unitPrice'] }),
      '/c/src/schemas.ts': moduleInfo('/c/src/schemas.ts', { exports: ['productSchema'] }),
      '/i/icons/index.mjs': moduleInfo('/i/icons/index.mjs', { exports: ['Menu', 'Truck'] }),
      '/i/icons/menu.mjs': moduleInfo('/i/icons/menu.mjs', { exports: ['default', '__iconNode'] }),
      '/i/icons/hand-menu.mjs': moduleInfo('/i/icons/hand-menu.mjs', { exports: ['default'] }),
    };
    const info = (id: string) => modules[id as keyof typeof modules] ?? null;
    const common = moduleInfo('/c/src/index.ts', {
      code: 'export * from "./pricing.js";\nexport * from "./schemas.js";',
      importedIds: ['/c/src/pricing.ts', '/c/src/schemas.ts'],
    });
    expect(usedParts(common, new Set(['formatSom']), info)).toEqual(['/c/src/pricing.ts']);
    const icons = moduleInfo('/i/lucide-react.mjs', {
      code: [
        "import * as index from './icons/index.mjs';",
        'export { index as icons };',
        "export { default as HandMenu } from './icons/hand-menu.mjs';",
        "export { default as LucideMenu, default as Menu } from './icons/menu.mjs';",
      ].join('\n'),
      importedIds: ['/i/icons/index.mjs', '/i/icons/hand-menu.mjs', '/i/icons/menu.mjs'],
    });
    expect(usedParts(icons, new Set(['Menu']), info)).toEqual(['/i/icons/menu.mjs']);
  });
});

describe("the app chunk: V8's compile hint", () => {
  it('is the first line of the chunk, and the source map follows the code one line down', () => {
    const chunk = { fileName: 'assets/app-x.js', code: 'const a=1;\nexport{a};' } as Rollup.OutputChunk;
    const map = {
      type: 'asset',
      fileName: 'assets/app-x.js.map',
      source: '{"version":3,"mappings":"AAAA;AACA"}',
    };
    const bundle = { [chunk.fileName]: chunk, [map.fileName]: map } as unknown as Rollup.OutputBundle;
    addCompileHint(chunk, bundle);
    expect(chunk.code.split('\n')).toEqual([COMPILE_HINT, 'const a=1;', 'export{a};']);
    expect(JSON.parse(map.source)).toEqual({ version: 3, mappings: ';AAAA;AACA' });
  });

  it('leaves a build without source maps as it is', () => {
    const chunk = { fileName: 'assets/app-x.js', code: 'x' } as Rollup.OutputChunk;
    addCompileHint(chunk, { [chunk.fileName]: chunk } as unknown as Rollup.OutputBundle);
    expect(chunk.code).toBe(`${COMPILE_HINT}\nx`);
  });
});
