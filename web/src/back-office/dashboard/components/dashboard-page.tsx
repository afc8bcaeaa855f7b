import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { thumbnailUrl } from '@shop/common';
import type { AdminKey } from '../../../lib/translate';
import { ProductImage } from '../../../components/ui/product-image';
import { useProductText } from '../../../entities/product/product-text';
import { Package, Receipt, type LucideIcon } from 'lucide-react';
import { card } from '../../components/styles';
import { LoadingRow } from '../../components/state-views';
import { logger } from '../../lib/logger';
import {
  ON_SALE_PRODUCTS,
  useGetDashboardCountQuery,
  useGetDashboardStatsQuery,
  type DashboardCount,
} from '../api/dashboard-api';
import { DailyChart } from './daily-chart';

const CARDS: {
  which: DashboardCount;
  to: string;
  labelKey: AdminKey;
  tone: string;
  Icon: LucideIcon;
}[] = [
  {
    which: 'products',
    to: `/admin/products?${new URLSearchParams(ON_SALE_PRODUCTS)}`,
    labelKey: 'dashboard.totalProducts',
    tone: 'bg-brand-50 text-brand-700',
    Icon: Package,
  },
  {
    which: 'orders',
    to: '/admin/orders',
    labelKey: 'dashboard.totalOrders',
    tone: 'bg-stone-100 text-stone-700',
    Icon: Receipt,
  },
  {
    which: 'newOrders',
    to: '/admin/orders?status=new',
    labelKey: 'dashboard.newOrders',
    tone: 'bg-blue-50 text-blue-700',
    Icon: Receipt,
  },
  {
    which: 'cancelledOrders',
    to: '/admin/orders?status=cancelled',
    labelKey: 'dashboard.cancelledOrders',
    tone: 'bg-red-50 text-red-700',
    Icon: Receipt,
  },
];

export const STATS_DAYS = 30;
export const LOW_STOCK_THRESHOLD = 5;

function CountCard({ which, to, labelKey, tone, Icon }: (typeof CARDS)[number]) {
  const { t } = useTranslation('admin');
  const { data, error, isLoading } = useGetDashboardCountQuery(which);
  useEffect(() => {
    // A failed count is only logged: the card shows its empty state, and a toast per card would stack four.
    if (error) logger.warn(`dashboard count ${which} failed`, error);
  }, [error, which]);
  const label = t(labelKey);
  return (
    <Link
      to={to}
      className={`${card} flex items-center gap-4 p-4 hover:border-brand-600 hover:shadow-md`}
      data-testid={`dashboard-count-${which}`}
    >
      <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-lg ${tone}`}>
        <Icon size={20} />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-stone-600">{label}</span>
        <span className="block text-2xl font-semibold text-stone-900" data-testid="count-value">
          {isLoading ? '…' : typeof data === 'number' ? data : '—'}
        </span>
      </span>
    </Link>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('admin');
  const text = useProductText();
  const stats = useGetDashboardStatsQuery({ days: STATS_DAYS, lowStock: LOW_STOCK_THRESHOLD });
  useEffect(() => {
    if (stats.error) logger.warn('dashboard stats failed', stats.error);
  }, [stats.error]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-semibold text-stone-900">{t('dashboard.title')}</h1>
      <section
        aria-label={t('dashboard.countsLabel')}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {CARDS.map((cardProps) => (
          <CountCard key={cardProps.which} {...cardProps} />
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section className={`${card} p-4 lg:col-span-2`} aria-labelledby="chart-heading">
          <h2 id="chart-heading" className="mb-3 text-lg font-semibold">
            {t('dashboard.chartTitle', { days: STATS_DAYS })}
          </h2>
          {stats.isLoading ? (
            <LoadingRow />
          ) : stats.data ? (
            <DailyChart daily={stats.data.daily} />
          ) : (
            <p className="text-stone-600">{t('dashboard.noData')}</p>
          )}
        </section>

        <section className={`${card} p-4`} aria-labelledby="low-stock-heading">
          <h2 id="low-stock-heading" className="mb-3 text-lg font-semibold">
            {t('dashboard.lowStockTitle', { threshold: LOW_STOCK_THRESHOLD })}
          </h2>
          {stats.isLoading ? (
            <LoadingRow />
          ) : !stats.data ? (
            <p className="text-stone-600">{t('dashboard.noData')}</p>
          ) : stats.data.lowStock.length === 0 ? (
            <p className="text-stone-600">{t('dashboard.lowStockEmpty')}</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {stats.data.lowStock.map((product) => (
                <li key={product._id} className="flex items-center gap-3 py-2">
                  <ProductImage
                    src={thumbnailUrl(product.productImages[0])}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 shrink-0 rounded object-cover"
                  />
                  <Link
                    to={`/admin/products?action=edit&id=${product._id}`}
                    className="min-w-0 flex-1 truncate text-sm text-brand-700 hover:underline"
                  >
                    {text.name(product)}
                  </Link>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${product.stock <= 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`}
                  >
                    {t('dashboard.stockLeft', { count: product.stock })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
