import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import type { Paged, PrivacyDocument, Product } from '@shop/common';
import { ADMIN, apiLogin, expect, loginAs, test, uniquePhone } from '../fixtures';
import { apiSignUp, codesSentTo, enterCode } from '../sms';
import { toast } from './helpers';

async function privacyText(request: APIRequestContext): Promise<PrivacyDocument> {
  const response = await request.get('/api/privacy');
  expect(response.status()).toBe(200);
  return (await response.json()) as PrivacyDocument;
}

test('checkout shows the consent with the privacy link, and the order keeps the consent given', async ({
  page,
  request,
}) => {
  const privacy = await privacyText(request);
  const listing = (await (await request.get('/api/products?limit=50')).json()) as Paged<Product>;
  const product = listing.docs.find((item) => item.stock > 5 && item.color.length > 0)!;
  await page.goto(`/product/${product._id}`);
  if (product.color.length > 1) await page.locator('label:has(input[name="color"])').first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  const notice = dialog.getByTestId('consent-notice');
  await expect(notice).toContainText(
    'By placing the order you agree to the processing of your personal data',
  );
  await expect(notice.getByRole('link', { name: 'how we handle personal data' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await notice.getByText('Read the text here').click();
  await expect(notice).toContainText(privacy.text.en.split('\n\n')[1]!);

  await dialog.getByLabel('Full name').fill('Rozi Xaridor');
  await dialog.getByLabel('Phone number').fill(uniquePhone());
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=[0-9a-f]{24}&key=/);
  const orderId = new URL(page.url()).searchParams.get('order')!;

  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const orders = await request.get('/api/orders?limit=20&status=all', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const order = ((await orders.json()) as { docs: { _id: string; consent?: unknown }[] }).docs.find(
    (doc) => doc._id === orderId,
  );
  expect(order?.consent).toEqual({ version: privacy.version, at: expect.any(String) });
});

for (const language of ['ru', 'uz'] as const) {
  test(`/privacy is rendered by the server in the chosen language (${language}), scripts off`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const privacy = await privacyText(request);
    const [title, operator] = privacy.text[language].split('\n\n');
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    const page = await context.newPage();
    const response = await page.goto('/privacy');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await expect(page.locator('main')).toContainText(operator!);
    await context.close();
  });
}

test('the footer links the privacy page', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Personal data' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
});

test('a customer downloads their data, then deletes the account with an SMS code', async ({
  page,
  request,
}) => {
  test.slow();
  const phone = uniquePhone();
  const account = { fullName: 'Ozod Maxfiy', phoneNumber: phone, password: 'secret123' };
  const signedUp = await apiSignUp(request, test.info(), account);
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  await loginAs(page, phone, account.password);
  await page.goto('/portfolio');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { fullName: string; phoneNumber: string };
  };
  expect(data.account).toMatchObject({ fullName: 'Ozod Maxfiy', phoneNumber: phone });

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  const before = codesSentTo(test.info(), phone).length;
  await dialog.getByRole('button', { name: `Send a code to ${phone}` }).click();
  await enterCode(page, test.info(), phone, before);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(toast(page).filter({ hasText: 'Your account has been deleted' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const login = await request.post('/api/auth/login', {
    data: { phoneNumber: phone, password: 'secret123' },
  });
  expect(login.status()).toBe(401);
});
