import { useTranslation } from '../../../lib/use-translation';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { DELIVERY_ADMIN_ROLES } from '@shop/common';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { card, th } from '../../components/styles';
import {
  useGetDeliverySettingsQuery,
  useGetDeliveryZonesQuery,
} from '../../../entities/delivery/delivery-api';
import { SlotSettingsForm } from './slot-settings-form';
import { ZoneRow } from './zone-row';

/** Delivery tariffs by region and the slot settings (admin and CEO; the server refuses others). */
export function DeliverySettingsPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const { data: zones } = useGetDeliveryZonesQuery(i18n.language);
  const { data: settings } = useGetDeliverySettingsQuery();
  const user = useSelector(selectCurrentUser);
  // A manager sees no way here; one who types the address goes back to the dashboard.
  if (user && !DELIVERY_ADMIN_ROLES.includes(user.role)) return <Navigate to="/admin" replace />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('delivery.settings.title')}</h1>
      <p className="max-w-3xl text-sm text-stone-700">{t('delivery.settings.intro')}</p>
      {settings && <SlotSettingsForm key={JSON.stringify(settings)} settings={settings} />}
      {/* Relative, so the hidden column name scrolls with the table instead of widening the page. */}
      <div className={`${card} relative overflow-x-auto`}>
        <table className="min-w-full divide-y divide-stone-200">
          <thead>
            <tr>
              <th className={th}>{t('delivery.zones.region')}</th>
              <th className={th}>{t('delivery.zones.enabled')}</th>
              <th className={th}>{t('delivery.zones.fee')}</th>
              <th className={th}>{t('delivery.zones.freeFrom')}</th>
              <th className={th}>{t('delivery.zones.leadDays')}</th>
              <th className={th}>
                <span className="sr-only">{t('delivery.save')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {zones?.map((zone) => (
              <ZoneRow
                key={`${zone.region}-${zone.fee}-${zone.freeFrom}-${zone.leadDays}-${zone.enabled}`}
                zone={zone}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
