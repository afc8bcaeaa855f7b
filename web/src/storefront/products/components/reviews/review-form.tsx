import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { toast } from '../../../../lib/toast';
import { REVIEW_LIMITS } from '@shop/common';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { apiErrorMessage } from '../../../../lib/api-error';
import { useCreateReviewMutation } from '../../api/product-reviews-api';
import type { ReviewDraft, ReviewErrors } from '../../lib/review-form';

/**
 * The check uses common/'s zod schema (the server's own rule); zod is ~25 KB gzip, so it comes
 * with the first submit instead of with the product page (decision 010, first-load budget).
 */
const loadChecks = () => import('../../lib/review-form');
import { StarPicker } from './star-picker';

const LIMITS = { min: REVIEW_LIMITS.minTextLength, max: REVIEW_LIMITS.maxTextLength };

/** A buyer's review: stars and a text, checked as the server checks them, errors beside each field. */
export function ReviewForm({ productId }: { productId: string }) {
  const { t } = useTranslation(['storefront', 'common']);
  const id = useId();
  const [createReview, { isLoading }] = useCreateReviewMutation();
  const [draft, setDraft] = useState<ReviewDraft>({ rating: null, text: '' });
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [banner, setBanner] = useState<string | null>(null);

  const edit = (change: Partial<ReviewDraft>) => {
    setDraft((previous) => ({ ...previous, ...change }));
    setErrors((previous) => ({
      ...previous,
      ...Object.fromEntries(Object.keys(change).map((field) => [field, undefined])),
    }));
    setBanner(null);
  };
  const message = (key: ReviewErrors[keyof ReviewErrors]) => key && t(`reviews.errors.${key}`, LIMITS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { checkReview, serverReviewErrors } = await loadChecks();
    const checked = checkReview(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      await createReview({ productId, body: checked.body }).unwrap();
      toast.success(t('reviews.form.success'));
    } catch (error) {
      const fields = serverReviewErrors(error, draft);
      setErrors(fields);
      const text = apiErrorMessage(error, t, 'storefront:reviews.form.failed');
      if (Object.keys(fields).length === 0) setBanner(text);
      toast.error(text);
    }
  };

  const textId = `${id}-text`;
  const describedBy = [errors.text && `${textId}-error`, `${textId}-hint`].filter(Boolean).join(' ');
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {t('reviews.form.title')}
      </h3>
      {banner && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {banner}
        </p>
      )}
      <StarPicker
        value={draft.rating}
        onChange={(rating) => edit({ rating })}
        error={message(errors.rating)}
      />
      <div>
        <label htmlFor={textId} className="mb-1 block font-medium">
          {t('reviews.form.text')}
        </label>
        <textarea
          id={textId}
          rows={4}
          maxLength={REVIEW_LIMITS.maxTextLength}
          value={draft.text}
          onChange={(event) => edit({ text: event.target.value })}
          aria-invalid={!!errors.text}
          aria-describedby={describedBy}
          className={`w-full rounded-lg border px-3 py-2 ${errors.text ? 'border-red-600' : 'border-stone-300'}`}
        />
        {errors.text && (
          <p id={`${textId}-error`} className="mt-1 text-sm text-red-700">
            {message(errors.text)}
          </p>
        )}
        <p id={`${textId}-hint`} className="mt-1 text-sm text-stone-600">
          {t('reviews.form.textHint', LIMITS)}
        </p>
      </div>
      <SubmitButton
        busy={isLoading}
        busyLabel={t('reviews.form.submitting')}
        className="self-start rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-stone-400"
      >
        {t('reviews.form.submit')}
      </SubmitButton>
    </form>
  );
}
