import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderLine } from '@shop/common';
import { switchToEnglish } from '../../testing/english';
import { OrderLinesEditor } from './order-lines-editor';

beforeAll(switchToEnglish);

const lines: OrderLine[] = [
  {
    product: { _id: '0123456789abcdef01234567', name: 'Desk', productImages: [], translations: {} },
    color: 'oq',
    quantity: 2,
    price: 100_000,
    discountedPrice: 90_000,
  },
  {
    product: { _id: '89abcdef0123456789abcdef', name: 'Chair', productImages: [], translations: {} },
    color: 'qora',
    quantity: 1,
    price: 50_000,
    discountedPrice: null,
  },
];

describe('OrderLinesEditor', () => {
  it('shows each line with its short id, savings and the totals', () => {
    render(<OrderLinesEditor lines={lines} onSave={vi.fn()} />);
    const first = screen.getByTestId('order-line-0');
    expect(within(first).getByText('234567')).toBeInTheDocument();
    expect(within(first).getByText('White')).toBeInTheDocument();
    expect(within(first).getByText("20 000 so'm")).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent("230 000 so'm");
    expect(screen.getByTestId('order-savings')).toHaveTextContent("20 000 so'm");
  });

  it('names the variant ordered in the reader’s language, with its SKU, instead of a colour', async () => {
    const variantLine: OrderLine = {
      ...lines[0]!,
      color: '',
      variant: {
        _id: 'v1',
        sku: 'DESK-140-OAK',
        label: { uz: '140 sm · Eman', ru: '140 см · Дуб', en: '140 cm · Oak' },
      },
    };
    render(<OrderLinesEditor lines={[variantLine]} onSave={vi.fn()} />);
    const line = screen.getByTestId('order-line-0');
    expect(within(line).getByText('140 cm · Oak')).toBeInTheDocument();
    expect(within(line).getByText('DESK-140-OAK')).toBeInTheDocument();
    expect(within(line).queryByText('Colour:')).not.toBeInTheDocument();
  });

  it('puts the total under the line totals and the savings under the savings', () => {
    render(<OrderLinesEditor lines={lines} onSave={vi.fn()} />);
    // The column a cell starts in, counting the colSpans before it.
    const column = (cell: HTMLElement) => {
      let index = 0;
      for (let sibling = cell.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
        index += (sibling as HTMLTableCellElement).colSpan;
      }
      return index;
    };
    const header = (name: string) => column(screen.getByRole('columnheader', { name }));
    expect(column(screen.getByTestId('order-total'))).toBe(header('Line total'));
    expect(column(screen.getByTestId('order-savings').closest('td')!)).toBe(header('Savings'));
    expect(within(screen.getByTestId('order-line-0')).getByText("180 000 so'm")).toBeInTheDocument();
  });

  it('edits one line at a time, re-totals while typing, and saves the edited lines', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => true);
    render(<OrderLinesEditor lines={lines} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Edit Chair' }));
    // Only one line is edited at a time.
    expect(screen.getByRole('button', { name: 'Edit Desk' })).toBeDisabled();
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(screen.getByRole('spinbutton', { name: 'Discounted price' }), '40000');
    expect(screen.getByTestId('order-total')).toHaveTextContent("300 000 so'm");
    expect(screen.getByTestId('order-savings')).toHaveTextContent("50 000 so'm");
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([lines[0], { ...lines[1], quantity: 3, discountedPrice: 40_000 }]);
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('reads an empty or invalid quantity as 1 and an empty discounted price as none', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => true);
    render(<OrderLinesEditor lines={lines} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Edit Desk' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Discounted price' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent("150 000 so'm");
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith([{ ...lines[0], quantity: 1, discountedPrice: null }, lines[1]]);
  });

  it('cancel drops the draft; a failed save keeps the editor open', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => false);
    render(<OrderLinesEditor lines={lines} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Edit Desk' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Quantity' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('order-total')).toHaveTextContent("230 000 so'm");
  });
});
