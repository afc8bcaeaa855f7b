import { VARIANT_STATUSES, type VariantStatus } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { fieldError, input, td } from '../../components/styles';
import type { VariantDraft } from '../lib/variant-draft';
import type { RowField, VariantsError } from '../lib/variant-errors';
import { useVariantsErrorText } from './variants-error-text';

interface Props {
  row: VariantDraft;
  /** The variant's values in the reader's language: "140 cm · Oak". */
  name: string;
  selected: boolean;
  errors?: Partial<Record<RowField, VariantsError>>;
  onSelect: () => void;
  onChange: (row: VariantDraft) => void;
}

type TextField = 'sku' | 'price' | 'discountedPrice' | 'stock' | 'leadDays' | 'image';
const WIDTHS: Record<TextField, string> = {
  sku: 'min-w-44',
  price: 'min-w-28',
  discountedPrice: 'min-w-28',
  stock: 'min-w-20',
  leadDays: 'min-w-20',
  image: 'min-w-16',
};

/** One variant: its own SKU, prices, stock, lead time, picture and whether shoppers see it. */
export function VariantRow({ row, name, selected, errors = {}, onSelect, onChange }: Props) {
  const { t } = useTranslation('admin');
  const errorText = useVariantsErrorText();
  const text = (field: TextField) => (
    <td className={`${td} align-top ${WIDTHS[field]}`}>
      <input
        className={input}
        inputMode={field === 'sku' ? undefined : 'numeric'}
        aria-label={t('variants.field', { name, field: t(`variants.columns.${field}`) })}
        aria-invalid={errors[field] ? true : undefined}
        value={row[field]}
        onChange={(e) => onChange({ ...row, [field]: e.target.value })}
      />
      {errors[field] && <p className={fieldError}>{errorText(errors[field])}</p>}
    </td>
  );
  return (
    <tr className={row.status === 'hidden' ? 'bg-stone-50 text-stone-500' : undefined}>
      <td className={`${td} align-top`}>
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={selected}
          aria-label={t('variants.selectRow', { name })}
          onChange={onSelect}
        />
      </td>
      <td className={`${td} align-top font-medium`}>
        {name}
        {errors.values && <p className={fieldError}>{errorText(errors.values)}</p>}
      </td>
      {text('sku')}
      {text('price')}
      {text('discountedPrice')}
      {text('stock')}
      <td className={`${td} align-top`}>
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={row.madeToOrder}
          aria-label={t('variants.field', { name, field: t('variants.columns.madeToOrder') })}
          onChange={(e) => onChange({ ...row, madeToOrder: e.target.checked })}
        />
      </td>
      {text('leadDays')}
      <td className={`${td} align-top`}>
        <select
          className={input}
          aria-label={t('variants.field', { name, field: t('variants.columns.status') })}
          value={row.status}
          onChange={(e) => onChange({ ...row, status: e.target.value as VariantStatus })}
        >
          {VARIANT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`variants.status.${status}`)}
            </option>
          ))}
        </select>
      </td>
      {text('image')}
    </tr>
  );
}
