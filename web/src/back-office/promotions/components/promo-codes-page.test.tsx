import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromoCode } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeProduct } from '../../../testing/factories';
import '../../lib/locales';
import { PromoCodesPage } from './promo-codes-page';

const stored = (override: Partial<PromoCode> = {}): PromoCode => ({
  _id: 'a'.repeat(24),
  code: 'BAHOR10',
  kind: 'percent',
  value: 10,
  minTotal: 0,
  startsAt: null,
  endsAt: null,
  categories: ['school'],
  productIds: [],
  maxUses: null,
  maxUsesPerPhone: null,
  active: true,
  uses: 2,
  discountTotal: 90_000,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...override,
});

const desk = makeProduct({ _id: 'd'.repeat(24), name: 'Ikki kishilik parta' });

/** The shop's promo code API as the page meets it; the writes are kept to inspect. */
function serve(code: PromoCode, write?: (method: string) => Response | undefined) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let current = code;
  mockFetch((url, init) => {
    if (url.pathname === '/api/products') {
      const docs = url.searchParams.get('ids') || url.searchParams.get('search') === 'parta' ? [desk] : [];
      return jsonResponse({ docs, totalDocs: docs.length, totalPages: 1, page: 1, limit: 8 });
    }
    if (init.method === 'GET') {
      return jsonResponse({ docs: [current], totalDocs: 1, totalPages: 1, page: 1, limit: 50 });
    }
    writes.push({ method: init.method, path: url.pathname, body: init.body });
    const refused = write?.(init.method);
    if (refused) return refused;
    current = { ...current, ...(init.body as Partial<PromoCode>) };
    return jsonResponse(current, init.method === 'POST' ? 201 : 200);
  });
  return writes;
}

const EDIT = {
  en: ['Edit', 'Edit promo code BAHOR10'],
  ru: ['Изменить', 'Изменить промокод BAHOR10'],
  uz: ['Tahrirlash', 'BAHOR10 promokodini tahrirlash'],
} as const;

async function openEdit(language: keyof typeof EDIT = 'en') {
  await renderWithProviders(<PromoCodesPage />, { language });
  const list = await screen.findByTestId('promo-list');
  await userEvent.click(within(list).getByRole('button', { name: EDIT[language][0] }));
  return screen.getByRole('form', { name: EDIT[language][1] });
}

describe('editing a promo code', () => {
  it('opens with the stored terms and sends only the window, categories, products, limits and switch changed', async () => {
    const writes = serve(stored());
    const user = userEvent.setup();
    const form = await openEdit();
    expect(within(form).getByLabelText('Code')).toHaveValue('BAHOR10');
    expect(within(form).getByLabelText("Percent or so'm")).toHaveValue('10');
    expect(within(form).getByRole('checkbox', { name: 'School' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Switched on' })).toBeChecked();

    fireEvent.input(within(form).getByLabelText('Valid from'), { target: { value: '2026-12-01' } });
    fireEvent.input(within(form).getByLabelText('Valid until'), { target: { value: '2026-12-31' } });
    await user.click(within(form).getByRole('checkbox', { name: 'School' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Office' }));
    await user.type(within(form).getByLabelText('Find a product'), 'parta');
    await user.click(await within(form).findByRole('button', { name: 'Add Ikki kishilik parta' }));
    await user.type(within(form).getByLabelText('Uses at most'), '100');
    await user.clear(within(form).getByLabelText('Minimum goods total'));
    await user.type(within(form).getByLabelText('Minimum goods total'), '500000');
    await user.click(within(form).getByRole('checkbox', { name: 'Switched on' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PATCH',
      path: `/api/promo-codes/${'a'.repeat(24)}`,
      body: {
        // Tashkent days: from the start of the first to the last moment of the last.
        startsAt: '2026-11-30T19:00:00.000Z',
        endsAt: '2026-12-31T18:59:59.999Z',
        categories: ['office'],
        productIds: [desk._id],
        maxUses: 100,
        minTotal: 500_000,
        active: false,
      },
    });
    // The dialog closes and the list shows the changed code.
    await waitFor(() => expect(screen.queryByRole('form', { name: /Edit promo code/ })).toBeNull());
    const row = within(screen.getByTestId('promo-list'));
    expect(row.getByText('Switched off')).toBeInTheDocument();
    expect(row.getByText('Used 2 of 100')).toBeInTheDocument();
    expect(row.getByText('December 1, 2026 – December 31, 2026')).toBeInTheDocument();
  });

  it('shows a chosen product by name and clears the window and a limit', async () => {
    const writes = serve(
      stored({
        productIds: [desk._id],
        categories: [],
        startsAt: '2026-11-30T19:00:00.000Z',
        endsAt: '2026-12-31T18:59:59.999Z',
        maxUsesPerPhone: 1,
      }),
    );
    const user = userEvent.setup();
    const form = await openEdit();
    expect(within(form).getByLabelText('Valid from')).toHaveValue('2026-12-01');
    expect(within(form).getByLabelText('Valid until')).toHaveValue('2026-12-31');
    await user.click(await within(form).findByRole('button', { name: 'Remove Ikki kishilik parta' }));
    fireEvent.input(within(form).getByLabelText('Valid from'), { target: { value: '' } });
    fireEvent.input(within(form).getByLabelText('Valid until'), { target: { value: '' } });
    await user.clear(within(form).getByLabelText('Uses per phone at most'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({ startsAt: null, endsAt: null, productIds: [], maxUsesPerPhone: null });
  });

  it("refuses a window that ends before it starts and a percent above 100, in the reader's language", async () => {
    const writes = serve(stored());
    const user = userEvent.setup();
    const form = await openEdit('ru');
    fireEvent.input(within(form).getByLabelText('Действует с'), { target: { value: '2026-12-10' } });
    fireEvent.input(within(form).getByLabelText('Действует по'), { target: { value: '2026-12-01' } });
    const value = within(form).getByLabelText('Процент или сумма');
    await user.clear(value);
    await user.type(value, '150');
    await user.type(within(form).getByLabelText('Не больше использований'), '0');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(within(form).getByText('Дата окончания раньше даты начала.')).toBeInTheDocument();
    expect(within(form).getByText('Процент — от 1 до 100.')).toBeInTheDocument();
    expect(within(form).getByText('Оставьте пустым или введите целое число от 1.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Процент или сумма')).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toEqual([]);
  });

  it('shows in Uzbek that the new letters are taken by another code', async () => {
    serve(stored(), () =>
      jsonResponse({ message: 'This promo code already exists', code: 'PROMO_CODE_TAKEN' }, 409),
    );
    const user = userEvent.setup();
    const form = await openEdit('uz');
    const code = within(form).getByLabelText('Kod');
    await user.clear(code);
    await user.type(code, 'QISH');
    await user.click(within(form).getByRole('button', { name: 'Saqlash' }));
    expect(await within(form).findByText('Bunday promokod allaqachon bor.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('a new code comes from the same form', async () => {
    const writes = serve(stored());
    const user = userEvent.setup();
    await renderWithProviders(<PromoCodesPage />);
    const form = await screen.findByRole('form', { name: 'New promo code' });
    await user.type(within(form).getByLabelText('Code'), 'yoz25');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'fixed');
    await user.clear(within(form).getByLabelText("Percent or so'm"));
    await user.type(within(form).getByLabelText("Percent or so'm"), '25000');
    await user.click(within(form).getByRole('checkbox', { name: 'Loft' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      body: { code: 'yoz25', kind: 'fixed', value: 25_000, categories: ['loft'], active: true },
    });
  });
});
