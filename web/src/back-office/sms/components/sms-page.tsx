import { useSearchParams } from 'react-router';
import { formatDateTime, type SmsMessage } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { StepPager } from '../../../components/ui/pager/pager';
import { AdminTable } from '../../components/admin-table';
import { ListStates } from '../../components/list-states';
import { td } from '../../components/styles';
import { readPage } from '../../lib/list-place';
import { useGetSmsMessagesQuery } from '../api/sms-api';

const STATUS_STYLE: Record<SmsMessage['status'], string> = {
  queued: 'text-stone-600',
  sent: 'text-sky-700',
  delivered: 'text-emerald-700',
  failed: 'font-medium text-red-700',
};

/** The SMS the shop sent or tried to, with each one's status and, when it failed, why (admins, CEO). */
export function SmsPage() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const query = useGetSmsMessagesQuery(page);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-stone-900">{t('sms.title')}</h1>
      <p className="text-sm text-stone-600">{t('sms.intro')}</p>
      <ListStates query={query} errorMessage={t('sms.loadFailed')} emptyMessage={t('sms.empty')}>
        {(messages) => (
          <AdminTable
            caption={t('sms.title')}
            columns={[
              { label: t('sms.columns.at') },
              { label: t('sms.columns.phone') },
              { label: t('sms.columns.purpose') },
              { label: t('sms.columns.status') },
              { label: t('sms.columns.reason') },
            ]}
            busy={query.isFetching}
          >
            {messages.map((sms) => (
              <tr key={sms._id} data-testid={`sms-row-${sms._id}`}>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(sms.createdAt, i18n.language)}</td>
                <td className={`${td} font-mono`}>{sms.phoneNumber}</td>
                <td className={td}>{sms.purpose ? t(`sms.purpose.${sms.purpose}`) : '—'}</td>
                <td className={`${td} ${STATUS_STYLE[sms.status]}`}>{t(`sms.status.${sms.status}`)}</td>
                <td className={td}>{sms.reason ?? ''}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </ListStates>
      <StepPager
        className="mt-4"
        page={page}
        totalPages={query.data?.totalPages ?? 1}
        onChange={(next) => setParams({ page: String(next) })}
      />
    </div>
  );
}
