import { formatSom, thumbnailUrl, type Language, type OrderLine } from '@shop/common';
import { ColorDot, useColorName } from '../../components/ui/color-swatch';
import { ProductImage } from '../../components/ui/product-image';
import { useTranslation } from '../../lib/use-translation';
import { useProductText } from '../product/product-text';

/**
 * One line of a shopper's order, in their language: the picture, the name, the colour and count,
 * and the line's total; `detailed` adds the unit price (struck through when it was discounted).
 */
export function OrderLineItem({ line, detailed = false }: { line: OrderLine; detailed?: boolean }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const colorName = useColorName();
  const unit = line.discountedPrice ?? line.price;
  const side = detailed ? 64 : 48;
  return (
    <li className="flex items-center gap-3 py-3">
      <ProductImage
        src={thumbnailUrl(line.product.productImages[0])}
        alt=""
        width={side}
        height={side}
        className={`${detailed ? 'h-16 w-16' : 'h-12 w-12'} shrink-0 rounded bg-stone-100 object-cover`}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">
          {text.name(line.product)}
          {line.variant && (
            <span className="font-normal text-stone-600" data-testid="order-line-variant">
              {' '}
              ({line.variant.label[i18n.language as Language] || line.variant.label.uz})
            </span>
          )}
        </p>
        <p className="flex items-center gap-1 text-stone-600">
          {line.color && !line.variant && (
            <>
              <ColorDot color={line.color} /> {colorName(line.color)} ·{' '}
            </>
          )}
          {t('myOrders.quantity', { count: line.quantity })}
        </p>
        {detailed && (
          <p>
            {formatSom(unit, i18n.language)}
            {line.discountedPrice !== null && line.discountedPrice < line.price && (
              <del className="ml-2 text-stone-500">{formatSom(line.price, i18n.language)}</del>
            )}
          </p>
        )}
      </div>
      <p className="whitespace-nowrap text-sm font-semibold">
        {formatSom(unit * line.quantity, i18n.language)}
      </p>
    </li>
  );
}
