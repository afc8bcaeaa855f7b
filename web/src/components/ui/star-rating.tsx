import { useTranslation } from '../../lib/use-translation';
import { Star } from 'lucide-react';
import { REVIEW_LIMITS, formatRating, type RatingSummary } from '@shop/common';

const STARS = Array.from({ length: REVIEW_LIMITS.maxRating }, (_, index) => index);

function StarRow({ className, size }: { className: string; size: number }) {
  return (
    <span className="flex gap-0.5">
      {STARS.map((index) => (
        <Star key={index} size={size} strokeWidth={1.5} className={`shrink-0 ${className}`} />
      ))}
    </span>
  );
}

/** Five stars filled to a value (fractions too: 4.3 fills four stars and a third of the fifth). */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const percent = Math.max(0, Math.min(1, value / REVIEW_LIMITS.maxRating)) * 100;
  return (
    <span aria-hidden="true" className="relative inline-flex">
      <StarRow className="fill-stone-300 text-stone-300" size={size} />
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${percent}%` }}>
        <StarRow className="fill-amber-400 text-amber-400" size={size} />
      </span>
    </span>
  );
}

/**
 * A product's real rating: the average of its published reviews and how many there are, or
 * "no reviews yet"; never a made-up number (decision 014).
 */
export function StarRating({ rating, size = 16 }: { rating: RatingSummary; size?: number }) {
  const { t, i18n } = useTranslation('common');
  if (rating.count < 1 || rating.average === null) {
    return <p className="text-xs text-stone-600">{t('rating.none')}</p>;
  }
  const value = formatRating(rating.average, i18n.language);
  return (
    <div
      className="flex items-center gap-1"
      role="img"
      aria-label={t('rating.summary', { value, count: rating.count })}
    >
      <Stars value={rating.average} size={size} />
      <span aria-hidden="true" className="ml-1 text-xs text-stone-700">
        {value} <span className="text-stone-600">({rating.count})</span>
      </span>
    </div>
  );
}
