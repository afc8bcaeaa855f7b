import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { btn, input, label } from '../../components/styles';
import type { BulkPatch } from '../lib/variant-draft';

/** Price, stock, lead days and made-to-order set at once for the selected rows; empty = keep. */
export function VariantBulkBar({ count, onApply }: { count: number; onApply: (patch: BulkPatch) => void }) {
  const { t } = useTranslation('admin');
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [leadDays, setLeadDays] = useState('');
  const [madeToOrder, setMadeToOrder] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...(price.trim() ? { price: price.trim() } : {}),
      ...(stock.trim() ? { stock: stock.trim() } : {}),
      ...(leadDays.trim() ? { leadDays: leadDays.trim() } : {}),
      ...(madeToOrder ? { madeToOrder: madeToOrder === 'yes' } : {}),
    });
  };
  const field = (text: string, value: string, set: (value: string) => void) => (
    <label className="block w-28 shrink-0 text-sm">
      <span className={label}>{text}</span>
      <input className={input} inputMode="numeric" value={value} onChange={(e) => set(e.target.value)} />
    </label>
  );
  return (
    <div
      role="group"
      aria-label={t('variants.bulk.title', { count })}
      className="flex flex-wrap items-end gap-2 rounded-lg bg-stone-50 p-3"
    >
      <p className="w-full text-sm font-semibold">{t('variants.bulk.title', { count })}</p>
      {field(t('variants.columns.price'), price, setPrice)}
      {field(t('variants.columns.stock'), stock, setStock)}
      {field(t('variants.columns.leadDays'), leadDays, setLeadDays)}
      <label className="block w-32 text-sm">
        <span className={label}>{t('variants.columns.madeToOrder')}</span>
        <select className={input} value={madeToOrder} onChange={(e) => setMadeToOrder(e.target.value)}>
          <option value="">{t('variants.bulk.keep')}</option>
          <option value="yes">{t('variants.bulk.yes')}</option>
          <option value="no">{t('variants.bulk.no')}</option>
        </select>
      </label>
      <button type="button" className={btn.secondary} disabled={count === 0} onClick={apply}>
        {t('variants.bulk.apply')}
      </button>
      {count === 0 && <p className="text-xs text-stone-600">{t('variants.bulk.nothingSelected')}</p>}
    </div>
  );
}
