import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { deliverySettingsUpdateSchema, type DeliverySettings } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { btn, card, input, label } from '../../components/styles';
import { useUpdateDeliverySettingsMutation } from '../api/delivery-admin-api';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Slots (as "09-13, 13-18"), orders per slot, closed weekdays and the carry-up price per floor. */
export function SlotSettingsForm({ settings }: { settings: DeliverySettings }) {
  const { t } = useTranslation(['admin', 'common']);
  const [update, { isLoading }] = useUpdateDeliverySettingsMutation();
  const [slots, setSlots] = useState(settings.slots.join(', '));
  const [capacity, setCapacity] = useState(String(settings.slotCapacity));
  const [closed, setClosed] = useState<number[]>(settings.closedWeekdays);
  const [carry, setCarry] = useState(String(settings.carryPerFloor));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = deliverySettingsUpdateSchema.safeParse({
      slots: slots
        .split(',')
        .map((slot) => slot.trim())
        .filter(Boolean),
      slotCapacity: capacity,
      closedWeekdays: closed,
      carryPerFloor: carry,
    });
    if (!body.success) {
      toast.error(t('delivery.settings.invalid'));
      return;
    }
    try {
      await update(body.data).unwrap();
      toast.success(t('delivery.settings.saved'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:delivery.settings.saveFailed'));
    }
  }

  const toggle = (day: number) =>
    setClosed((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort()));
  return (
    <form onSubmit={(event) => void submit(event)} className={`${card} grid gap-4 p-4 sm:grid-cols-2`}>
      <div>
        <label htmlFor="delivery-slots" className={label}>
          {t('delivery.settings.slots')}
        </label>
        <input
          id="delivery-slots"
          className={input}
          value={slots}
          onChange={(e) => setSlots(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="delivery-capacity" className={label}>
          {t('delivery.settings.capacity')}
        </label>
        <input
          id="delivery-capacity"
          className={input}
          inputMode="numeric"
          value={capacity}
          onChange={(e) => setCapacity(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="delivery-carry" className={label}>
          {t('delivery.settings.carryPerFloor')}
        </label>
        <input
          id="delivery-carry"
          className={input}
          inputMode="numeric"
          value={carry}
          onChange={(e) => setCarry(e.target.value)}
        />
      </div>
      <fieldset>
        <legend className={label}>{t('delivery.settings.closedWeekdays')}</legend>
        <div className="flex flex-wrap gap-3">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex items-center gap-1 text-sm">
              <input type="checkbox" checked={closed.includes(day)} onChange={() => toggle(day)} />
              {t(`delivery.weekdays.${day}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" className={btn.primary} disabled={isLoading}>
          {t('delivery.save')}
        </button>
      </div>
    </form>
  );
}
