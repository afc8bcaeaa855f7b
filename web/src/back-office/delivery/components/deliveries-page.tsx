import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Printer } from 'lucide-react';
import {
  REGION_NAMES,
  formatDate,
  formatSom,
  shiftShopDay,
  shopDay,
  shopDayStart,
  type DeliveryRun,
} from '@shop/common';
import { btn, input, label } from '../../components/styles';
import { useGetDeliveryRunsQuery } from '../api/delivery-admin-api';
import { DeliveryRunCard } from './delivery-run-card';

/** Runs grouped by slot, then region, in the order the server sorted them. */
function groups(runs: readonly DeliveryRun[]) {
  const bySlot = new Map<string, Map<string, DeliveryRun[]>>();
  for (const run of runs) {
    const regions = bySlot.get(run.slot) ?? new Map<string, DeliveryRun[]>();
    regions.set(run.region, [...(regions.get(run.region) ?? []), run]);
    bySlot.set(run.slot, regions);
  }
  return bySlot;
}

/** A day's courier deliveries, by slot and region, printable as an A4 run sheet. */
export function DeliveriesPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const language = i18n.language;
  const [date, setDate] = useState(() => shiftShopDay(shopDay(), 1));
  const { data, isFetching } = useGetDeliveryRunsQuery(date);
  const runs = data?.date === date ? data.docs : [];
  const cash = runs.reduce((sum, run) => sum + run.toCollect, 0);
  return (
    <div className="space-y-4 print:space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold print:text-xl">
          {t('delivery.runs.title', {
            date: formatDate(shopDayStart(date).toISOString(), i18n.language),
          })}
        </h1>
        <div className="flex items-end gap-2 print:hidden">
          <div>
            <label htmlFor="runs-date" className={label}>
              {t('delivery.runs.date')}
            </label>
            <input
              id="runs-date"
              type="date"
              className={input}
              value={date}
              onChange={(e) => e.target.value && setDate(e.target.value)}
            />
          </div>
          <button type="button" className={btn.secondary} onClick={() => window.print()}>
            <Printer size={16} aria-hidden /> {t('delivery.runs.print')}
          </button>
        </div>
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {isFetching && !data
          ? t('delivery.runs.loading')
          : t('delivery.runs.summary', { count: runs.length, cash: formatSom(cash, i18n.language) })}
      </p>
      {[...groups(runs)].map(([slot, regions]) => (
        <section key={slot} aria-labelledby={`slot-${slot}`} className="space-y-2 break-inside-avoid-page">
          <h2 id={`slot-${slot}`} className="border-b-2 border-stone-800 text-lg font-bold">
            {slot}
          </h2>
          {[...regions].map(([region, stops]) => (
            <div key={region}>
              <h3 className="font-semibold text-stone-700">
                {REGION_NAMES[region as keyof typeof REGION_NAMES][language]}
              </h3>
              <ol className="mt-1 space-y-2 print:space-y-0">
                {stops.map((run) => (
                  <DeliveryRunCard key={run._id} run={run} />
                ))}
              </ol>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
