import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { formatSom, shiftShopDay, shopDay, type PriceQuote } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { useAnswerQuoteMutation } from '../../../entities/quote/quotes-api';
import { btn, input, label } from '../../components/styles';

/** A unit price per line (the list price to start from), the last day it holds, a note; sent by SMS. */
export function QuoteAnswerForm({ quote }: { quote: PriceQuote }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const uid = useId();
  const [prices, setPrices] = useState(quote.items.map((item) => String(item.price ?? item.listPrice)));
  const [validUntil, setValidUntil] = useState(quote.reply.validUntil ?? shiftShopDay(shopDay(), 7));
  const [note, setNote] = useState(quote.reply.note);
  const [answer, { isLoading }] = useAnswerQuoteMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await answer({
        id: quote._id,
        lines: prices.map((price) => ({ price: Number(price) })),
        validUntil,
        note,
      }).unwrap();
      toast.success(t('quotes.answered'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:quotes.answerFailed'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3">
      {quote.items.map((item, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_12rem] sm:items-end">
          <p className="text-sm">
            {item.product.name} (
            {item.variant ? `${item.variant.label.uz} · ${item.variant.sku}` : item.color}) × {item.quantity}{' '}
            · {t('quotes.listPrice', { price: formatSom(item.listPrice, i18n.language) })}
          </p>
          <div>
            <label htmlFor={`${uid}-price-${i}`} className={label}>
              {t('quotes.unitPrice')}
            </label>
            <input
              id={`${uid}-price-${i}`}
              className={input}
              inputMode="numeric"
              required
              value={prices[i]}
              onChange={(e) =>
                setPrices((current) =>
                  current.map((value, j) => (j === i ? e.target.value.replace(/\D/g, '') : value)),
                )
              }
            />
          </div>
        </div>
      ))}
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor={`${uid}-valid`} className={label}>
            {t('quotes.validUntil')}
          </label>
          <input
            id={`${uid}-valid`}
            type="date"
            className={input}
            required
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${uid}-note`} className={label}>
            {t('quotes.note')}
          </label>
          <input
            id={`${uid}-note`}
            className={input}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className={btn.primary} disabled={isLoading}>
        {isLoading ? t('common.saving') : t('quotes.send')}
      </button>
    </form>
  );
}
