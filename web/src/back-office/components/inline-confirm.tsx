import { useTranslation } from '../../lib/use-translation';
import { btn } from './styles';

interface InlineConfirmProps {
  /** Names the question for a screen reader. */
  title: string;
  message: string;
  confirmLabel: string;
  /** `danger` for what cannot be undone (a refund, a cancelled contract). */
  tone?: 'primary' | 'danger';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A money step asked in place, under the button that opened it (a dialog would hide the order). */
export function InlineConfirm({
  title,
  message,
  confirmLabel,
  tone = 'primary',
  busy,
  onConfirm,
  onCancel,
}: InlineConfirmProps) {
  const { t } = useTranslation('admin');
  return (
    <div role="group" aria-label={title} className="space-y-2">
      <p className="text-sm text-stone-800">{message}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn[tone]} disabled={busy} onClick={onConfirm}>
          {busy ? t('common.saving') : confirmLabel}
        </button>
        <button type="button" className={btn.secondary} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
