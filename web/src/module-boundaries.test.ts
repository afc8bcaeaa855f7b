import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint config, run over code placed at a path inside web/src. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'web/module-boundaries');
}

const messages = async (file: string, code: string) =>
  (await boundaryErrors(file, code)).map((error) => error.message);

describe('web module boundaries (eslint.config.js)', () => {
  it('refuses a feature importing another feature or the app', async () => {
    expect(
      await messages(
        'storefront/cart/lib/example.ts',
        "import '../../checkout/components/checkout-modal';\nimport '../../../app/routes';\n",
      ),
    ).toEqual([
      expect.stringContaining('storefront/cart imports storefront/checkout'),
      expect.stringContaining('storefront/cart imports app/'),
    ]);
    expect(await messages('back-office/orders/example.ts', "import '../users/api/users-api';\n")).toEqual([
      expect.stringContaining('back-office/orders imports back-office/users'),
    ]);
  });

  it('keeps the storefront and the back office apart, both ways', async () => {
    expect(
      await messages('storefront/home/example.ts', "import '../../back-office/components/styles';\n"),
    ).toEqual([expect.stringContaining('storefront/home imports back-office/components')]);
    expect(
      await messages('back-office/back-office-app.tsx', "import '../storefront/shell/footer';\n"),
    ).toEqual([expect.stringContaining('back-office imports storefront/shell')]);
  });

  it('refuses lib/ and components/ importing an entity or a feature, also through a test mock', async () => {
    expect(await boundaryErrors('lib/example.ts', "import '../storefront/auth/login-page';\n")).toHaveLength(
      1,
    );
    expect(await boundaryErrors('lib/example.ts', "import '../entities/cart/cart-slice';\n")).toHaveLength(1);
    expect(
      await boundaryErrors('components/example.test.ts', "vi.mock('../storefront/cart/cart-page');\n"),
    ).toHaveLength(1);
  });

  it('lets entities use shared code and the entities below them, never an app', async () => {
    const allowed = await boundaryErrors(
      'entities/product/example.ts',
      "import '../saved/use-saved';\nimport '../cart/cart-slice';\nimport '../../lib/api';\nimport '../../components/ui/modal';\n",
    );
    expect(allowed).toEqual([]);
    expect(await messages('entities/cart/example.ts', "import '../product/product-card';\n")).toEqual([
      expect.stringContaining('entities/cart imports entities/product'),
    ]);
    expect(
      await messages('entities/session/example.ts', "import '../../storefront/auth/login-page';\n"),
    ).toEqual([expect.stringContaining('entities/session imports storefront/auth')]);
  });

  it('lets a feature use itself, entities and shared code, and the apps compose their features', async () => {
    const feature = await boundaryErrors(
      'storefront/products/components/example.ts',
      "import '../lib/listing-params';\nimport '../../../lib/api';\nimport '../../../entities/product/product-card';\n",
    );
    const staff = await boundaryErrors(
      'back-office/orders/components/example.ts',
      "import '../../components/styles';\nimport '../../lib/list-place';\nimport '../../../entities/session/session-slice';\n",
    );
    const app = await boundaryErrors('app/example.ts', "import '../storefront/cart/cart-page';\n");
    const backOffice = await boundaryErrors(
      'back-office/back-office-app.tsx',
      "import './orders/orders-page';\n",
    );
    expect([...feature, ...staff, ...app, ...backOffice]).toEqual([]);
  });
});
