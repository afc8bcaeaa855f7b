import { useId, useRef, useState, type Ref } from 'react';
import { useDispatch } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import type { Product, ProductVariant } from '@shop/common';
import { ColorDot, useColorName } from '../../../components/ui/color-swatch';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { toast } from '../../../lib/toast';
import { addItem } from '../../../entities/cart/cart-slice';
import { useProductText } from '../../../entities/product/product-text';
import { variantColour } from '../../../lib/variant-choice';
import { useMainButton } from '../../../entities/telegram/web-app';
import { RequestQuoteButton } from '../../../entities/quote/request-quote-button';

/**
 * The colour to pick (preselected when there is one), the quantity, and the add-to-cart button.
 * A product with variants has its colour in the variant (`product` is then as the variant sells it).
 */
export function AddToCartForm({ product, variant }: { product: Product; variant?: ProductVariant }) {
  const { t } = useTranslation(['storefront', 'common']);
  const text = useProductText();
  const dispatch = useDispatch();
  const [color, setColor] = useState<string | null>(
    variant ? variantColour(product, variant) : product.color.length === 1 ? product.color[0]! : null,
  );
  const [quantity, setQuantity] = useState(1);
  const [colorMissing, setColorMissing] = useState(false);
  const picker = useRef<HTMLFieldSetElement>(null);
  const inStock = product.stock > 0;

  // A product saved without colours has no colour step (decision 016). Said at the picker, which
  // takes the focus, so the shopper is where the choice is made: before the cart and before a quote.
  const colorChosen = () => {
    if (variant || color || product.color.length === 0) return true;
    setColorMissing(true);
    picker.current?.querySelector('input')?.focus();
    return false;
  };

  const addToCart = () => {
    if (!inStock || !colorChosen()) return;
    dispatch(addItem({ product, variant, quantity, selectedColor: color ?? '' }));
    toast.success(t('cart.added', { name: text.name(product) }));
  };
  useMainButton({ text: t('product.addToCart'), onClick: addToCart, disabled: !inStock });

  return (
    <>
      {!variant && product.color.length > 0 && (
        <ColorChoice
          ref={picker}
          colors={product.color}
          value={color}
          missing={colorMissing}
          onChange={(next) => {
            setColor(next);
            setColorMissing(false);
          }}
        />
      )}
      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          max={Math.max(1, product.stock)}
          label={t('product.quantity')}
        />
        <button
          type="button"
          data-early-tap
          onClick={addToCart}
          disabled={!inStock}
          className="flex-1 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400 sm:flex-none"
        >
          {t('product.addToCart')}
        </button>
        <RequestQuoteButton
          lines={[
            {
              productId: product._id,
              color: color ?? '',
              quantity,
              name: text.name(product),
              ...(variant && { variantId: variant._id }),
            },
          ]}
          ready={colorChosen}
        />
      </div>
    </>
  );
}

function ColorChoice({
  ref,
  colors,
  value,
  missing,
  onChange,
}: {
  ref: Ref<HTMLFieldSetElement>;
  colors: string[];
  value: string | null;
  missing: boolean;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  const colorName = useColorName();
  const errorId = useId();
  return (
    <fieldset ref={ref} aria-describedby={missing ? errorId : undefined}>
      <legend className="mb-2 font-medium">
        {t('product.color')}
        {value && <span className="font-normal text-stone-600">: {colorName(value)}</span>}
      </legend>
      {missing && (
        <p id={errorId} role="alert" className="mb-2 text-sm font-medium text-red-700">
          {t('product.selectColor')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {colors.map((key) => (
          <label
            key={key}
            className={`flex cursor-pointer items-center gap-2 rounded-full border-2 px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${value === key ? 'border-brand-700 bg-brand-50' : missing ? 'border-red-600 bg-white' : 'border-stone-300 bg-white'}`}
          >
            <input
              type="radio"
              name="color"
              value={key}
              checked={value === key}
              onChange={() => onChange(key)}
              className="sr-only"
            />
            <ColorDot color={key} size="h-5 w-5" />
            {colorName(key)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
