import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { btn, input, label } from '../../components/styles';

/** The staff's notes on an order, saved with their own button. */
export function OrderNotes({
  notes: saved,
  saving,
  disabled,
  onSave,
}: {
  notes: string;
  saving: boolean;
  disabled: boolean;
  onSave: (notes: string) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const id = useId();
  const [notes, setNotes] = useState(saved);
  const [notesSeen, setNotesSeen] = useState(saved);
  if (notesSeen !== saved) {
    // The order changed under the dialog (saved here or by another edit): show its notes.
    setNotesSeen(saved);
    setNotes(saved);
  }
  return (
    <section>
      <label htmlFor={id} className={label}>
        {t('orders.detail.notes')}
      </label>
      <textarea
        id={id}
        rows={3}
        className={input}
        value={notes}
        placeholder={t('orders.detail.notesPlaceholder')}
        onChange={(e) => setNotes(e.target.value)}
      />
      <button
        type="button"
        className={`${btn.secondary} mt-2`}
        onClick={() => onSave(notes)}
        disabled={disabled || notes === saved}
      >
        {saving ? t('common.saving') : t('orders.detail.saveNotes')}
      </button>
    </section>
  );
}
