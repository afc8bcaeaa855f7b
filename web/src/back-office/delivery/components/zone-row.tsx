import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { deliveryZoneUpdateSchema, type DeliveryZoneDto } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { btn, input, td } from '../../components/styles';
import { useUpdateDeliveryZoneMutation } from '../api/delivery-admin-api';

/** One region's tariff, edited in place; an empty "free from" means never free. */
export function ZoneRow({ zone }: { zone: DeliveryZoneDto }) {
  const { t } = useTranslation(['admin', 'common']);
  const [update, { isLoading }] = useUpdateDeliveryZoneMutation();
  const [enabled, setEnabled] = useState(zone.enabled);
  const [fee, setFee] = useState(String(zone.fee));
  const [freeFrom, setFreeFrom] = useState(zone.freeFrom === null ? '' : String(zone.freeFrom));
  const [leadDays, setLeadDays] = useState(String(zone.leadDays));
  const changed =
    enabled !== zone.enabled ||
    fee !== String(zone.fee) ||
    freeFrom !== (zone.freeFrom === null ? '' : String(zone.freeFrom)) ||
    leadDays !== String(zone.leadDays);

  async function save() {
    // The server's own rule reads the fields, so "1 000 000" is the amount, never a silent "never free".
    const patch = deliveryZoneUpdateSchema.safeParse({
      enabled,
      fee,
      freeFrom: freeFrom.trim() === '' ? null : freeFrom,
      leadDays,
    });
    if (!patch.success) {
      toast.error(t('delivery.zones.invalid', { region: zone.name }));
      return;
    }
    try {
      await update({ region: zone.region, patch: patch.data }).unwrap();
      toast.success(t('delivery.zones.saved', { region: zone.name }));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:delivery.zones.saveFailed'));
    }
  }

  const field = (label: string, value: string, set: (text: string) => void, placeholder?: string) => (
    <input
      aria-label={`${zone.name}: ${label}`}
      className={input}
      inputMode="numeric"
      value={value}
      placeholder={placeholder}
      onChange={(event) => set(event.target.value)}
    />
  );
  return (
    <tr>
      <td className={td}>{zone.name}</td>
      <td className={td}>
        <input
          type="checkbox"
          aria-label={`${zone.name}: ${t('delivery.zones.enabled')}`}
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
      </td>
      <td className={td}>{field(t('delivery.zones.fee'), fee, setFee)}</td>
      <td className={td}>
        {field(t('delivery.zones.freeFrom'), freeFrom, setFreeFrom, t('delivery.zones.never'))}
      </td>
      <td className={td}>{field(t('delivery.zones.leadDays'), leadDays, setLeadDays)}</td>
      <td className={td}>
        <button
          type="button"
          className={btn.small + ' bg-brand-600 text-white'}
          disabled={!changed || isLoading}
          onClick={() => void save()}
        >
          {t('delivery.save')}
        </button>
      </td>
    </tr>
  );
}
