import { useTranslation } from '../../lib/use-translation';
import { Modal } from '../../components/ui/modal';
import { btn } from './styles';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Every delete asks first. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p className="text-stone-700">{message}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={btn.secondary} onClick={onCancel} disabled={busy} autoFocus>
          {t('common.cancel')}
        </button>
        <button type="button" className={btn.danger} onClick={onConfirm} disabled={busy}>
          {busy ? t('common.working') : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
