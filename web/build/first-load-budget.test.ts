import { randomBytes } from 'node:crypto';
import type { Rollup } from 'vite';
import { PAGE_BUDGET, budgetReport, firstLoads, isStorefrontPage, servedBytes } from './first-load-budget';

const ROOT = '/shop/web';
const chunk = (fileName: string, fields: Partial<Rollup.OutputChunk>) =>
  ({
    fileName,
    code: 'x',
    imports: [],
    isEntry: false,
    isDynamicEntry: false,
    ...fields,
  }) as Rollup.OutputChunk;
/** Code that brotli cannot shrink, so a chunk's served size is about its length. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('latin1');

describe('the first-load budget of the storefront pages', () => {
  it('counts a file as the server sends it: brotli from 1 KB up, as it is below', () => {
    expect(servedBytes('a'.repeat(1023))).toBe(1023);
    expect(servedBytes('a'.repeat(4096))).toBeLessThan(100);
  });

  it('knows the storefront pages by their module names, never the back office', () => {
    expect(isStorefrontPage('src/storefront/home/home-page.tsx')).toBe(true);
    expect(isStorefrontPage('src/app/cart-route.tsx')).toBe(true);
    expect(isStorefrontPage('src/storefront/privacy/privacy-page.tsx')).toBe(true);
    expect(isStorefrontPage('src/back-office/back-office-app.tsx')).toBe(false);
    expect(isStorefrontPage('src/storefront/shell/components/footer.tsx')).toBe(false);
    expect(PAGE_BUDGET).toBe(90 * 1024);
  });

  it("sums the entry, the app's chunks and the page's own, each file once, and fails a page over its budget", () => {
    const chunks = [
      chunk('assets/entry.js', { isEntry: true, code: incompressible(2_000) }),
      chunk('assets/hydrate.js', {
        isDynamicEntry: true,
        facadeModuleId: `${ROOT}/src/app/hydrate.tsx`,
        imports: ['assets/app.js'],
        code: incompressible(1_000),
      }),
      chunk('assets/app.js', { code: incompressible(70_000) }),
      chunk('assets/price.js', { code: incompressible(3_000), imports: ['assets/app.js'] }),
      chunk('assets/home.js', {
        isDynamicEntry: true,
        facadeModuleId: `${ROOT}/src/storefront/home/home-page.tsx`,
        imports: ['assets/app.js', 'assets/price.js'],
        code: incompressible(5_000),
      }),
      chunk('assets/privacy.js', {
        isDynamicEntry: true,
        facadeModuleId: `${ROOT}/src/storefront/privacy/privacy-page.tsx`,
        imports: ['assets/app.js', 'assets/consent.js'],
        code: incompressible(4_000),
      }),
      chunk('assets/consent.js', { code: incompressible(15_000) }),
      // The cart asks for its checkout (and the schema's zod) once it is up: not its first load.
      chunk('assets/cart.js', {
        isDynamicEntry: true,
        facadeModuleId: `${ROOT}/src/app/cart-route.tsx`,
        imports: ['assets/app.js', 'assets/price.js'],
        dynamicImports: ['assets/checkout.js'],
        code: incompressible(6_000),
      }),
      chunk('assets/checkout.js', {
        isDynamicEntry: true,
        facadeModuleId: `${ROOT}/src/storefront/checkout/components/checkout-modal.tsx`,
        imports: ['assets/app.js', 'assets/zod.js'],
        code: incompressible(20_000),
      }),
      chunk('assets/zod.js', { code: incompressible(25_000) }),
      chunk('assets/back-office.js', {
        isDynamicEntry: true,
        facadeModuleId: `${ROOT}/src/back-office/back-office-app.tsx`,
        code: incompressible(200_000),
      }),
    ];
    const loads = firstLoads(chunks, ROOT, 'src/app/hydrate.tsx');
    expect(loads.map((load) => load.page)).toEqual([
      'src/app/cart-route.tsx',
      'src/storefront/home/home-page.tsx',
      'src/storefront/privacy/privacy-page.tsx',
    ]);
    const [cart, home, privacy] = loads;
    expect(loads.map((load) => load.budget)).toEqual([90 * 1024, 90 * 1024, 90 * 1024]);
    expect(cart!.files.map((file) => file.file)).not.toContain('assets/checkout.js');
    expect(cart!.files.map((file) => file.file)).not.toContain('assets/zod.js');
    expect(cart!.bytes).toBeLessThan(90 * 1024);
    expect(home!.files.map((file) => file.file).sort()).toEqual(
      ['assets/app.js', 'assets/entry.js', 'assets/home.js', 'assets/hydrate.js', 'assets/price.js'].sort(),
    );
    expect(home!.bytes).toBeGreaterThan(81_000);
    expect(home!.bytes).toBeLessThan(90 * 1024);
    expect(privacy!.bytes).toBeGreaterThan(90 * 1024);
    const { table, over } = budgetReport(loads);
    expect(table).toContain('src/storefront/home/home-page.tsx');
    expect(over).toHaveLength(1);
    expect(over[0]).toMatch(
      /^src\/storefront\/privacy\/privacy-page\.tsx loads 9\d\.\d KB .* over its 90\.0 KB/,
    );
    expect(over[0]).toContain('assets/app.js');
  });
});
