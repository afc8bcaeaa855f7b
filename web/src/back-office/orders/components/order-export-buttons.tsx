import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import type { ExportFormat } from '@shop/common';
import { apiErrorCode, isErrorCode } from '../../../lib/api-error';
import { saveFile } from '../../../lib/saved-file';
import { useExportOrdersMutation } from '../api/staff-orders-api';
import { btn } from '../../components/styles';
import type { OrderFilters } from '../lib/order-filters';

/** The export's query: the same filters the list applies, in the screen's language. */
export function exportQuery(filters: OrderFilters, format: ExportFormat, language: string): string {
  const params = new URLSearchParams({ format, lang: language });
  if (filters.status) params.set('status', filters.status);
  if (filters.number.trim()) params.set('orderNumber', filters.number.trim());
  if (filters.phone.trim()) params.set('phoneNumber', filters.phone.trim());
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.paymentStatus) params.set('paymentStatus', filters.paymentStatus);
  if (filters.paymentMethod) params.set('paymentMethod', filters.paymentMethod);
  if (filters.buyerType) params.set('buyerType', filters.buyerType);
  return params.toString();
}

/** Downloads what the list's filters show, as CSV or XLSX. */
export function OrderExportButtons({ filters }: { filters: OrderFilters }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [exportOrders] = useExportOrdersMutation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  async function download(format: ExportFormat) {
    setBusy(format);
    try {
      saveFile(await exportOrders({ query: exportQuery(filters, format, i18n.language), format }).unwrap());
    } catch (error) {
      const code = apiErrorCode(error);
      toast.error(
        code === 'VALIDATION_ERROR'
          ? t('orders.export.badPeriod')
          : isErrorCode(code)
            ? t(`common:errors.${code}`)
            : t('orders.export.failed'),
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('orders.export.label')}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className={btn.secondary}
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void download(format)}
        >
          {t(`orders.export.${format}`)}
        </button>
      ))}
    </div>
  );
}
