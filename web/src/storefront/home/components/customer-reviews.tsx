import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { FeaturedReview } from '@shop/common';
import { Stars } from '../../../components/ui/star-rating';
import { useProductText } from '../../../entities/product/product-text';
import { useGetFeaturedReviewsQuery } from '../api/featured-reviews-api';

function CustomerReview({ review }: { review: FeaturedReview }) {
  const { t } = useTranslation('storefront');
  const text = useProductText();
  return (
    <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-6">
      <Stars value={review.rating} />
      <span className="sr-only">{t('reviews.ratedAs', { value: review.rating })}</span>
      {/* Shown as text, markup included: React escapes it (decision 014). */}
      <blockquote className="mt-3 flex-1 whitespace-pre-line break-words text-stone-800">
        “{review.text}”
      </blockquote>
      <figcaption className="mt-4 text-sm">
        <span className="block font-semibold">{review.author}</span>
        <Link to={`/product/${review.product._id}`} className="text-brand-700 hover:underline">
          {t('home.reviews.about', { product: text.name(review.product) })}
        </Link>
      </figcaption>
    </figure>
  );
}

/** Real published reviews by buyers; while loading, or when there are none, no block at all. */
export function CustomerReviews() {
  const { t } = useTranslation('storefront');
  const { data } = useGetFeaturedReviewsQuery();
  if (!data || data.docs.length === 0) return null;
  return (
    <section aria-labelledby="home-reviews" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="home-reviews" className="mb-8 text-center text-2xl font-bold sm:text-3xl">
        {t('home.reviews.title')}
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {data.docs.map((review) => (
          <li key={review._id}>
            <CustomerReview review={review} />
          </li>
        ))}
      </ul>
    </section>
  );
}
