import { useTranslation } from '../../../lib/use-translation';
import type { AuditChanges } from '@shop/common';
import { auditFieldLabel, auditValue, type AuditWords } from '../lib/audit-values';

/** The changed fields of one entry, each as `label: before → after` in the reader's words. */
export function AuditChangesList({ changes }: { changes: AuditChanges }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const words: AuditWords = { language: i18n.language, t };
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-stone-500">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {fields.map(([field, { before, after }]) => (
        <div key={field} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-stone-700">{auditFieldLabel(field, words)}:</dt>
          <dd className="break-all">
            <span className="text-stone-500 line-through decoration-stone-400">
              {auditValue(field, before, words)}
            </span>
            <span aria-label={t('audit.changedTo')}> → </span>
            <span className="font-medium text-stone-900">{auditValue(field, after, words)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
