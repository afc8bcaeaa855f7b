import { describe, expect, it } from 'vitest';
import { EMPTY_ORDER_FILTERS } from '../lib/order-filters';
import { exportQuery } from './order-export-buttons';

describe('the export asks for what the list shows', () => {
  it('sends every applied filter, the format and the screen language', () => {
    const query = new URLSearchParams(
      exportQuery(
        {
          status: 'new',
          number: '#a1b2c3',
          phone: ' 90 123 ',
          startDate: '2026-01-01',
          endDate: '2026-01-31',
          paymentStatus: 'paid',
          paymentMethod: 'payme',
          buyerType: 'company',
        },
        'xlsx',
        'ru',
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      format: 'xlsx',
      lang: 'ru',
      status: 'new',
      orderNumber: '#a1b2c3',
      phoneNumber: '90 123',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      paymentStatus: 'paid',
      paymentMethod: 'payme',
      buyerType: 'company',
    });
  });

  it('leaves out filters that are not applied', () => {
    expect(exportQuery(EMPTY_ORDER_FILTERS, 'csv', 'uz')).toBe('format=csv&lang=uz');
  });
});
