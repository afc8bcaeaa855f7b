import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { countdownParts, saleEndTime } from '../../../entities/product/price-view';
import { useFirstRenderNow } from '../../../lib/render-time';

/**
 * Ticks every second; 'sale ended' at zero. Shown only while a discount runs, and only
 * when it has an end date (decision 016).
 */
export function SaleCountdown({ endDate }: { endDate: string | null | undefined }) {
  const end = saleEndTime(endDate);
  return end === null ? null : <Countdown end={end} />;
}

function Countdown({ end }: { end: number }) {
  const { t } = useTranslation('storefront');
  // The first render uses the server's clock while the page hydrates, so both render the same.
  const [now, setNow] = useState(useFirstRenderNow());
  const parts = countdownParts(end, now);

  useEffect(() => {
    if (parts.ended) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [parts.ended]);

  if (parts.ended) {
    return (
      <p className="rounded-lg bg-stone-100 px-4 py-3 font-medium text-stone-700">{t('product.saleEnded')}</p>
    );
  }
  const cells: [number, string][] = [
    [parts.days, t('product.countdown.days')],
    [parts.hours, t('product.countdown.hours')],
    [parts.minutes, t('product.countdown.minutes')],
    [parts.seconds, t('product.countdown.seconds')],
  ];
  return (
    <div className="rounded-lg bg-red-50 px-4 py-3">
      <p className="mb-2 text-sm font-semibold text-red-800">{t('product.saleEndsIn')}</p>
      <div className="flex gap-2" role="timer" aria-live="off">
        {cells.map(([value, label]) => (
          <div key={label} className="min-w-14 rounded bg-white px-2 py-1 text-center shadow-sm">
            <span className="block text-lg font-bold tabular-nums text-red-700">
              {String(value).padStart(2, '0')}
            </span>
            <span className="block text-xs text-stone-600">{label}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
