import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { EMPTY_ORDER_FILTERS } from '../lib/order-filters';
import { exportQuery, OrderExportButtons } from './order-export-buttons';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };

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

describe('the export buttons', () => {
  const saved: { href: string; download: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('saves the file the server sent, under the name it gave, asked for with the staff token', async () => {
    const asked: { url: string; authorization: string | null }[] = [];
    mockFetch((url, init) => {
      asked.push({ url: url.pathname + url.search, authorization: init.headers.get('authorization') });
      return new Response('\ufeffOrder number', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="orders-2026-11-29.csv"',
        },
      });
    });
    await renderWithProviders(<OrderExportButtons filters={EMPTY_ORDER_FILTERS} />, {
      preloadedState: staff,
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:orders', download: 'orders-2026-11-29.csv' }]),
    );
    expect(asked).toEqual([{ url: '/api/orders/export?format=csv&lang=en', authorization: 'Bearer token' }]);
  });

  it('says what was wrong when the server refuses the period, and saves nothing', async () => {
    mockFetch(() => jsonResponse({ message: 'Bad period', code: 'VALIDATION_ERROR' }, 400));
    await renderWithProviders(<OrderExportButtons filters={EMPTY_ORDER_FILTERS} />, {
      preloadedState: staff,
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Excel' }));
    expect(await screen.findByText('Choose valid dates, at most a year apart.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
