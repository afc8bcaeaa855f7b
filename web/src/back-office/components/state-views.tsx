import { useTranslation } from '../../lib/use-translation';
import { Spinner } from '../../components/ui/spinner';
import { btn } from './styles';

export function LoadingRow() {
  return (
    <div className="flex justify-center py-10">
      <Spinner />
    </div>
  );
}

export function ErrorBox({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className={`${btn.secondary} mt-3`} onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function EmptyBox({ message }: { message: string }) {
  return (
    <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">
      {message}
    </p>
  );
}
