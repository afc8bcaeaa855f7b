import { useTranslation } from '../../lib/use-translation';
import { Heart } from 'lucide-react';
import type { Product } from '@shop/common';
import { useProductText } from './product-text';
import { useToggleSaved } from '../saved/use-saved';

/**
 * The heart on a product: a toggle button (aria-pressed) that saves the product for later, filled
 * while it is saved. The toast says what happened.
 */
export function SavedHeart({
  product,
  className = '',
  size = 18,
}: {
  product: Product;
  className?: string;
  size?: number;
}) {
  const { t } = useTranslation('common');
  const text = useProductText();
  const { saved, busy, toggle } = useToggleSaved(product);
  const label = t('saved.save', { name: text.name(product) });
  return (
    <button
      type="button"
      data-early-tap
      aria-label={label}
      title={label}
      aria-pressed={saved}
      aria-busy={busy || undefined}
      // Not `disabled` while the server answers: a disabled button would drop keyboard focus.
      onClick={() => {
        if (!busy) void toggle();
      }}
      className={`rounded-full bg-white/90 p-2 shadow hover:text-red-600 ${saved ? 'text-red-600' : 'text-stone-600'} ${className}`}
    >
      <Heart size={size} fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
