import { useTranslation } from 'react-i18next';
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
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill={saved ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
      </svg>
    </button>
  );
}
