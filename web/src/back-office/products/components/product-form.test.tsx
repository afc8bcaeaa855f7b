import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shiftShopDay, shopDay, type Product } from '@shop/common';
import { switchToEnglish } from '../../testing/english';
import { ProductForm } from './product-form';

const toastMock = vi.hoisted(() => ({
  loading: vi.fn(() => 'toast-1'),
  update: vi.fn(),
  success: vi.fn(),
  error: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: toastMock }));

beforeAll(switchToEnglish);
beforeEach(() => vi.clearAllMocks());

function setup(props: Partial<Parameters<typeof ProductForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(<ProductForm mode="create" onSubmit={onSubmit} onCancel={() => {}} {...props} />);
  return { onSubmit, user };
}

const submitted = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls[0]?.[0] as FormData;

describe('ProductForm', () => {
  it('starts with the new-product defaults', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Add new product' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Price/)).toHaveValue('0');
    expect(screen.getByLabelText(/^Stock/)).toHaveValue('0');
    expect(screen.getByLabelText(/^Category/)).toHaveValue('school');
    expect(screen.getByLabelText(/^Status/)).toHaveValue('active');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'This product is discounted' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mark as new product' })).not.toBeChecked();
    for (const colour of ['White', 'Black', 'Blue', 'Silver']) {
      expect(screen.getByRole('checkbox', { name: colour })).not.toBeChecked();
    }
    // The discount fields appear only with the switch on.
    expect(screen.queryByLabelText('Discount type')).not.toBeInTheDocument();
  });

  it('requires name and description and does not submit without them', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
  });

  it("shows the server's field errors of a failed save next to their fields", async () => {
    const failure = {
      status: 400,
      data: {
        message: 'Invalid body',
        code: 'VALIDATION_ERROR',
        errors: [
          { path: 'name', message: 'A product with this name is on sale already' },
          { path: 'discounts', message: 'Discount details are required when the product is discounted' },
        ],
      },
    };
    const { user } = setup({ onSubmit: vi.fn(async () => failure) });
    await user.type(screen.getByLabelText(/^Name/), 'Desk');
    await user.type(screen.getByLabelText(/^Description/), 'Solid oak');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('A product with this name is on sale already')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends empty price and stock as "0" and no discount fields when the switch is off', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Desk');
    await user.type(screen.getByLabelText(/^Description/), 'Solid oak');
    await user.clear(screen.getByLabelText(/^Price/));
    await user.clear(screen.getByLabelText(/^Stock/));
    await user.click(screen.getByRole('checkbox', { name: 'White' }));
    await user.click(screen.getByRole('checkbox', { name: 'Blue' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mark as new product' }));
    await user.selectOptions(screen.getByLabelText(/^Category/), 'loft');
    // Turned on and off again: nothing of the discount is sent.
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const form = submitted(onSubmit);
    expect(Object.fromEntries(form.entries())).toEqual({
      name: 'Desk',
      description: 'Solid oak',
      price: '0',
      assemblyPrice: '0',
      category: 'loft',
      stock: '0',
      color: "oq,ko'k",
      status: 'active',
      isDiscounted: 'false',
      isNewProduct: 'true',
      translations: '{"ru":{"name":"","description":""},"en":{"name":"","description":""}}',
      ikpu: '',
      packageCode: '',
    });
    expect(form.has('discounts')).toBe(false);
  });

  it('sends the discount with the switch on; the value step follows the type', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/^Name/), 'Desk');
    await user.type(screen.getByLabelText(/^Description/), 'Solid oak');
    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '200000');
    await user.click(screen.getByRole('switch', { name: 'This product is discounted' }));
    const value = screen.getByLabelText('Discount (%)');
    expect(value).toHaveAttribute('step', '1');
    await user.selectOptions(screen.getByLabelText('Discount type'), 'fixed');
    expect(screen.getByLabelText("Discount (so'm off)")).toHaveAttribute('step', '1000');
    await user.clear(screen.getByLabelText("Discount (so'm off)"));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const form = submitted(onSubmit);
    expect(form.get('isDiscounted')).toBe('true');
    expect(JSON.parse(String(form.get('discounts')))).toEqual({
      type: 'fixed',
      value: '0',
      startDate: null,
      endDate: null,
    });

    onSubmit.mockClear();
    await user.type(screen.getByLabelText("Discount (so'm off)"), '50000');
    expect(screen.getByTestId('discount-preview')).toHaveTextContent("150 000 so'm");
    await user.type(screen.getByLabelText('Start date'), '2026-11-21');
    await user.type(screen.getByLabelText('End date'), '2026-11-28');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const discount = JSON.parse(String(submitted(onSubmit).get('discounts')));
    expect(discount).toMatchObject({ type: 'fixed', value: '50000' });
    // Plain days: the server reads them as whole Tashkent days.
    expect(discount.startDate).toBe('2026-11-21');
    expect(discount.endDate).toBe('2026-11-28');
  });

  it('compresses large images with the toasts and uploads every chosen file', async () => {
    const compressor = vi.fn(async () => new Blob([new Uint8Array(10)], { type: 'image/png' }));
    const { onSubmit, user } = setup({ compressor });
    const small = new File([new Uint8Array(1000)], 'small.png', { type: 'image/png' });
    const large = new File([new Uint8Array(600 * 1024)], 'large.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Images'), [small, large]);
    await waitFor(() => expect(toastMock.update).toHaveBeenCalled());
    expect(toastMock.loading).toHaveBeenCalledWith('Compressing images...');
    expect(toastMock.update).toHaveBeenCalledWith(
      'toast-1',
      expect.objectContaining({
        render: 'Images compressed successfully (dimensions preserved)',
        type: 'success',
        autoClose: 2000,
      }),
    );
    expect(compressor).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Remove small.png' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Desk');
    await user.type(screen.getByLabelText(/^Description/), 'Oak');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const files = submitted(onSubmit).getAll('productImages') as File[];
    expect(files.map((file) => [file.name, file.size])).toEqual([
      ['small.png', 1000],
      ['large.png', 10],
    ]);
  });

  it('uses the originals and says so when compression fails', async () => {
    const { user } = setup({ compressor: async () => Promise.reject(new Error('no canvas')) });
    const large = new File([new Uint8Array(600 * 1024)], 'large.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Images'), large);
    await waitFor(() =>
      expect(toastMock.update).toHaveBeenCalledWith(
        'toast-1',
        expect.objectContaining({ render: 'Error compressing images', type: 'error' }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Remove large.png' })).toBeInTheDocument();
  });

  it('edits a product: its values, default discount dates, current images with remove', async () => {
    const product: Product = {
      _id: 'b'.repeat(24),
      name: 'Chair',
      description: 'Comfy',
      price: 300000,
      discountedPrice: null,
      assemblyPrice: 0,
      isNewProduct: false,
      isDiscounted: false,
      discounts: null,
      category: 'kinder',
      color: ['qizil'],
      productImages: ['one.jpg', 'two.jpg'],
      images: [],
      stock: 3,
      isDeleted: false,
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      rating: { average: null, count: 0 },
      translations: { ru: { name: 'Стул' } },
      ikpu: '09401001001000000',
      packageCode: '1514296',
      vatPercent: 12,
      options: [],
      variants: [],
    };
    const onDeleteImage = vi.fn(async () => undefined);
    const { onSubmit, user } = setup({ mode: 'edit', product, onDeleteImage });
    expect(screen.getByRole('heading', { name: 'Edit product' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Chair');
    expect(screen.getByRole('checkbox', { name: 'Red' })).toBeChecked();
    await user.click(screen.getByRole('switch'));
    // The shop's days (Tashkent): from 19:00 UTC the machine's date is still the day before.
    expect(screen.getByLabelText('Start date')).toHaveValue(shopDay());
    expect(screen.getByLabelText('End date')).toHaveValue(shiftShopDay(shopDay(), 7));

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(onDeleteImage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDeleteImage).toHaveBeenCalledWith('two.jpg');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(submitted(onSubmit).get('discounts')).toBeTruthy();
  });

  it('checks the MXIK code as it is typed, and links the tasnif.soliq.uz catalogue', async () => {
    const { user } = setup();
    const ikpu = screen.getByLabelText('MXIK (IKPU) code');
    await user.type(ikpu, '0940a');
    expect(screen.getByText('The MXIK code is 17 digits')).toBeInTheDocument();
    await user.clear(ikpu);
    await user.type(ikpu, '0940300100100');
    expect(screen.queryByText('The MXIK code is 17 digits')).not.toBeInTheDocument();
    await user.type(ikpu, '0000');
    expect(ikpu).toHaveValue('09403001001000000');
    expect(screen.queryByText('The MXIK code is 17 digits')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /tasnif\.soliq\.uz/ })).toHaveAttribute(
      'href',
      'https://tasnif.soliq.uz/',
    );
  });
});
