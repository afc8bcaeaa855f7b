import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import {
  PAGE_SIZE,
  REVIEW_STATUSES,
  type ReviewStatus,
  type StaffReview,
  formatDateTime,
} from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { useProductText } from '../../../entities/product/product-text';
import { Stars } from '../../../components/ui/star-rating';
import { AdminTable } from '../../components/admin-table';
import { FilterSelect } from '../../components/filter-fields';
import { ListStates } from '../../components/list-states';
import { Pager } from '../../../components/ui/pager/pager';
import { RowActionButton } from '../../components/row-action-button';
import { card, td } from '../../components/styles';
import { useGetAdminReviewsQuery, useSetReviewStatusMutation } from '../api/review-moderation-api';

const STATUS_BADGE: Record<ReviewStatus, string> = {
  published: 'bg-emerald-100 text-emerald-900',
  hidden: 'bg-stone-200 text-stone-800',
};

const isStatus = (value: string): value is ReviewStatus =>
  (REVIEW_STATUSES as readonly string[]).includes(value);

/** Staff moderate reviews: filter by status, hide or show one; the product's rating follows. */
export function ReviewsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
  const [status, setStatus] = useState<ReviewStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = useGetAdminReviewsQuery({ page, limit: PAGE_SIZE.admin, status });
  const [setReviewStatus, changing] = useSetReviewStatusMutation();

  useEffect(() => {
    if (query.error)
      toast.error(apiErrorMessage(query.error, t, 'admin:reviews.toasts.loadFailed'), {
        toastId: 'reviews-load',
      });
  }, [query.error, t]);

  async function toggle(review: StaffReview) {
    const next: ReviewStatus = review.status === 'published' ? 'hidden' : 'published';
    try {
      await setReviewStatus({ id: review._id, status: next }).unwrap();
      toast.success(t(next === 'hidden' ? 'reviews.toasts.hidden' : 'reviews.toasts.shown'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:reviews.toasts.updateFailed'));
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-stone-900">{t('reviews.title')}</h1>
      <div className={`${card} grid gap-3 p-3 sm:max-w-xs sm:p-4`}>
        <FilterSelect
          id={`${uid}-status`}
          label={t('reviews.filters.status')}
          value={status}
          onChange={(value) => {
            setStatus(isStatus(value) ? value : '');
            setPage(1);
          }}
          options={REVIEW_STATUSES.map((value) => ({ value, label: t(`reviews.status.${value}`) }))}
        />
      </div>

      <ListStates
        query={query}
        errorMessage={t('reviews.toasts.loadFailed')}
        emptyMessage={t('reviews.empty')}
      >
        {(reviews) => (
          <AdminTable
            caption={t('reviews.tableCaption')}
            busy={query.isFetching}
            columns={[
              { label: t('reviews.columns.product') },
              { label: t('reviews.columns.rating') },
              { label: t('reviews.columns.text') },
              { label: t('reviews.columns.author') },
              { label: t('reviews.columns.date') },
              { label: t('reviews.columns.status') },
              { label: t('reviews.columns.actions'), alignRight: true },
            ]}
          >
            {reviews.map((review) => (
              <ReviewRow
                key={review._id}
                review={review}
                busy={changing.isLoading}
                onToggle={() => void toggle(review)}
              />
            ))}
          </AdminTable>
        )}
      </ListStates>
      <Pager className="mt-4" page={page} totalPages={query.data?.totalPages ?? 1} onChange={setPage} />
    </div>
  );
}

/** One review with its hide or show button. */
function ReviewRow({ review, busy, onToggle }: { review: StaffReview; busy: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const text = useProductText();
  return (
    <tr data-testid={`review-row-${review._id}`}>
      <td className={`${td} font-medium`}>
        <Link to={`/product/${review.product._id}`} className="text-brand-700 hover:underline">
          {text.name(review.product)}
        </Link>
      </td>
      <td className={`${td} whitespace-nowrap`}>
        <Stars value={review.rating} size={14} />
        <span className="sr-only">{t('reviews.ratingValue', { value: review.rating })}</span>
      </td>
      <td className={`${td} min-w-64`}>
        <p className="line-clamp-3 whitespace-pre-line break-words">{review.text}</p>
      </td>
      <td className={`${td} whitespace-nowrap`}>{review.author}</td>
      <td className={`${td} whitespace-nowrap`}>{formatDateTime(review.createdAt, i18n.language)}</td>
      <td className={td}>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[review.status]}`}>
          {t(`reviews.status.${review.status}`)}
        </span>
      </td>
      <td className={`${td} text-right whitespace-nowrap`}>
        <RowActionButton
          label={t(review.status === 'published' ? 'reviews.hideNamed' : 'reviews.showNamed', {
            author: review.author,
          })}
          onClick={onToggle}
          danger={review.status === 'published'}
          disabled={busy}
        >
          {t(review.status === 'published' ? 'reviews.hide' : 'reviews.show')}
        </RowActionButton>
      </td>
    </tr>
  );
}
