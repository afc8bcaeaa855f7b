import { isLanguage, variantLabel, type ProductOption } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { th } from '../../components/styles';
import type { VariantDraft } from '../lib/variant-draft';
import type { VariantsErrors } from '../lib/variant-errors';
import { VariantRow } from './variant-row';

interface Props {
  options: ProductOption[];
  rows: VariantDraft[];
  selected: ReadonlySet<string>;
  errors: VariantsErrors['rows'];
  onToggle: (key: string) => void;
  onToggleAll: () => void;
  onChange: (index: number, row: VariantDraft) => void;
}

const COLUMNS = [
  'sku',
  'price',
  'discountedPrice',
  'stock',
  'madeToOrder',
  'leadDays',
  'status',
  'image',
] as const;

/** Every variant in one table, so prices and stock are set side by side. */
export function VariantTable({ options, rows, selected, errors, onToggle, onToggleAll, onChange }: Props) {
  const { t, i18n } = useTranslation('admin');
  if (rows.length === 0) return <p className="text-sm text-stone-600">{t('variants.none')}</p>;
  const language = isLanguage(i18n.language) ? i18n.language : 'uz';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-stone-200">
        <caption className="sr-only">{t('variants.table')}</caption>
        <thead>
          <tr>
            <th className={th} scope="col">
              <input
                type="checkbox"
                className="h-4 w-4"
                aria-label={t('variants.selectAll')}
                checked={selected.size > 0 && selected.size === rows.length}
                onChange={onToggleAll}
              />
            </th>
            <th className={th} scope="col">
              {t('variants.columns.variant')}
            </th>
            {COLUMNS.map((column) => (
              <th key={column} className={th} scope="col">
                {t(`variants.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row, index) => (
            <VariantRow
              key={row.key}
              row={row}
              name={variantLabel(options, row.values, language) || row.sku}
              selected={selected.has(row.key)}
              errors={errors[index]}
              onSelect={() => onToggle(row.key)}
              onChange={(changed) => onChange(index, changed)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
