import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLOR_SWATCHES,
  formatSom,
  orderLineSavings,
  orderTotals,
  shortId,
  thumbnailUrl,
  UNKNOWN_COLOR_SWATCH,
  type OrderLine,
} from '@shop/common';
import { ProductImage } from '../../../components/ui/product-image';
import { AdminTableHead } from '../../components/admin-table';
import { btn, input, td } from '../../components/styles';
import { RowActionButton } from '../../components/row-action-button';
import { applyLineDraft, lineToDraft, type LineDraft } from '../lib/order-lines';

interface Props {
  lines: OrderLine[];
  saving?: boolean;
  /** Resolves true when the server accepted the new lines. */
  onSave: (lines: OrderLine[]) => Promise<boolean>;
}

/** The order's product table with inline edit of one line at a time . */
export function OrderLinesEditor({ lines, saving = false, onSave }: Props) {
  const { t } = useTranslation('admin');
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
            { label: t('orders.detail.savings') },
            { label: t('common.actions'), srOnly: true },
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {shown.map((line, index) => {
            const isEditing = editing === index;
            const savings = orderLineSavings(line);
            return (
              <tr key={`${line.product._id}-${line.color}-${index}`} data-testid={`order-line-${index}`}>
                <td className={td}>
                  <div className="flex min-w-48 items-center gap-3">
                    <ProductImage
                      src={thumbnailUrl(line.product.productImages[0])}
                      alt=""
                      width={40}
                      height={40}
                      className="h-10 w-10 shrink-0 rounded object-cover"
                    />
                    <div className="min-w-0">
                      <p className="font-medium">{line.product.name}</p>
                      <p className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
                        <span>
                          {t('orders.detail.id')}:{' '}
                          <span className="font-mono">{shortId(line.product._id)}</span>
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <span className="sr-only">{t('orders.detail.color')}:</span>
                          <span
                            aria-hidden="true"
                            className="inline-block h-3 w-3 rounded-full border border-stone-400"
                            style={{
                              backgroundColor:
                                COLOR_SWATCHES[line.color as keyof typeof COLOR_SWATCHES] ??
                                UNKNOWN_COLOR_SWATCH,
                            }}
                          />
                          {t(`colors.${line.color}`, { defaultValue: line.color })}
                        </span>
                      </p>
                    </div>
                  </div>
                </td>
                <td className={td}>
                  {isEditing ? (
                    <input
                      type="number"
                      min={1}
                      step={1}
                      className={`${input} w-20`}
                      aria-label={t('orders.detail.quantity')}
                      value={draft.quantity}
                      onChange={(e) => setDraft((d) => ({ ...d, quantity: e.target.value }))}
                    />
                  ) : (
                    line.quantity
                  )}
                </td>
                <td className={`${td} whitespace-nowrap`}>{formatSom(line.price)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {isEditing ? (
                    <input
                      type="number"
                      min={0}
                      step={1}
                      className={`${input} w-32`}
                      aria-label={t('orders.detail.discountedPrice')}
                      placeholder={t('orders.detail.noDiscount')}
                      value={draft.discountedPrice}
                      onChange={(e) => setDraft((d) => ({ ...d, discountedPrice: e.target.value }))}
                    />
                  ) : line.discountedPrice != null ? (
                    formatSom(line.discountedPrice)
                  ) : (
                    '—'
                  )}
                </td>
                <td className={`${td} whitespace-nowrap text-emerald-800`}>
                  {savings > 0 ? formatSom(savings) : '—'}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {isEditing ? (
                    <div className="inline-flex gap-1">
                      <button
                        type="button"
                        className={`${btn.small} bg-brand-600 text-white`}
                        onClick={() => void save()}
                        disabled={saving}
                      >
                        {saving ? t('common.saving') : t('common.save')}
                      </button>
                      <button
                        type="button"
                        className={`${btn.small} border border-stone-300`}
                        onClick={() => setEditing(null)}
                        disabled={saving}
                      >
                        {t('common.cancel')}
                      </button>
                    </div>
                  ) : (
                    <RowActionButton
                      label={t('orders.detail.editLine', { name: line.product.name })}
                      onClick={() => startEdit(index)}
                      disabled={editing !== null}
                    >
                      {t('common.edit')}
                    </RowActionButton>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="bg-stone-50 font-semibold">
          <tr>
            <td className={td}>{t('orders.detail.total')}</td>
            <td className={`${td} whitespace-nowrap`} colSpan={3} data-testid="order-total">
              {formatSom(totals.total)}
            </td>
            <td className={`${td} text-emerald-800`} colSpan={2}>
              <span className="block text-xs font-normal">{t('orders.detail.totalSavings')}</span>
              <span className="whitespace-nowrap" data-testid="order-savings">
                {formatSom(totals.savings)}
              </span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
