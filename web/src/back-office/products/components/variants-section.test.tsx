import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/common';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/render';
import { makeProduct, makeUser } from '../../../testing/factories';
import '../../lib/locales';
import { VariantsSection } from './variants-section';

const staff = { auth: { token: 'token', user: makeUser({ role: 'manager' }), isAuthenticated: true } };
const desk = () =>
  makeProduct({ _id: 'abcdef1234567890abcdef12', name: 'Stol', price: 500_000, options: [], variants: [] });

async function setup(product: Product, answer: (body: unknown) => Response) {
  const sent: unknown[] = [];
  mockFetch((url, init) => {
    if (init.method === 'PUT' && url.pathname === `/api/products/${product._id}/variants`) {
      sent.push(init.body);
      return answer(init.body);
    }
    return jsonResponse(product);
  });
  await renderWithProviders(<VariantsSection product={product} />, { preloadedState: staff });
  return { sent, user: userEvent.setup() };
}

/** Adds a size option with 120 and 140 cm, as staff type it. */
async function addSizeOption(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add option' }));
  const option = screen.getByRole('group', { name: 'Option 1' });
  await user.type(within(option).getByLabelText('Code (e.g. size)'), 'size');
  await user.type(within(option).getByLabelText('Name (UZ)'), "O'lcham");
  await user.type(within(option).getByLabelText("O'lcham: Value code"), '120');
  await user.type(within(option).getByLabelText("O'lcham 120: Label (UZ)"), '120 sm');
  await user.click(within(option).getByRole('button', { name: 'Add value' }));
  const codes = within(option).getAllByLabelText(/: Value code$/);
  await user.type(codes[1]!, '140');
  await user.type(within(option).getByLabelText("O'lcham 140: Label (UZ)"), '140 sm');
}

describe('VariantsSection', () => {
  it('adds an option, generates its variants, sets them in bulk and saves the PUT', async () => {
    const product = desk();
    const { sent, user } = await setup(product, () =>
      jsonResponse({ ...product, options: [], variants: [] }),
    );
    expect(screen.getByText(/No variants yet/)).toBeInTheDocument();
    await addSizeOption(user);
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    const table = screen.getByRole('table', { name: 'Variant table' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByLabelText('120 sm: Price')).toHaveValue('500000');

    await user.click(screen.getByLabelText('Select 140 sm'));
    const bulk = screen.getByRole('group', { name: 'Set for the selected (1)' });
    await user.type(within(bulk).getByLabelText('Price'), '650000');
    await user.type(within(bulk).getByLabelText('Stock'), '4');
    await user.selectOptions(within(bulk).getByLabelText('Made to order'), 'yes');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('140 sm: Price')).toHaveValue('650000');
    expect(screen.getByLabelText('140 sm: Stock')).toHaveValue('4');
    expect(screen.getByLabelText('140 sm: Made to order')).toBeChecked();
    expect(screen.getByLabelText('120 sm: Made to order')).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Fill empty SKUs' }));
    expect(screen.getByLabelText('140 sm: SKU')).toHaveValue('ABCDEF12-140');
    await user.selectOptions(screen.getByLabelText('120 sm: Status'), 'hidden');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      options: [
        {
          code: 'size',
          name: { uz: "O'lcham" },
          values: [
            { code: '120', label: { uz: '120 sm' } },
            { code: '140', label: { uz: '140 sm' } },
          ],
        },
      ],
      variants: [
        expect.objectContaining({ sku: 'ABCDEF12-120', price: 500000, stock: 0, status: 'hidden' }),
        expect.objectContaining({ sku: 'ABCDEF12-140', price: 650000, stock: 4, madeToOrder: true }),
      ],
    });
  });

  it('shows the shared checks on the fields and sends nothing', async () => {
    const { sent, user } = await setup(desk(), () => jsonResponse({}));
    await addSizeOption(user);
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    expect(
      await screen.findByText('Generate the combinations: options need at least one variant', {
        selector: 'p',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate combinations' }));
    await user.type(screen.getByLabelText('120 sm: SKU'), 'same');
    await user.type(screen.getByLabelText('140 sm: SKU'), 'SAME');
    await user.clear(screen.getByLabelText('140 sm: Price'));
    await user.type(screen.getByLabelText('140 sm: Price'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    expect(screen.getByLabelText('140 sm: Price')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a number')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('140 sm: Price'));
    await user.type(screen.getByLabelText('140 sm: Price'), '1');
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    expect(screen.getAllByText('This SKU is in two rows')).toHaveLength(2);
    expect(sent).toHaveLength(0);
  });

  it("shows the server's SKU_TAKEN on the row it names", async () => {
    const product = makeProduct({
      _id: 'abcdef1234567890abcdef12',
      options: [
        {
          code: 'size',
          name: { uz: "O'lcham" },
          values: [
            { code: '120', label: { uz: '120 sm' } },
            { code: '140', label: { uz: '140 sm' } },
          ],
        },
      ],
      variants: ['120', '140'].map((size) => ({
        _id: `v${size}`,
        sku: `D-${size}`,
        values: { size },
        price: 500_000,
        discountedPrice: null,
        stock: 3,
        madeToOrder: false,
        leadDays: 0,
        status: 'active' as const,
      })),
    });
    const { sent, user } = await setup(product, () =>
      jsonResponse(
        {
          message: 'SKU D-140 is taken',
          code: 'SKU_TAKEN',
          errors: [{ path: 'variants.1.sku', message: 'SKU D-140 is taken' }],
        },
        409,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save variants' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { variants: { _id: string }[] }).variants.map((v) => v._id)).toEqual(['v120', 'v140']);
    expect(await screen.findByLabelText('140 sm: SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Another product already has this SKU.')).toBeInTheDocument();
    expect(screen.getByLabelText('120 sm: SKU')).not.toHaveAttribute('aria-invalid');
  });
});
