import {
  ADMIN,
  apiLogin,
  expect,
  expectNoSeriousA11yViolations,
  loginAs,
  test,
  uniquePhone,
} from '../fixtures';
import { apiSignUp, enterCode } from '../sms';
import { toast } from './helpers';

interface ListedProduct {
  _id: string;
  name: string;
  color: string[];
  stock: number;
  translations?: { en?: { name?: string } };
}

/** The name an English storefront shows (the catalogue's translation, else the Uzbek name). */
const shown = (product: ListedProduct) => product.translations?.en?.name ?? product.name;

// Two long journeys each (sign-up, merge, API set-up, a review, the back office): three times the
// default time, so a loaded CI machine does not cut them short.
test.slow();

async function twoProducts(request: import('@playwright/test').APIRequestContext) {
  const response = await request.get('/api/products?limit=20&sort=price_asc');
  const docs = ((await response.json()) as { docs: ListedProduct[] }).docs;
  return docs.filter((product) => product.stock > 0 && product.color.length > 0).slice(0, 2);
}

test('a guest saves two products, signs up, and finds them saved on the account', async ({
  page,
  request,
}) => {
  const [first, second] = await twoProducts(request);
  await page.goto('/');
  for (const product of [first!, second!]) {
    await page.goto(`/products?search=${encodeURIComponent(product.name)}`);
    const heart = page.getByRole('button', { name: `Save ${shown(product)}`, exact: true }).first();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page).filter({ hasText: `Saved: ${product.name}` })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Saved, 2 products' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]'))).toEqual([
    first!._id,
    second!._id,
  ]);

  const phone = uniquePhone();
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Nodira Saidova');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm password').fill('secret1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await enterCode(page, test.info(), phone);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).not.toHaveURL(/\/signup$/);
  // Sign-up may sign in by itself; otherwise the shopper logs in. The merge runs at either.
  if (/\/login$/.test(page.url())) await loginAs(page, phone, 'secret1');

  await page.getByRole('link', { name: 'Saved, 2 products' }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole('heading', { name: 'Saved' })).toBeVisible();
  // Newest first.
  const names = page.locator('article h3');
  await expect(names).toHaveText([shown(second!), shown(first!)]);
  await expectNoSeriousA11yViolations(page);

  // The account holds them now; the browser's copy is emptied.
  const token = await apiLogin(request, phone, 'secret1');
  const saved = await request.get('/api/me/wishlist', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await saved.json()) as { docs: ListedProduct[] }).docs.map((p) => p._id)).toEqual([
    second!._id,
    first!._id,
  ]);
  expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBe('[]');

  // Unsaving on the saved page takes the product off the list.
  await page.getByRole('button', { name: `Save ${shown(first!)}`, exact: true }).click();
  await expect(names).toHaveText([shown(second!)]);
  await expect(page.getByRole('link', { name: 'Saved, 1 product' })).toBeVisible();
});

test('a buyer reviews a product once staff confirm the order; the card shows the new average; staff hide it', async ({
  page,
  request,
}) => {
  const [product] = await twoProducts(request);
  const phone = uniquePhone();
  const signUp = await apiSignUp(request, test.info(), {
    fullName: 'Jasur Tursunov',
    phoneNumber: phone,
    password: 'secret1',
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const placed = await request.post('/api/orders', {
    data: {
      customerName: 'Jasur Tursunov',
      phoneNumber: phone,
      items: [{ productId: product!._id, quantity: 1, color: product!.color[0] }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { _id: string })._id;

  await loginAs(page, phone, 'secret1');
  await page.goto(`/product/${product!._id}`);
  const reviews = page.locator('#reviews');
  // A new order is not yet a sale.
  await expect(
    reviews.getByText('You can review this product once your order with it has been confirmed.'),
  ).toBeVisible();
  await expect(page.getByText('No reviews yet').first()).toBeVisible();

  // Staff confirm the order by phone (through the API, as the back office does).
  const staff = { Authorization: `Bearer ${await apiLogin(request, ADMIN.phone, ADMIN.password)}` };
  const confirmed = await request.patch(`/api/orders/${orderId}`, {
    headers: staff,
    data: { status: 'ordered' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.reload();
  const form = page.getByRole('form', { name: 'Write a review' });
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(form.getByText('Choose from 1 to 5 stars.')).toBeVisible();
  await expect(form.getByText('Write at least 3 characters.')).toBeVisible();
  // Keyboard: focus the first star, move to the fourth.
  await form.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Your review').fill('Mustahkam va qulay <b>tavsiya qilaman</b>');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(toast(page).filter({ hasText: 'Thank you! Your review is published.' })).toBeVisible();

  // Shown as text, with the author as first name and initial.
  await expect(reviews.getByText('Mustahkam va qulay <b>tavsiya qilaman</b>').first()).toBeVisible();
  await expect(reviews.getByText('Jasur T.').first()).toBeVisible();
  await expect(reviews.getByText('Your review', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' }).first()).toBeVisible();

  // The card in the listing shows the real average now.
  await page.goto(`/products?search=${encodeURIComponent(product!.name)}`);
  const card = page.locator('article', {
    has: page.getByRole('link', { name: shown(product!), exact: true }),
  });
  await expect(card.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeVisible();

  // Staff hide it in the back office: it leaves the average.
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/reviews');
  await page.getByLabel('Status').selectOption('published');
  const row = page.getByRole('row', { name: /Jasur T\./ });
  await expect(row.getByRole('link', { name: shown(product!) })).toHaveAttribute(
    'href',
    `/product/${product!._id}`,
  );
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: 'Hide the review by Jasur T.' }).click();
  await expect(toast(page).filter({ hasText: 'Review hidden' })).toBeVisible();
  await page.getByLabel('Status').selectOption('hidden');
  await expect(page.getByRole('row', { name: /Jasur T\./ })).toContainText('Hidden');

  await page.goto(`/products?search=${encodeURIComponent(product!.name)}`);
  await expect(card.getByText('No reviews yet')).toBeVisible();
});
