import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatShopDay, formatSom, type DashboardStats } from '@shop/common';

type Daily = DashboardStats['daily'];

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 12, right: 36, bottom: 28, left: 12 };

/** Revenue as bars, order counts as a line, drawn in SVG (no chart library). */
export function DailyChart({ daily }: { daily: Daily }) {
  const { t, i18n } = useTranslation('admin');
  const titleId = useId();
  const language = i18n.language;
  const totalOrders = daily.reduce((sum, day) => sum + day.orders, 0);
  const totalRevenue = daily.reduce((sum, day) => sum + day.revenue, 0);
  const totalDiscounts = daily.reduce((sum, day) => sum + (day.discounts ?? 0), 0);
  const maxRevenue = Math.max(1, ...daily.map((day) => day.revenue));
  const maxOrders = Math.max(1, ...daily.map((day) => day.orders));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = daily.length > 0 ? innerW / daily.length : innerW;
  const barW = Math.max(2, step * 0.7);
  const x = (i: number) => PAD.left + i * step + step / 2;
  const yRevenue = (v: number) => PAD.top + innerH - (v / maxRevenue) * innerH;
  const yOrders = (v: number) => PAD.top + innerH - (v / maxOrders) * innerH;
  const line = daily.map((day, i) => `${x(i).toFixed(1)},${yOrders(day.orders).toFixed(1)}`).join(' ');
  const labelEvery = Math.max(1, Math.ceil(daily.length / 6));
  const summary = t('dashboard.chartSummary', {
    days: daily.length,
    orders: totalOrders,
    revenue: formatSom(totalRevenue, i18n.language),
  });

  return (
    <figure>
      <div className="mb-2 flex flex-wrap items-center gap-4 text-sm text-stone-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-brand-600/70" />
          {t('dashboard.chartRevenue')}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-amber-600" />
          {t('dashboard.chartOrders')}
        </span>
        {totalDiscounts > 0 && (
          <span data-testid="dashboard-discounts">
            {t('dashboard.promoDiscounts', { amount: formatSom(totalDiscounts, i18n.language) })}
          </span>
        )}
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{summary}</title>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          stroke="#a8a29e"
        />
        {daily.map((day, i) => {
          const y = yRevenue(day.revenue);
          return (
            <rect
              key={day.date}
              x={x(i) - barW / 2}
              y={y}
              width={barW}
              height={PAD.top + innerH - y}
              rx="1.5"
              className="fill-brand-600/70"
            >
              <title>{`${formatShopDay(day.date, language)}: ${t('dashboard.chartTooltip', { orders: day.orders, revenue: formatSom(day.revenue, i18n.language) })}`}</title>
            </rect>
          );
        })}
        {daily.length > 1 && <polyline points={line} fill="none" stroke="#d97706" strokeWidth="2" />}
        {daily.map((day, i) => (
          <circle key={day.date} cx={x(i)} cy={yOrders(day.orders)} r="2.5" fill="#d97706" />
        ))}
        <text x={WIDTH - PAD.right + 4} y={PAD.top + 8} fontSize="11" fill="#57534e">
          {maxOrders}
        </text>
        {daily.map((day, i) =>
          i % labelEvery === 0 || i === daily.length - 1 ? (
            <text key={day.date} x={x(i)} y={HEIGHT - 8} fontSize="11" textAnchor="middle" fill="#57534e">
              {formatShopDay(day.date, language)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-2 text-sm text-stone-600">{summary}</figcaption>
      <DailyTable daily={daily} />
    </figure>
  );
}

/** The chart's figures as a table, for those who read them rather than see them. */
function DailyTable({ daily }: { daily: Daily }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-700 underline">{t('dashboard.chartTable')}</summary>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full text-left">
          <thead>
            <tr>
              <th className="py-1 pr-4">{t('dashboard.chartDate')}</th>
              <th className="py-1 pr-4">{t('dashboard.chartOrders')}</th>
              <th className="py-1">{t('dashboard.chartRevenue')}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date} className="border-t border-stone-100">
                <td className="py-1 pr-4">{formatShopDay(day.date, language)}</td>
                <td className="py-1 pr-4">{day.orders}</td>
                <td className="py-1">{formatSom(day.revenue, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
