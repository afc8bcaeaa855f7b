import { useTranslation } from '../../lib/use-translation';

export function Spinner({ className = 'h-8 w-8' }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-4 border-brand-100 border-t-brand-600`}
      />
      <span className="sr-only">{t('states.loading')}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
