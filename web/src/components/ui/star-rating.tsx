import { useTranslation } from 'react-i18next';

/** The fixed placeholder rating of 4.0 / 5.0 (spec §2, product card). */
export function StarRating() {
  const { t } = useTranslation('common');
  return (
    <div className="flex items-center gap-1" aria-label={t('product.rating', { value: '4.0' })} role="img">
      {[0, 1, 2, 3, 4].map((index) => (
        <svg
          key={index}
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="16"
          height="16"
          className={index < 4 ? 'fill-amber-400' : 'fill-stone-300'}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
      <span aria-hidden="true" className="ml-1 text-xs text-stone-600">
        4.0
      </span>
    </div>
  );
}
