import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeProduct } from '../../../testing/factories';
import { AddToCartForm } from './add-to-cart-form';

describe('Request a price on the product page', () => {
  it('asks for the colour first, as adding to the cart does, instead of sending a line the shop refuses', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    await renderWithProviders(<AddToCartForm product={makeProduct({ color: ['oq', 'qora'], stock: 5 })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Request a price' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a colour');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens the request once a colour is chosen', async () => {
    mockFetch(() => jsonResponse({}));
    await renderWithProviders(<AddToCartForm product={makeProduct({ color: ['oq', 'qora'], stock: 5 })} />);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('radio')[0]!);
    await user.click(screen.getByRole('button', { name: 'Request a price' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
