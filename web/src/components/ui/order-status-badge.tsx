import { useTranslation } from '../../lib/use-translation';

const STYLES: Record<string, string> = {
  new: 'bg-blue-100 text-blue-800',
  ordered: 'bg-green-100 text-green-800',
  cancelled: 'bg-red-100 text-red-800',
};

/** new blue, ordered green, cancelled red, anything else grey. */
export function statusBadgeClass(status: string): string {
  return STYLES[status] ?? 'bg-stone-200 text-stone-800';
}

/** One badge for the shopper's "My orders" and the back office's orders. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('common');
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
      data-status={status}
    >
      {t(`orderStatus.${status}`, { defaultValue: status })}
    </span>
  );
}
