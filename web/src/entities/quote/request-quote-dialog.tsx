import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../lib/use-translation';
import { quoteCreateSchema, type QuoteCreate } from '@shop/common';
import { FormField } from '../../components/ui/form-field';
import { Modal } from '../../components/ui/modal';
import { SubmitButton } from '../../components/ui/submit-button';
import { apiErrorMessage } from '../../lib/api-error';
import { fieldErrorText, validateWith, type FieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import type { StorefrontKey } from '../../lib/translate';
import { ConsentNotice } from '../privacy/consent-notice';
import { useConsent } from '../privacy/use-consent';
import { selectCurrentUser } from '../session/session-slice';
import { useRequestQuoteMutation } from './quotes-api';

/** A line to price, with its name shown. */
export type QuoteLine = QuoteCreate['items'][number] & { name: string };

type Field = 'name' | 'phoneNumber' | 'company' | 'note';
type Errors = FieldErrors<Field, StorefrontKey>;
type Values = Record<Field, string>;
const fieldOf = (path: readonly PropertyKey[]) =>
  (String(path[0]) === 'contact' ? path[1] : path[0]) as Field | undefined;

/**
 * "Request a price" for bulk (from the product page or the cart): who asks, and a note; the lines
 * come from where it was opened. The answer's link is shown at once, and sent by SMS when staff answer.
 */
export function RequestQuoteDialog({
  open,
  onClose,
  lines,
}: {
  open: boolean;
  onClose: () => void;
  /** What to price, with each line's name; the buyer may change the quantities (beyond the stock too). */
  lines: QuoteLine[];
}) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const user = useSelector(selectCurrentUser);
  const [values, setValues] = useState<Values>({
    name: user?.fullName ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    company: '',
    note: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [requestQuote, { isLoading }] = useRequestQuoteMutation();
  const consent = useConsent();
  const [link, setLink] = useState<string | null>(null);
  const [quantities, setQuantities] = useState(lines.map((line) => String(line.quantity ?? 1)));
  const items = lines.map(({ name: _name, ...line }, i) => ({
    ...line,
    quantity: Number(quantities[i]) || 0,
  }));

  const edit = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      contact: { name: values.name, phoneNumber: values.phoneNumber, company: values.company || undefined },
      items,
      note: values.note,
      language: i18n.language,
      ...consent.fields,
    };
    const checked = validateWith(quoteCreateSchema, body, {}, fieldOf);
    if (!checked.ok) return setErrors(checked.errors as Errors);
    try {
      const created = await requestQuote(body as QuoteCreate).unwrap();
      setLink(`/quote/${created._id}?key=${created.key}`);
    } catch (error) {
      consent.onRefused(error);
      toast.error(apiErrorMessage(error, t, 'storefront:quote.requestFailed'));
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('quote.requestTitle')}>
      {link ? (
        <QuoteRequested link={link} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <p className="text-sm text-stone-600">{t('quote.requestHint')}</p>
          {lines.map((line, i) => (
            <FormField
              key={`${line.productId} ${line.color}`}
              label={t('quote.quantityOf', { name: line.name })}
              inputMode="numeric"
              value={quantities[i]}
              maxLength={5}
              onChange={(event) =>
                setQuantities((current) =>
                  current.map((value, j) => (j === i ? event.target.value.replace(/\D/g, '') : value)),
                )
              }
            />
          ))}
          <ContactFields values={values} errors={errors} edit={edit} />
          <ConsentNotice consent={consent} action="quote" />
          <SubmitButton
            busy={isLoading}
            busyLabel={t('checkout.submitting')}
            className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t('quote.send')}
          </SubmitButton>
        </form>
      )}
    </Modal>
  );
}

function QuoteRequested({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <div className="flex flex-col gap-3" data-testid="quote-requested">
      <p>{t('quote.requested')}</p>
      <Link to={link} className="font-semibold text-brand-700 underline" onClick={onClose}>
        {t('quote.openLink')}
      </Link>
    </div>
  );
}

/** Who asks: the name and phone the answer goes to, the company, and a note for staff. */
function ContactFields({
  values,
  errors,
  edit,
}: {
  values: Values;
  errors: Errors;
  edit: (field: Field, value: string) => void;
}) {
  const { t } = useTranslation(['storefront', 'common']);
  return (
    <>
      <FormField
        label={t('checkout.fullName')}
        value={values.name}
        maxLength={100}
        error={fieldErrorText(t, errors.name)}
        onChange={(event) => edit('name', event.target.value)}
      />
      <FormField
        label={t('checkout.phone')}
        type="tel"
        value={values.phoneNumber}
        maxLength={40}
        placeholder="+998 90 123 45 67"
        error={fieldErrorText(t, errors.phoneNumber)}
        onChange={(event) => edit('phoneNumber', event.target.value)}
      />
      <FormField
        label={t('quote.company')}
        value={values.company}
        maxLength={200}
        error={fieldErrorText(t, errors.company)}
        onChange={(event) => edit('company', event.target.value)}
      />
      <FormField
        label={t('quote.note')}
        value={values.note}
        maxLength={2000}
        error={fieldErrorText(t, errors.note)}
        onChange={(event) => edit('note', event.target.value)}
      />
    </>
  );
}
