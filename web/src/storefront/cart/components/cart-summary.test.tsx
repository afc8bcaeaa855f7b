import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CartSummary } from './cart-summary';
import { renderWithProviders } from '../../../testing/render';
import { makeProduct } from '../../../testing/factories';

const line = (percentOff: number | null) => ({
  key: 'p-oq',
  product: makeProduct({
    price: 500_000,
    isDiscounted: percentOff !== null,
    discounts:
      percentOff === null ? null : { type: 'percentage', value: percentOff, startDate: null, endDate: null },
  }),
  quantity: 2,
  selectedColor: 'oq',
});

describe('CartSummary', () => {
  it('has no discount row when nothing is discounted', async () => {
    await renderWithProviders(<CartSummary items={[line(null)]} onCheckout={() => undefined} />);
    expect(screen.queryByText('Discount savings')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent("1 000 000 so'm");
  });

  it('shows the discount when there is one', async () => {
    await renderWithProviders(<CartSummary items={[line(20)]} onCheckout={() => undefined} />);
    expect(screen.getByText('Discount savings')).toBeInTheDocument();
    expect(screen.getByText("−200 000 so'm")).toBeInTheDocument();
  });
});
