import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductDetail } from './product-detail-page';
import { ProductCard } from '../../entities/product/product-card';
import { renderWithProviders } from '../../testing/render';
import { makeVariantDesk } from '../../testing/factories';

const desk = makeVariantDesk({ _id: 'dddddddddddddddddddddd01' });
const price = () => screen.getByText(/so'm$/, { selector: 'p.text-3xl, span.text-3xl' });
const structuredData = () =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
  );

afterEach(() => window.history.replaceState(null, '', '/'));

describe('product with variants', () => {
  it('starts on the cheapest variant, and a pick changes the price, stock, SKU and address', async () => {
    await renderWithProviders(<ProductDetail product={desk} />, { route: `/product/${desk._id}` });
    expect(price()).toHaveTextContent("1 000 000 so'm");
    expect(screen.getByRole('radio', { name: '120 cm' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Oak' })).toBeChecked();
    expect(screen.getByTestId('stock-note')).toHaveTextContent('In stock: 3 items');
    // No colour step of a plain product: the colour is an option of the variant.
    expect(screen.queryByRole('group', { name: /^Colour$/ })).toBeNull();

    await userEvent.setup().click(screen.getByRole('radio', { name: '140 cm' }));
    expect(price()).toHaveTextContent("1 200 000 so'm");
    expect(screen.getByText("1 300 000 so'm").tagName).toBe('DEL');
    expect(screen.getByTestId('stock-note')).toHaveTextContent('In stock: 2 items');
    expect(screen.getByText('DESK-140-OAK')).toBeInTheDocument();
    expect(window.location.search).toBe('?variant=DESK-140-OAK');
    expect(document.title).toContain("Ofis stoli (140 cm · Oak) — 1 200 000 so'm");
  });

  it('shows a sold-out and a missing combination struck, not hidden', async () => {
    await renderWithProviders(<ProductDetail product={desk} />, { route: `/product/${desk._id}` });
    // Beside 120 cm, white exists but is sold out.
    const white = screen.getByRole('radio', { name: 'White, Sold out' });
    expect(white.closest('label')).toHaveClass('line-through');
    await userEvent.setup().click(screen.getByRole('radio', { name: '140 cm' }));
    // Beside 140 cm, white is not made: still there, struck, and leads to the white that is.
    expect(screen.getByRole('radio', { name: 'White, Not made in this combination' })).toBeEnabled();
    // A colour dot for oak, the white's own photo for white.
    const oak = screen.getByRole('radio', { name: 'Oak' }).closest('label')!;
    expect(oak.querySelector('span[aria-hidden]')).toHaveStyle({ backgroundColor: '#a0522d' });
    const whiteLabel = screen.getByRole('radio', { name: /^White/ }).closest('label')!;
    expect(whiteLabel.querySelector('img')!.getAttribute('src')).toContain('desk-white');
  });

  it('says a made-to-order variant takes its working days and still adds it to the cart', async () => {
    const { store } = await renderWithProviders(<ProductDetail product={desk} />, {
      route: `/product/${desk._id}?variant=desk-160-oak`,
    });
    expect(screen.getByRole('radio', { name: '160 cm' })).toBeChecked();
    expect(screen.getByTestId('stock-note')).toHaveTextContent('Made to order: 30 working days');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to cart' }));
    const [line] = store.getState().cart.items;
    expect(line).toMatchObject({ quantity: 1, variant: { sku: 'DESK-160-OAK' }, selectedColor: 'Eman' });
    expect(line!.product.price).toBe(1_500_000);
  });

  it('opened at ?variant= names that variant in the title and lists every variant in a ProductGroup', async () => {
    await renderWithProviders(<ProductDetail product={desk} />, {
      route: `/product/${desk._id}?variant=DESK-140-OAK`,
    });
    expect(price()).toHaveTextContent("1 200 000 so'm");
    await waitFor(() => expect(document.title).toContain('(140 cm · Oak)'));
    const group = structuredData().find((data) => data['@type'] === 'ProductGroup')!;
    expect(group.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color']);
    expect(group.offers).toBeUndefined();
    const variants = group.hasVariant as {
      sku: string;
      size: string;
      offers: { price: number; availability: string };
    }[];
    expect(
      variants.map((variant) => [
        variant.sku,
        variant.size,
        variant.offers.price,
        variant.offers.availability,
      ]),
    ).toEqual([
      ['DESK-120-OAK', '120 cm', 1_000_000, 'https://schema.org/InStock'],
      ['DESK-120-WHITE', '120 cm', 1_100_000, 'https://schema.org/OutOfStock'],
      ['DESK-140-OAK', '140 cm', 1_200_000, 'https://schema.org/InStock'],
      ['DESK-160-OAK', '160 cm', 1_500_000, 'https://schema.org/MadeToOrder'],
    ]);
  });

  it('a listing card says "from" the lowest price and sends the shopper to choose', async () => {
    const { store } = await renderWithProviders(<ProductCard product={desk} />, { route: '/products' });
    const card = screen.getByRole('article');
    expect(within(card).getByText("from 1 000 000 so'm")).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Choose options' }));
    expect(store.getState().cart.items).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent(`/product/${desk._id}`);
  });
});
