import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { pagerModel, type PageStep, type PagerModel } from './pager-model';

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Spacing from what is above, set where the pager is placed. */
  className?: string;
}

const button =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium';
const idle = `${button} border-stone-300 bg-white text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40`;
const currentPage = `${button} border-brand-700 bg-brand-700 font-semibold text-white`;

/** The model when the pager shows, else null: every pager hides when everything fits on one page. */
function shownModel({ page, totalPages }: PagerProps): PagerModel | null {
  const model = pagerModel(page, totalPages);
  return model.visible ? model : null;
}

function PagerNav({ className = '', children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('pagination.label')} className={className}>
      {children}
    </nav>
  );
}

function PageNumber({
  page,
  current,
  onChange,
}: {
  page: number;
  current: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className={current ? currentPage : idle}
      aria-current={current ? 'page' : undefined}
      aria-label={t('pagination.page', { page })}
      onClick={() => onChange(page)}
    >
      {page}
    </button>
  );
}

/** A step button: its words, or a glyph with the words as its name. */
function Step({
  step,
  label,
  glyph,
  onChange,
}: {
  step: PageStep;
  label: string;
  glyph?: string;
  onChange: (page: number) => void;
}) {
  return (
    <button
      type="button"
      className={idle}
      disabled={step.disabled}
      aria-label={glyph ? label : undefined}
      onClick={() => onChange(step.page)}
    >
      {glyph ?? label}
    </button>
  );
}

function PageOf({ model }: { model: PagerModel }) {
  const { t } = useTranslation('common');
  return (
    <span className="text-sm text-stone-600">
      {t('pagination.pageOf', { page: model.current, total: model.totalPages })}
    </span>
  );
}

/** Previous, the numbered pages with gaps, next: the catalogue, product reviews, staff users and reviews. */
export function Pager(props: PagerProps) {
  const { t } = useTranslation('common');
  const model = shownModel(props);
  if (!model) return null;
  const { onChange } = props;
  return (
    <PagerNav className={`flex flex-wrap items-center justify-center gap-2 ${props.className ?? ''}`}>
      <Step step={model.prev} label={t('pagination.previous')} onChange={onChange} />
      {model.numbers.map((item) =>
        item.type === 'gap' ? (
          <span key={item.key} aria-hidden="true" className="px-1 text-stone-500">
            …
          </span>
        ) : (
          <PageNumber
            key={item.page}
            page={item.page}
            current={item.page === model.current}
            onChange={onChange}
          />
        ),
      )}
      <Step step={model.next} label={t('pagination.next')} onChange={onChange} />
    </PagerNav>
  );
}

/** First, previous, five pages around the current one, next, last; on a phone, previous and next: staff products. */
export function WindowPager(props: PagerProps) {
  const { t } = useTranslation('common');
  const model = shownModel(props);
  if (!model) return null;
  const { onChange } = props;
  return (
    <PagerNav className={props.className}>
      <div className="flex items-center justify-between gap-2 sm:hidden">
        <Step step={model.prev} label={t('pagination.previous')} onChange={onChange} />
        <PageOf model={model} />
        <Step step={model.next} label={t('pagination.next')} onChange={onChange} />
      </div>
      <ul className="hidden flex-wrap items-center justify-center gap-1 sm:flex">
        <li>
          <Step step={model.first} label={t('pagination.first')} glyph="«" onChange={onChange} />
        </li>
        <li>
          <Step step={model.prev} label={t('pagination.previous')} glyph="‹" onChange={onChange} />
        </li>
        {model.window.map((page) => (
          <li key={page}>
            <PageNumber page={page} current={page === model.current} onChange={onChange} />
          </li>
        ))}
        <li>
          <Step step={model.next} label={t('pagination.next')} glyph="›" onChange={onChange} />
        </li>
        <li>
          <Step step={model.last} label={t('pagination.last')} glyph="»" onChange={onChange} />
        </li>
      </ul>
    </PagerNav>
  );
}

/** Previous, 'Page X of Y', next, for lists read in order: staff orders and the audit log. */
export function StepPager(props: PagerProps) {
  const { t } = useTranslation('common');
  const model = shownModel(props);
  if (!model) return null;
  const { onChange } = props;
  return (
    <PagerNav className={`flex items-center justify-between gap-2 ${props.className ?? ''}`}>
      <Step step={model.prev} label={t('pagination.previous')} onChange={onChange} />
      <PageOf model={model} />
      <Step step={model.next} label={t('pagination.next')} onChange={onChange} />
    </PagerNav>
  );
}
