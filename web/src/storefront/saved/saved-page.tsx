import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useDispatch, useSelector } from 'react-redux';
import { PageSpinner } from '../../components/ui/spinner';
import { guestRemoved } from '../../entities/saved/guest-saved-slice';
import { useSaved } from '../../entities/saved/use-saved';
import { selectIsAuthenticated } from '../../entities/session/session-slice';
import { useGetProductQuery } from '../../entities/product/catalogue-api';
import { ProductCard } from '../../entities/product/product-card';
import { ProductCardSkeleton } from '../../entities/product/product-card-skeleton';

const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** A guest's saved product, read by id; one the shop no longer sells (404) leaves the list. */
function GuestSavedCard({ productId }: { productId: string }) {
  const dispatch = useDispatch();
  const { data, error } = useGetProductQuery(productId);
  const gone = !!error && 'status' in error && error.status === 404;
  useEffect(() => {
    if (gone) dispatch(guestRemoved(productId));
  }, [gone, productId, dispatch]);
  if (error) return null;
  return <li>{data ? <ProductCard product={data} /> : <ProductCardSkeleton />}</li>;
}

/** /saved: the products the shopper keeps for later, the most recently saved first (decision 014). */
export default function SavedPage() {
  const { t } = useTranslation(['storefront', 'common']);
  const { onServer, ids, server } = useSaved();
  const isAuthenticated = useSelector(selectIsAuthenticated);

  let content: React.ReactNode;
  if (onServer && server.isLoading) content = <PageSpinner />;
  else if (onServer && server.isError && !server.data)
    content = (
      <p role="alert" className="text-red-700">
        {t('saved.loadFailed')}{' '}
        <button type="button" onClick={() => void server.refetch()} className="font-medium underline">
          {t('common:actions.retry')}
        </button>
      </p>
    );
  else if (ids.length === 0)
    content = (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
        <p className="text-stone-700">{t('saved.empty')}</p>
        <Link
          to="/products"
          className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t('saved.browse')}
        </Link>
      </div>
    );
  else if (onServer)
    content = (
      <ul className={GRID}>
        {server.data?.docs.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    );
  else
    content = (
      <ul className={GRID}>
        {ids.map((productId) => (
          <GuestSavedCard key={productId} productId={productId} />
        ))}
      </ul>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('saved.title')}</h1>
        {ids.length > 0 && <p className="text-stone-600">{t('saved.count', { count: ids.length })}</p>}
      </div>
      {!isAuthenticated && ids.length > 0 && (
        <p className="mb-6 text-sm text-stone-700">
          {t('saved.guestHint')}{' '}
          <Link to="/login" className="font-medium text-brand-700 underline">
            {t('saved.loginLink')}
          </Link>
        </p>
      )}
      {content}
    </div>
  );
}
