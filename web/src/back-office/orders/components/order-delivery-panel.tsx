import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { DELIVERY_STATUSES, type DeliveryStatus, type Order, type OrderDeliveryPatch } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { useGetDeliverySettingsQuery } from '../../../entities/delivery/delivery-api';
import { OrderDeliveryView } from '../../../entities/delivery/order-delivery-view';
import { btn, input, label } from '../../components/styles';
import { useUpdateOrderDeliveryMutation } from '../api/staff-orders-api';

/**
 * The shop's slots today, and the order's own slot among them when the settings have changed since
 * it was booked: the select shows what the order holds, not the first slot of today's list.
 */
function slotChoices(today: readonly string[], booked: string | undefined) {
  const values = booked && !today.includes(booked) ? [...today, booked].sort() : [...today];
  return values.map((value) => ({ value, booked: value === booked && !today.includes(value) }));
}

/** The order's delivery, its status, and for a courier delivery a new day and slot (within capacity). */
export function OrderDeliveryPanel({ order }: { order: Order }) {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
  const { delivery } = order;
  const courier = delivery.method === 'courier';
  const { data: settings } = useGetDeliverySettingsQuery(undefined, { skip: !courier });
  const [update, { isLoading }] = useUpdateOrderDeliveryMutation();
  const [status, setStatus] = useState<DeliveryStatus>(delivery.status);
  const [date, setDate] = useState(delivery.date ?? '');
  const [slot, setSlot] = useState(delivery.slot ?? '');
  const slots = slotChoices(settings?.slots ?? [], delivery.slot);

  async function save() {
    const patch: OrderDeliveryPatch = {};
    if (status !== delivery.status) patch.status = status;
    if (courier && date !== delivery.date) patch.date = date;
    if (courier && slot !== delivery.slot) patch.slot = slot;
    if (Object.keys(patch).length === 0) return;
    try {
      await update({ id: order._id, patch }).unwrap();
      toast.success(t('delivery.order.saved'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:delivery.order.saveFailed'));
    }
  }

  return (
    <section aria-labelledby={`${uid}-title`} className="space-y-3">
      <h3 id={`${uid}-title`} className="font-semibold">
        {t('delivery.order.title')}
      </h3>
      <OrderDeliveryView delivery={delivery} />
      <div className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div>
          <label htmlFor={`${uid}-status`} className={label}>
            {t('delivery.order.status')}
          </label>
          <select
            id={`${uid}-status`}
            className={input}
            value={status}
            onChange={(e) => setStatus(e.target.value as DeliveryStatus)}
          >
            {DELIVERY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`common:delivery.statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {courier && (
          <>
            <div>
              <label htmlFor={`${uid}-date`} className={label}>
                {t('delivery.order.date')}
              </label>
              <input
                id={`${uid}-date`}
                type="date"
                className={input}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${uid}-slot`} className={label}>
                {t('delivery.order.slot')}
              </label>
              <select
                id={`${uid}-slot`}
                className={input}
                value={slot}
                onChange={(e) => setSlot(e.target.value)}
              >
                {slots.map(({ value, booked }) => (
                  <option key={value} value={value}>
                    {booked ? t('delivery.order.bookedSlot', { slot: value }) : value}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <button type="button" className={btn.primary} disabled={isLoading} onClick={() => void save()}>
          {t('delivery.order.save')}
        </button>
      </div>
    </section>
  );
}
