import { useTranslation } from '../../../lib/use-translation';
import { formatSom, type AuditChanges } from '@shop/common';
import { auditValue } from '../lib/audit-filters';

/** The changed fields of one entry, each as `field: before → after`. */
export function AuditChangesList({ changes }: { changes: AuditChanges }) {
  const { t, i18n } = useTranslation('admin');
  const som = (amount: number) => formatSom(amount, i18n.language);
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-stone-500">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {fields.map(([field, { before, after }]) => (
        <div key={field} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-stone-700">{field}:</dt>
          <dd className="break-all">
            <span className="text-stone-500 line-through decoration-stone-400">
              {auditValue(field, before, som)}
            </span>
            <span aria-label={t('audit.changedTo')}> → </span>
            <span className="font-medium text-stone-900">{auditValue(field, after, som)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
