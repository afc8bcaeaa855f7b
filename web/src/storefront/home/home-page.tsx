import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { Armchair, School, Sofa, ToyBrick, type LucideIcon } from 'lucide-react';
import { CATEGORIES } from '@shop/common';
import { ProductCarousel } from './components/product-carousel';
import { HomeHead } from './components/home-head';
import { CustomerReviews } from './components/customer-reviews';

const CATEGORY_ICONS: Record<(typeof CATEGORIES)[number], LucideIcon> = {
  school: School,
  kinder: ToyBrick,
  office: Armchair,
  loft: Sofa,
};

function CategoryIcon({ category }: { category: (typeof CATEGORIES)[number] }) {
  const Icon = CATEGORY_ICONS[category];
  return <Icon size={40} strokeWidth={1.5} className="text-brand-700" />;
}

export default function HomePage() {
  const { t } = useTranslation(['storefront', 'common']);
  const reasons = ['quality', 'delivery', 'payment'] as const;

  return (
    <>
      <HomeHead />
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 sm:py-24">
          <p className="rounded-full bg-white/15 px-3 py-1 text-sm font-medium">{t('home.hero.badge')}</p>
          <h1 className="max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">
            {t('home.hero.title')}
          </h1>
          <p className="max-w-2xl text-lg text-blue-50">{t('home.hero.subtitle')}</p>
          <Link
            to="/products"
            className="rounded-lg bg-accent-400 px-6 py-3 font-semibold text-stone-900 shadow hover:bg-accent-500"
          >
            {t('home.hero.cta')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="home-categories" className="mb-6 text-2xl font-bold sm:text-3xl">
          {t('home.categoriesTitle')}
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {CATEGORIES.map((category) => (
            <li key={category}>
              <Link
                to={`/products?category=${category}`}
                className="flex h-full flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <CategoryIcon category={category} />
                <span className="text-lg font-semibold">{t(`common:categories.${category}.name`)}</span>
                <span className="text-sm text-stone-600">
                  {t(`common:categories.${category}.description`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <ProductCarousel
        filter="discount"
        title={t('home.specialOffers')}
        emptyText={t('home.noDiscounted')}
        seeAllHref="/products?filter=discount"
      />
      <ProductCarousel
        filter="new"
        title={t('home.newArrivals')}
        emptyText={t('home.noNew')}
        seeAllHref="/products?filter=new"
      />

      <section aria-labelledby="home-why" className="bg-white py-12">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="home-why" className="mb-8 text-center text-2xl font-bold sm:text-3xl">
            {t('home.why.title')}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason} className="rounded-xl bg-stone-50 p-6 text-center">
                <h3 className="text-lg font-semibold">{t(`home.why.${reason}.title`)}</h3>
                <p className="mt-2 text-stone-700">{t(`home.why.${reason}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CustomerReviews />
    </>
  );
}
