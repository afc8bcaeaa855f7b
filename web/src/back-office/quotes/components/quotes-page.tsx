import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { QUOTE_STATUSES, formatDateTime, formatSom, type PriceQuote } from '@shop/common';
import { useGetQuotesQuery } from '../../../entities/quote/quotes-api';
import { card, input, label } from '../../components/styles';
import { QuoteAnswerForm } from './quote-answer-form';

/** Price requests, newest first: who asks, for what, and the answer staff give. */
export function QuotesPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [status, setStatus] = useState('requested');
  const { data, isLoading, isError } = useGetQuotesQuery({ page: 1, status });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{t('quotes.title')}</h1>
      <div className="max-w-xs">
        <label htmlFor="quote-status" className={label}>
          {t('quotes.filter')}
        </label>
        <select
          id="quote-status"
          className={input}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="all">{t('quotes.status.all')}</option>
          {QUOTE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`quotes.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {isLoading && <p>{t('quotes.loading')}</p>}
      {isError && <p role="alert">{t('quotes.loadFailed')}</p>}
      {data?.docs.length === 0 && <p>{t('quotes.empty')}</p>}
      {data?.docs.map((quote) => (
        <QuoteCard key={quote._id} quote={quote} />
      ))}
    </div>
  );
}

function QuoteCard({ quote }: { quote: PriceQuote }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  return (
    <article className={`${card} space-y-3 p-4`} data-testid="quote-card">
      <header className="flex flex-wrap justify-between gap-2">
        <div>
          <p className="font-semibold">
            {quote.contact.name}
            {quote.contact.company && ` · ${quote.contact.company}`}
          </p>
          <p className="text-sm text-stone-600">
            {quote.contact.phoneNumber} · {formatDateTime(quote.createdAt, i18n.language)}
          </p>
        </div>
        <span className="text-sm font-medium">
          {t(`quotes.status.${quote.expired ? 'expired' : quote.status}`)}
          {quote.total !== null && ` · ${formatSom(quote.total, i18n.language)}`}
        </span>
      </header>
      {quote.note && <p className="text-sm">{quote.note}</p>}
      {quote.status === 'accepted' ? (
        <ul className="text-sm">
          {quote.items.map((item, i) => (
            <li key={i}>
              {item.product.name} (
              {item.variant ? `${item.variant.label.uz} · ${item.variant.sku}` : item.color}) ×{' '}
              {item.quantity} — {formatSom(item.price ?? 0, i18n.language)}
            </li>
          ))}
        </ul>
      ) : (
        <QuoteAnswerForm quote={quote} />
      )}
    </article>
  );
}
