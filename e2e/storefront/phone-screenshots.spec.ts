import { expect, test } from '../fixtures';

// The fixed screens at 390 px in Uzbek and Russian. DOCS_SCREENSHOTS=1 refreshes the copies kept
// in docs/screenshots (docs/decisions/021); other runs leave them and write to test-results.
const SHOTS = process.env.DOCS_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots';
const WORDS = {
  uz: { addToCart: 'Savatga qoʻshish', currency: 'soʻm', wrong: /so'm|сум/ },
  ru: { addToCart: 'В корзину', currency: 'сум', wrong: /so['ʻ]m/ },
} as const;

for (const language of ['uz', 'ru'] as const) {
  test.describe(`${language} at 390 px`, () => {
    test.use({ storefrontLanguage: language, viewport: { width: 390, height: 844 } });

    test('home, product and cart, with prices in the language’s own word for so’m', async ({
      page,
      request,
    }) => {
      const words = WORDS[language];
      await page.goto('/');
      await expect(page.locator('article').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/home-${language}-390.png` });

      const list = await request.get('/api/products?limit=50');
      const { docs } = (await list.json()) as { docs: { _id: string; color: string[]; stock: number }[] };
      const product = docs.find((doc) => doc.stock > 0 && doc.color.length > 0)!;
      await page.goto(`/product/${product._id}`);
      await expect(page.locator('main')).toContainText(words.currency);
      await page.getByRole('group').getByRole('radio').first().check({ force: true });
      await page.getByRole('button', { name: words.addToCart }).click();
      await expect(page.getByTestId('cart-badge')).toHaveText('1');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.screenshot({ path: `${SHOTS}/product-${language}-390.png` });

      await page.goto('/cart');
      await expect(page.getByTestId('cart-total')).toContainText(words.currency);
      await expect(page.locator('main')).not.toContainText(words.wrong);
      await page.screenshot({ path: `${SHOTS}/cart-${language}-390.png` });
    });
  });
}
