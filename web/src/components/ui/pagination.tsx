import { useTranslation } from 'react-i18next';
import { paginationModel } from '../../lib/pagination';

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

export function Pagination({ page, totalPages, onChange }: Props) {
  const { t } = useTranslation('common');
  if (totalPages <= 1) return null;
  const base = 'min-w-10 h-10 rounded-md border px-3 text-sm font-medium';
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      <button
        type="button"
        className={`${base} border-stone-300 bg-white disabled:opacity-40`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t('pagination.previous')}
      </button>
      {paginationModel(page, totalPages).map((item) =>
        item.type === 'ellipsis' ? (
          <span key={item.key} aria-hidden="true" className="px-1 text-stone-500">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            aria-current={item.page === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item.page })}
            onClick={() => onChange(item.page)}
            className={`${base} ${item.page === page ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white hover:bg-stone-100'}`}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${base} border-stone-300 bg-white disabled:opacity-40`}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}
