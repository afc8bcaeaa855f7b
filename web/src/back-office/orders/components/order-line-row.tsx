import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  COLOR_SWATCHES,
  formatSom,
  orderLineSavings,
  orderLineTotal,
  shortId,
  thumbnailUrl,
  UNKNOWN_COLOR_SWATCH,
  isLanguage,
  type OrderLine,
  type OrderLineVariant,
} from '@shop/common';
import { ProductImage } from '../../../components/ui/product-image';
import { useProductText } from '../../../entities/product/product-text';
import { RowActionButton } from '../../components/row-action-button';
import { btn, input, td } from '../../components/styles';
import type { LineDraft } from '../lib/order-lines';

interface Props {
  line: OrderLine;
  index: number;
  /** This line's inputs while it is edited; null shows the line as it is. */
  draft: { value: LineDraft; set: Dispatch<SetStateAction<LineDraft>> } | null;
  saving: boolean;
  /** Another line is being edited: this one waits. */
  locked: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
}

/** One line of an order: the product, and its quantity and discounted price shown or edited in place. */
export function OrderLineRow({ line, index, draft, saving, locked, onEdit, onSave, onCancel }: Props) {
  const { t, i18n } = useTranslation('admin');
  const text = useProductText();
  const savings = orderLineSavings(line);
  return (
    <tr data-testid={`order-line-${index}`}>
      <td className={td}>
        <LineProduct line={line} />
      </td>
      <td className={td}>
        {draft ? (
          <input
            type="number"
            min={1}
            step={1}
            className={`${input} w-20`}
            aria-label={t('orders.detail.quantity')}
            value={draft.value.quantity}
            onChange={(e) => draft.set((d) => ({ ...d, quantity: e.target.value }))}
          />
        ) : (
          line.quantity
        )}
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatSom(line.price, i18n.language)}</td>
      <td className={`${td} whitespace-nowrap`}>
        {draft ? (
          <input
            type="number"
            min={0}
            step={1}
            className={`${input} w-32`}
            aria-label={t('orders.detail.discountedPrice')}
            placeholder={t('orders.detail.noDiscount')}
            value={draft.value.discountedPrice}
            onChange={(e) => draft.set((d) => ({ ...d, discountedPrice: e.target.value }))}
          />
        ) : line.discountedPrice != null ? (
          formatSom(line.discountedPrice, i18n.language)
        ) : (
          '—'
        )}
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatSom(orderLineTotal(line), i18n.language)}</td>
      <td className={`${td} whitespace-nowrap text-emerald-800`}>
        {savings > 0 ? formatSom(savings, i18n.language) : '—'}
      </td>
      <td className={`${td} whitespace-nowrap`}>
        {draft ? (
          <div className="inline-flex gap-1">
            <button
              type="button"
              className={`${btn.small} bg-brand-600 text-white`}
              onClick={onSave}
              disabled={saving}
            >
              {saving ? t('common.saving') : t('common.save')}
            </button>
            <button
              type="button"
              className={`${btn.small} border border-stone-300`}
              onClick={onCancel}
              disabled={saving}
            >
              {t('common.cancel')}
            </button>
          </div>
        ) : (
          <RowActionButton
            label={t('orders.detail.editLine', { name: text.name(line.product) })}
            onClick={onEdit}
            disabled={locked}
          >
            {t('common.edit')}
          </RowActionButton>
        )}
      </td>
    </tr>
  );
}

function LineProduct({ line }: { line: OrderLine }) {
  const { t } = useTranslation('admin');
  const text = useProductText();
  return (
    <div className="flex min-w-48 items-center gap-3">
      <ProductImage
        src={thumbnailUrl(line.product.productImages[0])}
        alt=""
        width={40}
        height={40}
        className="h-10 w-10 shrink-0 rounded object-cover"
      />
      <div className="min-w-0">
        <p className="font-medium">{text.name(line.product)}</p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
          <span>
            {t('orders.detail.id')}: <span className="font-mono">{shortId(line.product._id)}</span>
          </span>
          {line.variant ? <LineVariant variant={line.variant} /> : <LineColour colour={line.color} />}
        </p>
      </div>
    </div>
  );
}

function LineColour({ colour }: { colour: string }) {
  const { t } = useTranslation('admin');
  return (
    <span className="inline-flex items-center gap-1">
      <span className="sr-only">{t('orders.detail.color')}:</span>
      <span
        aria-hidden="true"
        className="inline-block h-3 w-3 rounded-full border border-stone-400"
        style={{
          backgroundColor: COLOR_SWATCHES[colour as keyof typeof COLOR_SWATCHES] ?? UNKNOWN_COLOR_SWATCH,
        }}
      />
      {t(`colors.${colour}`, { defaultValue: colour })}
    </span>
  );
}

/** The variant ordered, named as it read then, in the reader's language, and its SKU. */
function LineVariant({ variant }: { variant: OrderLineVariant }) {
  const { t, i18n } = useTranslation('admin');
  const language = isLanguage(i18n.language) ? i18n.language : 'uz';
  return (
    <>
      <span>
        <span className="sr-only">{t('orders.detail.variant')}: </span>
        <span className="font-medium text-stone-800">{variant.label[language] || variant.label.uz}</span>
      </span>
      <span>
        {t('orders.detail.sku')}: <span className="font-mono">{variant.sku}</span>
      </span>
    </>
  );
}
