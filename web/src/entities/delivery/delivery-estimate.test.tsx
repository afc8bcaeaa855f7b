import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { DeliveryEstimate } from './delivery-estimate';

const items = [{ productId: 'abcdef0123456789abcdef02', quantity: 1, color: '' }];

describe('Delivery estimate', () => {
  it('finishes "Доставка в" with the region in the accusative in Russian', async () => {
    mockFetch(() => jsonResponse({}));
    await renderWithProviders(<DeliveryEstimate items={items} />, { language: 'ru' });
    const region = await screen.findByRole('combobox', { name: 'Доставка в' });
    expect(await screen.findByRole('option', { name: 'Ташкентскую область' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'город Ташкент' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Республику Каракалпакстан' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ташкентская область' })).toBeNull();
    expect(region).toHaveValue('tashkent-city');
  });

  it('keeps the names as they are in Uzbek and English', async () => {
    mockFetch(() => jsonResponse({}));
    await renderWithProviders(<DeliveryEstimate items={items} />, { language: 'en' });
    expect(await screen.findByRole('option', { name: 'Tashkent region' })).toBeInTheDocument();
  });
});
