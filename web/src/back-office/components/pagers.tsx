import { useTranslation } from 'react-i18next';
import { numberedPager, simplePager, windowPager } from '../lib/pager';

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

const pageButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-stone-300 bg-white px-3 text-sm font-medium text-stone-700 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40';
const currentButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-brand-600 bg-brand-600 px-3 text-sm font-semibold text-white';

/** First, previous, next or last: a glyph with a spoken label. */
function StepItem({
  step,
  label,
  glyph,
  onChange,
}: {
  step: { page: number; disabled: boolean };
  label: string;
  glyph: string;
  onChange: (page: number) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={pageButton}
        disabled={step.disabled}
        onClick={() => onChange(step.page)}
        aria-label={label}
      >
        {glyph}
      </button>
    </li>
  );
}

function PageNumberButton({
  page,
  current,
  onChange,
}: {
  page: number;
  current: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <button
      type="button"
      className={current ? currentButton : pageButton}
      aria-current={current ? 'page' : undefined}
      aria-label={t('common.pagination.page', { page })}
      onClick={() => onChange(page)}
    >
      {page}
    </button>
  );
}

/** Products: first, previous, up to 5 numbers, next, last; previous/next only on a phone. */
export function WindowPager({ page, totalPages, onChange }: PagerProps) {
  const { t } = useTranslation('admin');
  const model = windowPager(page, totalPages);
  if (!model.visible) return null;
  return (
    <nav aria-label={t('common.pagination.label')} className="mt-4">
      <div className="flex items-center justify-between gap-2 sm:hidden">
        <button
          type="button"
          className={pageButton}
          disabled={model.prev.disabled}
          onClick={() => onChange(model.prev.page)}
        >
          {t('common.pagination.previous')}
        </button>
        <span className="text-sm text-stone-600">
          {t('common.pagination.pageOf', { page: model.current, total: model.totalPages })}
        </span>
        <button
          type="button"
          className={pageButton}
          disabled={model.next.disabled}
          onClick={() => onChange(model.next.page)}
        >
          {t('common.pagination.next')}
        </button>
      </div>
      <ul className="hidden flex-wrap items-center justify-center gap-1 sm:flex">
        <StepItem step={model.first} label={t('common.pagination.first')} glyph="«" onChange={onChange} />
        <StepItem step={model.prev} label={t('common.pagination.previous')} glyph="‹" onChange={onChange} />
        {model.pages.map((number) => (
          <li key={number}>
            <PageNumberButton page={number} current={number === model.current} onChange={onChange} />
          </li>
        ))}
        <StepItem step={model.next} label={t('common.pagination.next')} glyph="›" onChange={onChange} />
        <StepItem step={model.last} label={t('common.pagination.last')} glyph="»" onChange={onChange} />
      </ul>
    </nav>
  );
}

/** Users: numbered pages. */
export function NumberedPager({ page, totalPages, onChange }: PagerProps) {
  const { t } = useTranslation('admin');
  const items = numberedPager(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('common.pagination.label')} className="mt-4">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <PageNumberButton page={item.page} current={item.current} onChange={onChange} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** Orders: Previous, 'Page X of Y', Next. */
export function SimplePager({ page, totalPages, onChange }: PagerProps) {
  const { t } = useTranslation('admin');
  const model = simplePager(page, totalPages);
  if (!model.visible) return null;
  return (
    <nav aria-label={t('common.pagination.label')} className="mt-4 flex items-center justify-between gap-2">
      <button
        type="button"
        className={pageButton}
        disabled={model.prevDisabled}
        onClick={() => onChange(model.current - 1)}
      >
        {t('common.pagination.previous')}
      </button>
      <span className="text-sm text-stone-600">
        {t('common.pagination.pageOf', { page: model.current, total: model.totalPages })}
      </span>
      <button
        type="button"
        className={pageButton}
        disabled={model.nextDisabled}
        onClick={() => onChange(model.current + 1)}
      >
        {t('common.pagination.next')}
      </button>
    </nav>
  );
}
