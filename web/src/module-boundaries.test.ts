import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint config, run over code placed at a path inside web/src. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'web/module-boundaries');
}

describe('web module boundaries (eslint.config.js)', () => {
  it('refuses a feature importing another feature or the app', async () => {
    const errors = await boundaryErrors(
      'features/cart/lib/example.ts',
      "import '../../checkout/components/checkout-modal';\nimport '../../../app/routes';\n",
    );
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('features/cart imports features/checkout'),
      expect.stringContaining('features/cart imports app/'),
    ]);
  });

  it('refuses lib/ and components/ importing a feature, also through a test mock', async () => {
    expect(await boundaryErrors('lib/example.ts', "import '../features/auth/login-page';\n")).toHaveLength(1);
    expect(
      await boundaryErrors('components/example.test.ts', "vi.mock('../features/cart/cart-page');\n"),
    ).toHaveLength(1);
  });

  it('lets a feature use itself, lib/ and components/, and the app compose features', async () => {
    const feature = await boundaryErrors(
      'features/products/components/example.ts',
      "import '../lib/listing-params';\nimport '../../../lib/api';\nimport '../../../components/product-card';\n",
    );
    const app = await boundaryErrors('app/example.ts', "import '../features/cart/cart-page';\n");
    expect([...feature, ...app]).toEqual([]);
  });
});
