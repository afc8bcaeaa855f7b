import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { Heart } from 'lucide-react';
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
      <Heart />
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
