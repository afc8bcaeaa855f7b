import { useTranslation } from '../../../lib/use-translation';
import { formatSom, thumbnailUrl, type OrderLine } from '@shop/common';
import { ColorDot, useColorName } from '../../../components/ui/color-swatch';
import { ProductImage } from '../../../components/ui/product-image';
import { useProductText } from '../../../entities/product/product-text';

/** What was ordered, line by line, in the shopper's language. */
export function OrderSummaryLines({ lines }: { lines: readonly OrderLine[] }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const colorName = useColorName();
  return (
    <ul className="divide-y divide-stone-100" data-testid="confirmation-lines">
      {lines.map((line, index) => {
        const unit = line.discountedPrice ?? line.price;
        return (
          <li key={`${line.product._id}-${line.color}-${index}`} className="flex items-center gap-3 py-3">
            <ProductImage
              src={thumbnailUrl(line.product.productImages[0])}
              alt=""
              width={48}
              height={48}
              className="h-12 w-12 shrink-0 rounded bg-stone-100 object-cover"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{text.name(line.product)}</p>
              <p className="flex items-center gap-1 text-stone-600">
                {line.color && (
                  <>
                    <ColorDot color={line.color} /> {colorName(line.color)} ·{' '}
                  </>
                )}
                {t('myOrders.quantity', { count: line.quantity })}
              </p>
            </div>
            <p className="whitespace-nowrap text-sm font-semibold">
              {formatSom(unit * line.quantity, i18n.language)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
