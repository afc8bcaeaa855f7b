import { useId } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { Star } from 'lucide-react';
import { REVIEW_LIMITS } from '@shop/common';

const VALUES = Array.from(
  { length: REVIEW_LIMITS.maxRating - REVIEW_LIMITS.minRating + 1 },
  (_, index) => REVIEW_LIMITS.minRating + index,
);

/**
 * 1–5 stars as a radio group: Tab reaches it, the arrow keys move the rating, each star is read
 * out as "N stars". The error, when there is one, is announced with the group.
 */
export function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
}) {
  const { t } = useTranslation('storefront');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 font-medium">{t('reviews.form.rating')}</legend>
      <div className="flex gap-1">
        {VALUES.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={`${id}-rating`}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-label={t('reviews.form.star', { count: star })}
            />
            <Star
              size={28}
              strokeWidth={1.5}
              className={
                value !== null && star <= value
                  ? 'fill-amber-400 text-amber-400'
                  : 'fill-stone-300 text-stone-300'
              }
            />
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
