import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/use-translation';
import { formatDate, type Product, type Review } from '@shop/common';
import { Pager } from '../../../../components/ui/pager/pager';
import { Stars, StarRating } from '../../../../components/ui/star-rating';
import { useSelector } from 'react-redux';
import { selectIsAuthenticated, selectIsStaff } from '../../../../entities/session/session-slice';
import { useGetMyReviewQuery, useGetProductReviewsQuery } from '../../api/product-reviews-api';
import { ReviewForm } from './review-form';

const PAGE_LIMIT = 5;

function ReviewItem({ review, note }: { review: Review; note?: string }) {
  const { t, i18n } = useTranslation('storefront');
  return (
    <article className="border-b border-stone-200 py-4 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold text-stone-900">{review.author}</span>
        <Stars value={review.rating} size={14} />
        <span className="sr-only">{t('reviews.ratedAs', { value: review.rating })}</span>
        <time dateTime={review.createdAt} className="text-sm text-stone-600">
          {formatDate(review.createdAt, i18n.language)}
        </time>
      </div>
      {note && <p className="mt-1 text-sm font-medium text-amber-800">{note}</p>}
      {/* Shown as text, markup included: React escapes it (decision 014). */}
      <p className="mt-2 whitespace-pre-line break-words text-stone-700">{review.text}</p>
    </article>
  );
}

/** The signed-in shopper's own review, the form when they may write one, or what they need to do. */
function MyReview({ productId }: { productId: string }) {
  const { t } = useTranslation('storefront');
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const isStaff = useSelector(selectIsStaff);
  const mine = useGetMyReviewQuery(productId, { skip: !isAuthenticated || isStaff });
  if (isStaff) return null;
  if (!isAuthenticated) {
    return (
      <p className="text-stone-700">
        {t('reviews.signInPrompt')}{' '}
        <Link to="/login" className="font-medium text-brand-700 underline">
          {t('reviews.signInLink')}
        </Link>
      </p>
    );
  }
  if (!mine.data) return null;
  const { review, canReview } = mine.data;
  if (review) {
    return (
      <section
        aria-label={t('reviews.yours')}
        className="rounded-xl border border-stone-200 bg-stone-50 px-4"
      >
        <h3 className="pt-3 font-semibold">{t('reviews.yours')}</h3>
        <ReviewItem review={review} note={review.status === 'hidden' ? t('reviews.hiddenNote') : undefined} />
      </section>
    );
  }
  if (canReview) return <ReviewForm productId={productId} />;
  return <p className="text-stone-700">{t('reviews.notBuyer')}</p>;
}

/** The product's reviews, newest first, a page at a time, with the review form for its buyers. */
export function ProductReviews({ product }: { product: Product }) {
  const { t } = useTranslation('storefront');
  const [page, setPage] = useState(1);
  const reviews = useGetProductReviewsQuery({ productId: product._id, page, limit: PAGE_LIMIT });
  const docs = reviews.data?.docs ?? [];
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-12 scroll-mt-20">
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <h2 id="reviews-title" className="text-xl font-bold text-stone-900">
          {t('reviews.title')}
        </h2>
        {/* With no reviews yet, the line under the heading says so once. */}
        {product.rating.count > 0 && <StarRating rating={product.rating} />}
      </div>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div>
          {reviews.isError && !reviews.data ? (
            <p role="alert" className="text-red-700">
              {t('reviews.loadFailed')}
            </p>
          ) : docs.length === 0 && !reviews.isLoading ? (
            <p className="text-stone-600">{t('reviews.empty')}</p>
          ) : (
            <ul aria-busy={reviews.isFetching}>
              {docs.map((review) => (
                <li key={review._id}>
                  <ReviewItem review={review} />
                </li>
              ))}
            </ul>
          )}
          <Pager className="mt-8" page={page} totalPages={reviews.data?.totalPages ?? 1} onChange={setPage} />
        </div>
        <div>
          <MyReview productId={product._id} />
        </div>
      </div>
    </section>
  );
}
