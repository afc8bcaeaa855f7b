import { formatDateTime } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { apiErrorMessage } from '../../../lib/api-error';
import { card } from '../../components/styles';
import { RowActionButton } from '../../components/row-action-button';
import { useGetAlertStatusQuery, useRetryAlertMutation } from '../api/audit-api';

const STATE_STYLE: Record<string, string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  off: 'bg-stone-100 text-stone-800',
  failing: 'bg-amber-100 text-amber-900',
  refused: 'bg-red-100 text-red-900',
};

/** Telegram alerts: whether they reach the staff chat, what waits, and the dead letters to resend. */
export function AlertStatusPanel() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const status = useGetAlertStatusQuery();
  const [retry, retrying] = useRetryAlertMutation();
  const data = status.data;
  if (!data) return null;

  async function resend(id: string) {
    try {
      await retry(id).unwrap();
      toast.success(t('audit.alerts.resent'));
      void status.refetch();
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:audit.alerts.resendFailed'));
    }
  }

  return (
    <section className={`${card} space-y-2 p-3 sm:p-4`} aria-labelledby="alert-status-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="alert-status-title" className="text-base font-semibold text-stone-900">
          {t('audit.alerts.title')}
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATE_STYLE[data.telegram]}`}>
          {t(`audit.alerts.state.${data.telegram}`)}
        </span>
        <span className="text-sm text-stone-600">{t('audit.alerts.counts', data.counts)}</span>
      </div>
      {data.problem && (
        <p className="text-sm text-red-800" role="status">
          {t('audit.alerts.problem', {
            problem: data.problem,
            at: formatDateTime(data.problemAt, i18n.language),
          })}
        </p>
      )}
      {data.dead.length > 0 && (
        <ul className="divide-y divide-stone-100 text-sm" aria-label={t('audit.alerts.deadTitle')}>
          {data.dead.map((alert) => (
            <li key={alert._id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <span>
                #{alert.orderNumber} · {t(`audit.alerts.kind.${alert.kind}`)} ·{' '}
                {formatDateTime(alert.createdAt, i18n.language)}
                {alert.lastError && <span className="block text-xs text-stone-600">{alert.lastError}</span>}
              </span>
              <RowActionButton
                label={t('audit.alerts.resendNamed', { id: alert.orderNumber })}
                disabled={retrying.isLoading}
                onClick={() => void resend(alert._id)}
              >
                {t('audit.alerts.resend')}
              </RowActionButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
