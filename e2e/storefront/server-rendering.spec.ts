import type { APIRequestContext } from '@playwright/test';
import { formatSom, unitPrice, type Paged, type Product } from '@shop/common';
import { expect, HYDRATED, test } from '../fixtures';

/** A demo product in stock with a colour, as the shop sells it now. */
async function someProduct(request: APIRequestContext): Promise<Product> {
  const response = await request.get('/api/products?limit=50');
  const page = (await response.json()) as Paged<Product>;
  return page.docs.find((product) => product.stock > 0 && product.color.length > 0)!;
}

/** The name a storefront in this language shows: the translation, else the Uzbek name. */
const nameIn = (product: Product, language: 'uz' | 'ru' | 'en') =>
  language === 'uz' ? product.name : (product.translations[language]?.name ?? product.name);

const LANGUAGES = [
  { language: 'uz', addToCart: 'Savatga qoʻshish', locale: 'uz_UZ' },
  { language: 'ru', addToCart: 'В корзину', locale: 'ru_RU' },
] as const;

for (const { language, addToCart, locale } of LANGUAGES) {
  test.describe(`product page from the server (${language})`, () => {
    test.use({ storefrontLanguage: language });

    test('shows the content and the price with JavaScript disabled', async ({
      browser,
      request,
      baseURL,
    }) => {
      const product = await someProduct(request);
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
      const page = await context.newPage();
      const response = await page.goto(`/product/${product._id}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(nameIn(product, language));
      await expect(page.locator('main')).toContainText(formatSom(unitPrice(product), language));
      await expect(page.getByRole('button', { name: addToCart })).toBeVisible();
      await expect(page).toHaveTitle(
        `${nameIn(product, language)} — ${formatSom(unitPrice(product), language)} | Mebel Shop`,
      );
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', locale);
      await context.close();
    });

    test('hydrates without console errors and adds to the cart', async ({ page, request }) => {
      const product = await someProduct(request);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const productRequests: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === `/api/products/${product._id}`) productRequests.push(sent.url());
      });
      await page.goto(`/product/${product._id}`);
      await expect(page.locator(HYDRATED)).toBeAttached();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      if (product.color.length > 1) await page.locator('label:has(input[name="color"])').first().click();
      await page.getByRole('button', { name: addToCart }).click();
      await expect(page.getByTestId('cart-badge')).toHaveText('1');
      // The page's data came with the HTML: the browser did not ask for the product again.
      expect(productRequests).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}

test('navigating in the app updates the title and canonical link', async ({ page, request }) => {
  const product = await someProduct(request);
  await page.goto('/products');
  await expect(page).toHaveTitle(/All products \| Mebel Shop/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('kreslo');
  await expect(page).toHaveTitle('Search: “kreslo” — All products | Mebel Shop');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(page).toHaveTitle('All products | Mebel Shop');
  await page.locator(`a[href="/product/${product._id}"]`).first().click();
  await expect(page).toHaveTitle(
    new RegExp(`^${nameIn(product, 'en').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `),
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/product/${product._id}\\?lang=en$`),
  );
});

test('an unknown product answers 404, then the app goes to the listing', async ({ page }) => {
  const response = await page.goto('/product/000000000000000000000000');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/products$/);
});

test('the cart kept in the browser shows after the page hydrates', async ({ page, request }) => {
  const product = await someProduct(request);
  await page.goto('/');
  await page.evaluate((saved) => {
    localStorage.setItem(
      'cartState',
      JSON.stringify({
        items: [
          {
            key: `${saved._id}-${saved.color[0]}`,
            product: saved,
            quantity: 2,
            selectedColor: saved.color[0],
          },
        ],
        total: 0,
      }),
    );
  }, product);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/empty/i);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});
