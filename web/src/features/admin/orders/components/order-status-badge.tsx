import { useTranslation } from 'react-i18next';

/** Spec §4: new blue, ordered green, cancelled red, anything else grey. */
export function statusBadgeClass(status: string): string {
  switch (status) {
    case 'new':
      return 'bg-blue-100 text-blue-800';
    case 'ordered':
      return 'bg-green-100 text-green-800';
    case 'cancelled':
      return 'bg-red-100 text-red-800';
    default:
      return 'bg-stone-200 text-stone-800';
  }
}

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
      data-status={status}
    >
      {t(`orderStatus.${status}`, { defaultValue: status })}
    </span>
  );
}
