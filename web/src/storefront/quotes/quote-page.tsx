import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { formatShopDay, formatSom, type Language, type PriceQuote } from '@shop/common';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { CompanyFields } from '../../entities/company/company-fields';
import { useCompanyBuyer } from '../../entities/company/use-company-buyer';
import { useProductText } from '../../entities/product/product-text';
import { useAcceptQuoteMutation, useGetQuoteQuery } from '../../entities/quote/quotes-api';
import { useBankTransferOffered } from '../../entities/company/bank-transfer';

/** `/quote/{id}?key=…`: the buyer reads the shop's answer and accepts it, which places the order. */
export default function QuotePage() {
  const { t } = useTranslation(['storefront', 'common']);
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key');
  const { data: quote, error, isLoading } = useGetQuoteQuery({ id, key });

  if (isLoading)
    return (
      <div className="flex justify-center py-20">
        <Spinner />
      </div>
    );
  if (!quote || error)
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-20 text-center text-stone-700">
        {t('quote.notFound')}
      </p>
    );
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('quote.title')}</h1>
      <QuoteLines quote={quote} />
      <p data-testid="quote-status">{t(`quote.status.${quote.expired ? 'expired' : quote.status}`)}</p>
      {quote.status === 'answered' && !quote.expired && <AcceptForm quote={quote} quoteKey={key} />}
    </div>
  );
}

function QuoteLines({ quote }: { quote: PriceQuote }) {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const productText = useProductText();
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4">
      <ul className="flex flex-col gap-2">
        {quote.items.map((item, i) => (
          <li key={i} className="flex justify-between gap-4">
            <span>
              {productText.name(item.product)}{' '}
              {item.variant
                ? `(${item.variant.label[i18n.language as Language] || item.variant.label.uz})`
                : item.color && `(${t(`common:colors.${item.color}`, item.color)})`}{' '}
              × {item.quantity}
            </span>
            <span className="whitespace-nowrap" data-testid="quote-line-price">
              {item.price === null ? t('quote.waiting') : formatSom(item.price, i18n.language)}
            </span>
          </li>
        ))}
      </ul>
      {quote.total !== null && (
        <p className="mt-3 flex justify-between border-t border-stone-200 pt-3 font-bold">
          <span>{t('confirmation.total')}</span>
          <span data-testid="quote-total">{formatSom(quote.total, i18n.language)}</span>
        </p>
      )}
      {quote.reply.validUntil && (
        <p className="mt-2 text-sm text-stone-600">
          {t('quote.validUntil', { day: formatShopDay(quote.reply.validUntil, i18n.language) })}
        </p>
      )}
      {quote.reply.note && <p className="mt-2 text-sm">{quote.reply.note}</p>}
    </div>
  );
}

/** Accepting: as an organisation (requisites, bank transfer against an invoice) or a person (cash). */
function AcceptForm({ quote, quoteKey }: { quote: PriceQuote; quoteKey: string | null }) {
  const { t } = useTranslation(['storefront', 'common']);
  const navigate = useNavigate();
  const company = useCompanyBuyer(undefined);
  const [accept, { isLoading }] = useAcceptQuoteMutation();
  const [done, setDone] = useState(false);
  const transfer = useBankTransferOffered();

  async function submit() {
    const buyer = await company.check();
    if (!buyer.ok) return;
    try {
      const order = await accept({
        id: quote._id,
        ...(quoteKey && { key: quoteKey }),
        ...(buyer.buyer && { buyer: buyer.buyer, paymentMethod: transfer ? 'bank_transfer' : 'cash' }),
      }).unwrap();
      setDone(true);
      navigate(`/order-confirmation?order=${order._id}&key=${order.orderKey}`);
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'storefront:quote.acceptFailed'));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={company.isCompany}
          onChange={(event) => company.toggle(event.target.checked)}
        />
        {t('checkout.company.toggle')}
      </label>
      {company.isCompany && (
        <CompanyFields values={company.values} errors={company.errors} edit={company.edit} />
      )}
      <button
        type="button"
        disabled={isLoading || done}
        onClick={() => void submit()}
        className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {t('quote.accept')}
      </button>
    </div>
  );
}
