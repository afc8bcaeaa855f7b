import {
  labelIn,
  thumbnailUrl,
  type Language,
  type Product,
  type ProductOption,
  type ProductVariant,
} from '@shop/common';
import { OptionLabel } from '../../../components/ui/option-label';
import { useTranslation } from '../../../lib/use-translation';
import { activeVariants, valueState, variantAfterPick } from '../../../lib/variant-choice';

/**
 * One row of choices per option: colour and material as swatches (a dot of the colour or a small
 * photo), sizes as text. A combination that does not exist or is sold out stays visible, struck.
 */
export function VariantPicker({
  product,
  variant,
  onPick,
}: {
  product: Product;
  variant: ProductVariant;
  onPick: (variant: ProductVariant) => void;
}) {
  const { t, i18n } = useTranslation('storefront');
  const language = i18n.language as Language;
  const variants = activeVariants(product);
  return (
    <div className="flex flex-col gap-4">
      {product.options.map((option) => {
        const chosen = option.values.find((value) => value.code === variant.values[option.code]);
        return (
          <fieldset key={option.code}>
            <legend className="mb-2 font-medium">
              {labelIn(option.name, language)}
              {chosen && (
                <span className="font-normal text-stone-600">
                  : <OptionLabel text={labelIn(chosen.label, language)} />
                </span>
              )}
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const state = valueState(variants, variant.values, option, value.code);
                const picked = chosen?.code === value.code;
                const label = labelIn(value.label, language);
                const next = variantAfterPick(variants, variant.values, option, value.code);
                const note =
                  state === 'missing'
                    ? t('variant.missing')
                    : state === 'soldOut'
                      ? t('variant.soldOut')
                      : '';
                return (
                  <label
                    key={value.code}
                    className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-full border-2 px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${picked ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-white'} ${state === 'available' ? '' : 'text-stone-500 line-through decoration-2'} ${state === 'missing' ? 'border-dashed opacity-60' : ''} ${next ? '' : 'cursor-not-allowed'}`}
                  >
                    <input
                      type="radio"
                      name={`option-${option.code}`}
                      value={value.code}
                      checked={picked}
                      // A missing combination still leads to this value with the nearest other choices.
                      disabled={!next}
                      onChange={() => next && onPick(next)}
                      className="sr-only"
                    />
                    <Swatch product={product} swatch={value.swatch} />
                    <OptionLabel text={label} />
                    {note && <span className="sr-only">, {note}</span>}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

function Swatch({
  product,
  swatch,
}: {
  product: Product;
  swatch: ProductOption['values'][number]['swatch'];
}) {
  if (typeof swatch === 'string')
    return (
      <span
        aria-hidden="true"
        className="h-5 w-5 shrink-0 rounded-full border border-stone-300"
        style={{ backgroundColor: swatch }}
      />
    );
  const photo = typeof swatch === 'number' ? product.productImages[swatch] : undefined;
  if (!photo) return null;
  return (
    <img
      src={thumbnailUrl(photo) ?? undefined}
      alt=""
      width={24}
      height={24}
      loading="lazy"
      className="h-6 w-6 shrink-0 rounded-full object-cover"
    />
  );
}
