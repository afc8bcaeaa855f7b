import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const PHONE = { width: 390, height: 844 };

/** A product in stock with several colours and a photo, so the colour step and the gallery show. */
async function colourfulProduct(request: APIRequestContext): Promise<string> {
  const list = await request.get('/api/products?limit=50');
  const { docs } = (await list.json()) as {
    docs: { _id: string; color: string[]; stock: number; productImages: string[] }[];
  };
  return docs.find((doc) => doc.stock > 0 && doc.color.length > 1 && doc.productImages.length > 0)!._id;
}

/** Whether an image's picture covers its whole box (no bands): its scaled size under object-fit. */
function fillsItsBox(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const img = element as HTMLImageElement;
      const box = img.getBoundingClientRect();
      const { naturalWidth, naturalHeight } = img;
      const fit = getComputedStyle(img).objectFit;
      const scale =
        fit === 'cover'
          ? Math.max(box.width / naturalWidth, box.height / naturalHeight)
          : fit === 'fill'
            ? Infinity
            : Math.min(box.width / naturalWidth, box.height / naturalHeight, fit === 'none' ? 1 : Infinity);
      return {
        complete: img.complete && naturalWidth > 0,
        fills: naturalWidth * scale >= box.width - 1 && naturalHeight * scale >= box.height - 1,
      };
    });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('after "added to cart" the header cart takes a tap at once (the toast never covers it)', async ({
    page,
    request,
  }) => {
    await page.goto(`/product/${await colourfulProduct(request)}`);
    // No colour chosen: said at the picker, which takes the focus.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please select a colour' })).toBeVisible();
    const picker = page.getByRole('group', { name: /Colour/ });
    await expect(picker.getByRole('radio').first()).toBeFocused();

    await picker.locator('label').first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please select a colour' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'added to the cart' })).toBeVisible();
    const cart = page.locator('header a[href="/cart"]');
    const onTop = await cart.evaluate((link) => {
      const box = link.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !!hit && link.contains(hit);
    });
    expect(onTop, 'the header cart link is the element under its own centre').toBe(true);
    await cart.click({ timeout: 1000 });
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('a new page starts at its top at once, not after a slow scroll from the old position', async ({
    page,
  }) => {
    await page.goto('/products');
    await expect(page.locator('article').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Every painted frame's page heading and scroll position, from the click on.
    await page.evaluate(() => {
      const frames: { page: string; y: number }[] = [];
      (window as unknown as { frames_: typeof frames }).frames_ = frames;
      const record = () => {
        frames.push({ page: document.querySelector('h1')?.textContent ?? '', y: window.scrollY });
        if (frames.length < 120) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.locator('footer').getByRole('link', { name: 'Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.waitForTimeout(500);
    const frames = await page.evaluate(
      () => (window as unknown as { frames_: { page: string; y: number }[] }).frames_,
    );
    // Frames painted with another page's heading than the list's: the new page, as shown.
    const onCart = frames.filter((frame) => frame.page !== 'All products');
    expect(onCart.length).toBeGreaterThan(0);
    expect(onCart.map((frame) => frame.y)).toEqual(onCart.map(() => 0));
  });

  test('product photos fill their boxes: no white bands in the gallery or on the cards', async ({
    page,
    request,
  }) => {
    await page.goto(`/product/${await colourfulProduct(request)}`);
    const gallery = 'section[aria-label="Product images"] img';
    await expect.poll(async () => (await fillsItsBox(page, gallery)).complete).toBe(true);
    expect((await fillsItsBox(page, gallery)).fills, 'the gallery photo fills its box').toBe(true);

    await page.goto('/products');
    const card = 'article img';
    await expect.poll(async () => (await fillsItsBox(page, card)).complete).toBe(true);
    expect((await fillsItsBox(page, card)).fills, 'the card photo fills its box').toBe(true);
  });
});
