import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatSom, orderTotals, type OrderLine } from '@shop/common';
import { AdminTableHead } from '../../components/admin-table';
import { td } from '../../components/styles';
import { applyLineDraft, lineToDraft, type LineDraft } from '../lib/order-lines';
import { OrderLineRow } from './order-line-row';

interface Props {
  lines: OrderLine[];
  saving?: boolean;
  /** Resolves true when the server accepted the new lines. */
  onSave: (lines: OrderLine[]) => Promise<boolean>;
}

/** The order's product table with inline edit of one line at a time. */
export function OrderLinesEditor({ lines, saving = false, onSave }: Props) {
  const { t, i18n } = useTranslation('admin');
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<LineDraft>({ quantity: '1', discountedPrice: '' });

  // While a line is edited, the footer already shows the re-computed totals.
  const shown = editing === null ? lines : applyLineDraft(lines, editing, draft);
  const totals = orderTotals(shown);

  function startEdit(index: number) {
    const line = lines[index];
    if (!line) return;
    setDraft(lineToDraft(line));
    setEditing(index);
  }

  async function save() {
    if (editing === null) return;
    const ok = await onSave(applyLineDraft(lines, editing, draft));
    if (ok) setEditing(null);
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{t('orders.detail.products')}</caption>
        <AdminTableHead
          columns={[
            { label: t('orders.detail.product') },
            { label: t('orders.detail.quantity') },
            { label: t('orders.detail.price') },
            { label: t('orders.detail.discountedPrice') },
            { label: t('orders.detail.lineTotal') },
            { label: t('orders.detail.savings') },
            { label: t('common.actions'), srOnly: true },
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {shown.map((line, index) => (
            <OrderLineRow
              key={`${line.product._id}-${line.color}-${index}`}
              line={line}
              index={index}
              draft={editing === index ? { value: draft, set: setDraft } : null}
              saving={saving}
              locked={editing !== null}
              onEdit={() => startEdit(index)}
              onSave={() => void save()}
              onCancel={() => setEditing(null)}
            />
          ))}
        </tbody>
        <tfoot className="bg-stone-50 font-semibold">
          <tr>
            {/* Each sum under its own column: the total under the line totals, the savings under theirs. */}
            <td className={`${td} text-right`} colSpan={4}>
              {t('orders.detail.total')}
            </td>
            <td className={`${td} whitespace-nowrap`} data-testid="order-total">
              {formatSom(totals.total, i18n.language)}
            </td>
            <td className={`${td} text-emerald-800`}>
              <span className="block text-xs font-normal">{t('orders.detail.totalSavings')}</span>
              <span className="whitespace-nowrap" data-testid="order-savings">
                {formatSom(totals.savings, i18n.language)}
              </span>
            </td>
            <td className={td} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
