import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_LIMITS, newId, type OrderStatus } from '@shop/common';
import { products, reviews } from '../../db/schema.js';
import {
  buildTestShop,
  createUser,
  insertProduct,
  type TestShop,
  type TestUser,
} from '../../test/test-app.js';

let shop: TestShop;
let manager: TestUser;

beforeAll(async () => {
  shop = await buildTestShop({
    rateLimits: { shopperWritesPerUserPerMinute: 1000 },
    // Buyers' orders placed from the one address inject uses: the order limits are not under test here.
    orderLimits: { enabled: false },
  });
  manager = await createUser(shop, 'manager');
});
afterAll(() => shop.close());

/** An order with the product on the customer's phone, moved by staff to `status`. */
async function orderFor(customer: TestUser, productId: string, status: OrderStatus): Promise<string> {
  const placed = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      customerName: 'Dilnoza Karimova',
      // Written the way a shopper types it at checkout: the same phone, other formatting.
      phoneNumber: `${customer.phoneNumber.slice(4, 6)} ${customer.phoneNumber.slice(6)}`,
      items: [{ productId, quantity: 1, color: 'oq' }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId: string = placed.json()._id;
  if (status !== 'new') await setOrderStatus(orderId, status);
  return orderId;
}

async function setOrderStatus(orderId: string, status: OrderStatus) {
  const response = await shop.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}`,
    headers: manager.headers,
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A customer (named as on their account) whose order with the product staff have confirmed. */
async function buyer(productId: string, fullName = 'Dilnoza Karimova'): Promise<TestUser> {
  const customer = await createUser(shop, 'customer', fullName);
  await orderFor(customer, productId, 'ordered');
  return customer;
}

function post(user: TestUser | undefined, productId: string, payload: unknown) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    headers: user?.headers ?? {},
    payload: payload as object,
  });
}

async function postOk(user: TestUser, productId: string, rating: number, text = 'Juda yaxshi mahsulot') {
  const response = await post(user, productId, { rating, text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function ratingOf(productId: string, user?: TestUser) {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/api/products/${productId}`,
    headers: user?.headers ?? {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rating;
}

function publicReviews(productId: string, query = '') {
  return shop.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews${query}` });
}

function setStatus(reviewId: string, status: unknown, user: TestUser = manager) {
  return shop.app.inject({
    method: 'PATCH',
    url: `/api/reviews/${reviewId}`,
    headers: user.headers,
    payload: { status },
  });
}

describe('who may review', () => {
  it('a customer whose order with the product was confirmed: 201, published at once', async () => {
    const product = await insertProduct(shop);
    const customer = await buyer(product.id);
    const review = await postOk(customer, product.id, 4, '  Parta mustahkam, bolalar xursand.  ');
    expect(review).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      rating: 4,
      text: 'Parta mustahkam, bolalar xursand.',
      author: 'Dilnoza K.',
      createdAt: expect.any(String),
    });
    const page = (await publicReviews(product.id)).json();
    expect(page).toMatchObject({ totalDocs: 1, docs: [review] });
    expect(await ratingOf(product.id)).toEqual({ average: 4, count: 1 });
  });

  it.each<[string, OrderStatus[]]>([
    ['no order at all', []],
    ['an order still new', ['new']],
    ['a cancelled order', ['cancelled']],
    ['an order confirmed, then cancelled', ['ordered', 'cancelled']],
  ])('not a customer with %s: 403 REVIEW_NOT_ALLOWED', async (_case, history) => {
    const product = await insertProduct(shop);
    const customer = await createUser(shop, 'customer');
    if (history.length > 0) {
      const orderId = await orderFor(customer, product.id, 'new');
      for (const status of history.filter((s) => s !== 'new')) await setOrderStatus(orderId, status);
    }
    const response = await post(customer, product.id, { rating: 5, text: 'Ajoyib mahsulot' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'REVIEW_NOT_ALLOWED', message: expect.any(String) });
    expect(await ratingOf(product.id)).toEqual({ average: null, count: 0 });
  });

  it('not for a confirmed order of another product, nor of another phone', async () => {
    const bought = await insertProduct(shop);
    const other = await insertProduct(shop);
    const customer = await buyer(bought.id);
    const stranger = await createUser(shop, 'customer');
    expect((await post(customer, other.id, { rating: 5, text: 'Ajoyib mahsulot' })).statusCode).toBe(403);
    expect((await post(stranger, bought.id, { rating: 5, text: 'Ajoyib mahsulot' })).statusCode).toBe(403);
  });

  it('not staff, even with a confirmed order on their phone; a guest must sign in', async () => {
    const product = await insertProduct(shop);
    const admin = await createUser(shop, 'admin');
    await orderFor(admin, product.id, 'ordered');
    const staff = await post(admin, product.id, { rating: 5, text: 'Ajoyib mahsulot' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe('REVIEW_NOT_ALLOWED');
    const guest = await post(undefined, product.id, { rating: 5, text: 'Ajoyib mahsulot' });
    expect(guest.statusCode).toBe(401);
  });

  it('once per product: a second review is 409 REVIEW_EXISTS and the rating is unchanged', async () => {
    const product = await insertProduct(shop);
    const customer = await buyer(product.id);
    await postOk(customer, product.id, 5);
    const again = await post(customer, product.id, { rating: 1, text: 'Fikrimni o‘zgartirdim' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REVIEW_EXISTS' });
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });
  });

  it('10 concurrent posts by one customer: exactly one 201 and nine 409, never a 500', async () => {
    const product = await insertProduct(shop);
    const customer = await buyer(product.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(customer, product.id, { rating: (i % 5) + 1, text: `Race ${i}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const stored = await shop.database.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(stored).toHaveLength(1);
    expect(await ratingOf(product.id)).toEqual({ average: stored[0]!.rating, count: 1 });
  });

  it('concurrent reviews by different buyers all count', async () => {
    const product = await insertProduct(shop);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => buyer(product.id)));
    const responses = await Promise.all(
      buyers.map((customer, i) => post(customer, product.id, { rating: (i % 5) + 1, text: 'Yaxshi parta' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    // Ratings 1, 2, 3, 4, 5, 1: 16 / 6 = 2.67
    expect(await ratingOf(product.id)).toEqual({ average: 2.7, count: 6 });
  });

  it('a paused, deleted or unknown product cannot be reviewed: 404', async () => {
    const product = await insertProduct(shop);
    const customer = await buyer(product.id);
    await shop.database.db.update(products).set({ status: 'onPaused' }).where(eq(products.id, product.id));
    const paused = await post(customer, product.id, { rating: 5, text: 'Ajoyib mahsulot' });
    expect(paused.statusCode).toBe(404);
    expect(paused.json().code).toBe('PRODUCT_NOT_FOUND');
    await shop.database.db
      .update(products)
      .set({ status: 'active', isDeleted: true })
      .where(eq(products.id, product.id));
    expect((await post(customer, product.id, { rating: 5, text: 'Ajoyib mahsulot' })).statusCode).toBe(404);
    expect((await post(customer, newId(), { rating: 5, text: 'Ajoyib mahsulot' })).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  let product: Awaited<ReturnType<typeof insertProduct>>;
  let customer: TestUser;
  beforeAll(async () => {
    product = await insertProduct(shop);
    customer = await buyer(product.id);
  });

  it.each([
    ['rating 0', { rating: 0, text: 'Yaxshi' }, 'rating'],
    ['rating 6', { rating: 6, text: 'Yaxshi' }, 'rating'],
    ['rating 2.5', { rating: 2.5, text: 'Yaxshi' }, 'rating'],
    ['rating "5"', { rating: '5', text: 'Yaxshi' }, 'rating'],
    ['rating missing', { text: 'Yaxshi' }, 'rating'],
    ['text missing', { rating: 4 }, 'text'],
    ['text empty', { rating: 4, text: '' }, 'text'],
    ['text only spaces', { rating: 4, text: '  \n\t ' }, 'text'],
    ['text too short', { rating: 4, text: 'ok' }, 'text'],
    [
      `text of ${REVIEW_LIMITS.maxTextLength + 1} characters`,
      { rating: 4, text: 'a'.repeat(REVIEW_LIMITS.maxTextLength + 1) },
      'text',
    ],
  ])('%s → 400 naming the field', async (_case, body, field) => {
    const response = await post(customer, product.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([field]);
  });

  it('a body that is not JSON, or not an object, is a 400', async () => {
    for (const payload of ['nonsense', '[]', 'null', '5']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers: { ...customer.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('a malformed product id is a 400, not a 500', async () => {
    const response = await post(customer, 'not-an-id', { rating: 5, text: 'Yaxshi' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('id');
  });

  it(`takes exactly ${REVIEW_LIMITS.maxTextLength} characters, and script as plain text`, async () => {
    const other = await insertProduct(shop);
    const longest = await buyer(other.id);
    const text = `<script>alert(1)</script>${'a'.repeat(REVIEW_LIMITS.maxTextLength - 25)}`;
    expect(text).toHaveLength(REVIEW_LIMITS.maxTextLength);
    const review = await postOk(longest, other.id, 3, text);
    expect(review.text).toBe(text);
    const listed = await publicReviews(other.id);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.json().docs[0].text).toBe(text);
  });
});

describe('reading reviews', () => {
  it('pages published reviews newest first, authors as first name and initial', async () => {
    const product = await insertProduct(shop);
    const names = ['Aziz Shodiyev', "Ali O'rinov", 'Malika', 'Дилноза Каримова'];
    for (const [i, name] of names.entries()) await postOk(await buyer(product.id, name), product.id, i + 2);
    const first = (await publicReviews(product.id, '?page=1&limit=3')).json();
    expect(first).toMatchObject({ totalDocs: 4, totalPages: 2, page: 1, limit: 3 });
    expect(first.docs.map((review: { author: string }) => review.author)).toEqual([
      'Дилноза К.',
      'Malika',
      "Ali O'.",
    ]);
    const second = (await publicReviews(product.id, '?page=2&limit=3')).json();
    expect(second.docs.map((review: { author: string }) => review.author)).toEqual(['Aziz Sh.']);
    for (const review of [...first.docs, ...second.docs]) {
      expect(Object.keys(review).sort()).toEqual(['_id', 'author', 'createdAt', 'rating', 'text']);
    }
  });

  it('a product with no reviews: an empty page and no rating', async () => {
    const product = await insertProduct(shop);
    expect((await publicReviews(product.id)).json()).toEqual({
      docs: [],
      totalDocs: 0,
      totalPages: 1,
      page: 1,
      limit: 10,
    });
    expect(await ratingOf(product.id)).toEqual({ average: null, count: 0 });
  });

  it("a paused or deleted product's reviews are 404 for shoppers, open to staff", async () => {
    const product = await insertProduct(shop, { status: 'onPaused' });
    const response = await publicReviews(product.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PRODUCT_NOT_FOUND');
    const staff = await shop.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/reviews`,
      headers: manager.headers,
    });
    expect(staff.statusCode).toBe(200);
  });

  it('bad paging is a 400 naming the parameter', async () => {
    const product = await insertProduct(shop);
    for (const query of ['?page=0', '?limit=101', '?limit=abc']) {
      const response = await publicReviews(product.id, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].path).toMatch(/^(page|limit)$/);
    }
  });

  it('tells a shopper whether they may review, and shows them their own review', async () => {
    const product = await insertProduct(shop);
    const mine = (user: TestUser) =>
      shop.app.inject({
        method: 'GET',
        url: `/api/products/${product.id}/reviews/mine`,
        headers: user.headers,
      });
    const stranger = await createUser(shop, 'customer');
    expect((await mine(stranger)).json()).toEqual({ canReview: false, review: null });
    const customer = await buyer(product.id);
    expect((await mine(customer)).json()).toEqual({ canReview: true, review: null });
    const review = await postOk(customer, product.id, 5);
    expect((await mine(customer)).json()).toEqual({
      canReview: false,
      review: { ...review, status: 'published' },
    });
    await setStatus(review._id, 'hidden');
    expect((await mine(customer)).json().review.status).toBe('hidden');
    expect((await mine(manager)).json()).toEqual({ canReview: false, review: null });
    const guest = await shop.app.inject({ method: 'GET', url: `/api/products/${product.id}/reviews/mine` });
    expect(guest.statusCode).toBe(401);
  });
});

describe('ratings on every product on the wire', () => {
  it('the list, the detail, the saved list and staff lists carry the same average to one decimal', async () => {
    const product = await insertProduct(shop, { name: 'Rated desk' });
    for (const rating of [5, 4, 4]) await postOk(await buyer(product.id), product.id, rating);
    const expected = { average: 4.3, count: 3 };
    expect(await ratingOf(product.id)).toEqual(expected);

    const list = await shop.app.inject({ method: 'GET', url: '/api/products?limit=100' });
    const listed = list.json().docs.find((p: { _id: string }) => p._id === product.id);
    expect(listed.rating).toEqual(expected);
    for (const doc of list.json().docs) expect(doc.rating).toHaveProperty('count');

    const staffList = await shop.app.inject({
      method: 'GET',
      url: `/api/products?limit=100&status=all`,
      headers: manager.headers,
    });
    expect(staffList.json().docs.find((p: { _id: string }) => p._id === product.id).rating).toEqual(expected);

    const customer = await createUser(shop, 'customer');
    await shop.app.inject({
      method: 'PUT',
      url: `/api/me/wishlist/${product.id}`,
      headers: customer.headers,
    });
    const saved = await shop.app.inject({
      method: 'GET',
      url: '/api/me/wishlist',
      headers: customer.headers,
    });
    expect(saved.json().docs[0].rating).toEqual(expected);
  });
});

describe('staff moderation', () => {
  it('hiding a review takes it out of every average and the public list; showing it puts it back', async () => {
    const product = await insertProduct(shop);
    const good = await postOk(await buyer(product.id), product.id, 5);
    const bad = await postOk(await buyer(product.id), product.id, 1, 'Yomon, lekin rostmi?');
    expect(await ratingOf(product.id)).toEqual({ average: 3, count: 2 });

    const hidden = await setStatus(bad._id, 'hidden');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      _id: bad._id,
      status: 'hidden',
      product: { _id: product.id, name: product.name },
    });
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });
    expect(await ratingOf(product.id, manager)).toEqual({ average: 5, count: 1 });
    const list = await shop.app.inject({ method: 'GET', url: '/api/products?limit=100' });
    expect(list.json().docs.find((p: { _id: string }) => p._id === product.id).rating).toEqual({
      average: 5,
      count: 1,
    });
    const page = (await publicReviews(product.id)).json();
    expect(page.totalDocs).toBe(1);
    expect(page.docs.map((review: { _id: string }) => review._id)).toEqual([good._id]);

    // Hiding twice changes nothing more.
    expect((await setStatus(bad._id, 'hidden')).statusCode).toBe(200);
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });

    expect((await setStatus(bad._id, 'published')).json().status).toBe('published');
    expect((await setStatus(bad._id, 'published')).statusCode).toBe(200);
    expect(await ratingOf(product.id)).toEqual({ average: 3, count: 2 });
  });

  it('hiding the only review leaves no rating at all', async () => {
    const product = await insertProduct(shop);
    const review = await postOk(await buyer(product.id), product.id, 2);
    await setStatus(review._id, 'hidden');
    expect(await ratingOf(product.id)).toEqual({ average: null, count: 0 });
  });

  it('10 concurrent hides, then 10 concurrent shows, move the rating once each way, never a 500', async () => {
    const product = await insertProduct(shop);
    await postOk(await buyer(product.id), product.id, 5);
    const review = await postOk(await buyer(product.id), product.id, 2);
    const race = async (status: 'hidden' | 'published') => {
      const responses = await Promise.all(Array.from({ length: 10 }, () => setStatus(review._id, status)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    };
    await race('hidden');
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });
    await race('published');
    expect(await ratingOf(product.id)).toEqual({ average: 3.5, count: 2 });
  });

  it("a hidden review leaves the average on a customer's saved list too", async () => {
    const product = await insertProduct(shop);
    await postOk(await buyer(product.id), product.id, 4);
    const review = await postOk(await buyer(product.id), product.id, 1);
    const saver = await createUser(shop, 'customer');
    await shop.app.inject({ method: 'PUT', url: `/api/me/wishlist/${product.id}`, headers: saver.headers });
    const savedRating = async () =>
      (await shop.app.inject({ method: 'GET', url: '/api/me/wishlist', headers: saver.headers })).json()
        .docs[0].rating;
    expect(await savedRating()).toEqual({ average: 2.5, count: 2 });
    await setStatus(review._id, 'hidden');
    expect(await savedRating()).toEqual({ average: 4, count: 1 });
  });

  it('lists reviews newest first, filtered by status and product, with the product named', async () => {
    const product = await insertProduct(shop, { name: 'Moderated chair' });
    const first = await postOk(await buyer(product.id), product.id, 5);
    const second = await postOk(await buyer(product.id), product.id, 2);
    await setStatus(first._id, 'hidden');
    const list = (query: string) =>
      shop.app.inject({ method: 'GET', url: `/api/reviews${query}`, headers: manager.headers });

    const all = (await list(`?productId=${product.id}`)).json();
    expect(all.totalDocs).toBe(2);
    expect(all.docs.map((review: { _id: string }) => review._id)).toEqual([second._id, first._id]);
    expect(all.docs[1]).toEqual({
      ...first,
      status: 'hidden',
      updatedAt: expect.any(String),
      product: { _id: product.id, name: 'Moderated chair' },
    });

    const hidden = (await list(`?status=hidden&productId=${product.id}`)).json();
    expect(hidden.docs.map((review: { _id: string }) => review._id)).toEqual([first._id]);
    const published = (await list(`?status=published&productId=${product.id}`)).json();
    expect(published.docs.map((review: { _id: string }) => review._id)).toEqual([second._id]);

    const everyHidden = (await list('?status=hidden&limit=100')).json();
    expect(everyHidden.docs.every((review: { status: string }) => review.status === 'hidden')).toBe(true);
  });

  it('a deleted product keeps its reviews in the staff list', async () => {
    const product = await insertProduct(shop);
    const review = await postOk(await buyer(product.id), product.id, 4);
    await shop.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: manager.headers });
    const list = await shop.app.inject({
      method: 'GET',
      url: `/api/reviews?productId=${product.id}`,
      headers: manager.headers,
    });
    expect(list.json().docs.map((doc: { _id: string }) => doc._id)).toEqual([review._id]);
  });

  it('bad input and unknown reviews: 400 naming the field, 404 REVIEW_NOT_FOUND', async () => {
    const product = await insertProduct(shop);
    const review = await postOk(await buyer(product.id), product.id, 4);
    for (const status of ['deleted', '', null, 1]) {
      const response = await setStatus(review._id, status);
      expect(response.statusCode, String(status)).toBe(400);
      expect(response.json().errors[0].path).toBe('status');
    }
    const unknown = await setStatus(newId(), 'hidden');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('REVIEW_NOT_FOUND');
    const badFilter = await shop.app.inject({
      method: 'GET',
      url: '/api/reviews?status=archived',
      headers: manager.headers,
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors[0].path).toBe('status');
  });

  it('is for staff: a customer gets 403, a guest 401', async () => {
    const customer = await createUser(shop, 'customer');
    const asCustomer = await shop.app.inject({
      method: 'GET',
      url: '/api/reviews',
      headers: customer.headers,
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await setStatus(newId(), 'hidden', customer)).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/reviews' })).statusCode).toBe(401);
  });
});

describe('a deleted account', () => {
  it("keeps its reviews and the product's rating", async () => {
    const product = await insertProduct(shop);
    const customer = await buyer(product.id);
    await postOk(customer, product.id, 5);
    const admin = await createUser(shop, 'admin');
    const removal = await shop.app.inject({
      method: 'DELETE',
      url: `/api/users/${customer.id}`,
      headers: admin.headers,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expect(await ratingOf(product.id)).toEqual({ average: 5, count: 1 });
    expect((await publicReviews(product.id)).json().docs[0].author).toBe('Dilnoza K.');
  });
});
