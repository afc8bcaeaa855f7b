import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import type { ExportFormat } from '@shop/common';
import { isErrorCode } from '../../../lib/api-error';
import { useSelector } from 'react-redux';
import { selectToken } from '../../../entities/session/session-slice';
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

/** The file name the server gave in Content-Disposition, or a plain one. */
const fileNameOf = (response: Response, format: ExportFormat) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `orders.${format}`;

/** Downloads what the list's filters show, as CSV or XLSX (the token goes in a header, so not a plain link). */
export function OrderExportButtons({ filters }: { filters: OrderFilters }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const token = useSelector(selectToken);
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  async function download(format: ExportFormat) {
    setBusy(format);
    try {
      const response = await fetch(`/api/orders/export?${exportQuery(filters, format, i18n.language)}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { code?: string } | null;
        const code = body?.code;
        toast.error(
          code === 'VALIDATION_ERROR'
            ? t('orders.export.badPeriod')
            : isErrorCode(code)
              ? t(`common:errors.${code}`)
              : t('orders.export.failed'),
        );
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, format);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast.error(t('orders.export.failed'));
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
