import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSaved } from '../../../entities/saved/use-saved';

/** The header's heart: a link to /saved with the number of saved products. */
export function SavedLink() {
  const { t } = useTranslation('common');
  const { ids } = useSaved();
  const count = ids.length;
  return (
    <Link
      to="/saved"
      aria-label={t('nav.saved', { count })}
      className="relative rounded-full p-2 text-stone-700 hover:bg-stone-100"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
      </svg>
      {count > 0 && (
        <span
          data-testid="saved-badge"
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}
