import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductDetail } from './product-detail-page';
import { ProductCard } from '../../entities/product/product-card';
import { renderWithProviders } from '../../testing/render';
import { makeProduct } from '../../testing/factories';

/** Products without colours can be bought; open-ended sales show no countdown (decision 016). */
describe('a product saved without colours', () => {
  const plain = makeProduct({ name: 'Oddiy stul', color: [] });

  it('goes into the cart from the card quick-add, with no colour', async () => {
    const { store } = await renderWithProviders(<ProductCard product={plain} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(store.getState().cart.items).toMatchObject([{ selectedColor: '', quantity: 1 }]);
  });

  it('goes into the cart from the detail page, with no colour step and no warning', async () => {
    const { store } = await renderWithProviders(<ProductDetail product={plain} />);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.queryByText('Please select a colour')).not.toBeInTheDocument();
    expect(store.getState().cart.items).toMatchObject([{ selectedColor: '', quantity: 1 }]);
  });
});

describe('a discount without an end date', () => {
  // The countdown is a later part: loaded first, so its absence is its own choice.
  beforeAll(() => import('./components/sale-countdown'));

  it('shows the sale price but no countdown', async () => {
    const product = makeProduct({
      price: 1_000_000,
      isDiscounted: true,
      discounts: { type: 'percentage', value: 10, startDate: null, endDate: null },
    });
    await renderWithProviders(<ProductDetail product={product} />);
    expect(screen.getByText("900 000 so'm")).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByText('Sale ends in')).not.toBeInTheDocument();
  });
});
