import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { StepPager } from '../../../components/ui/pager/pager';
import { ListStates } from '../../components/list-states';
import { ErrorBox } from '../../components/state-views';
import { readPage } from '../../lib/list-place';
import { useGetAuditEntriesQuery } from '../api/audit-api';
import { auditFiltersToParams, readAuditFilters, type AuditFilters } from '../lib/audit-filters';
import { AlertStatusPanel } from './alert-status-panel';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditTable } from './audit-table';

const isForbidden = (error: unknown) =>
  !!error && typeof error === 'object' && 'status' in error && (error as { status: unknown }).status === 403;

/** Who changed what (admins and the CEO; the server answers a manager 403). */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const applied = readAuditFilters(params);
  const page = readPage(params);
  const query = useGetAuditEntriesQuery({ ...applied, page });
  const apply = (filters: AuditFilters, nextPage = 1) => setParams(auditFiltersToParams(filters, nextPage));

  if (isForbidden(query.error)) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-stone-900">{t('audit.title')}</h1>
        <ErrorBox message={t('audit.forbidden')} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-stone-900">{t('audit.title')}</h1>
      <AlertStatusPanel />
      <AuditFiltersForm applied={applied} onApply={(filters) => apply(filters)} />
      <ListStates query={query} errorMessage={t('audit.loadFailed')} emptyMessage={t('audit.empty')}>
        {(entries) => <AuditTable entries={entries} busy={query.isFetching} />}
      </ListStates>
      <StepPager
        className="mt-4"
        page={page}
        totalPages={query.data?.totalPages ?? 1}
        onChange={(next) => apply(applied, next)}
      />
    </div>
  );
}
