import { useTranslation } from '../../lib/use-translation';

/** An active filter, removable with its × button. */
export function FilterChip({ label, onRemove }: { label: string; onRemove?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800">
      <span>{label}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-brand-100"
          aria-label={t('common.removeFilter', { label })}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}
