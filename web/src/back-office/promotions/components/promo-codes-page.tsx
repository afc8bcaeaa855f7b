import { useState, type FormEvent } from 'react';
import { PROMO_KINDS, formatSom, type PromoCode, type PromoKind } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { apiErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useCreatePromoCodeMutation,
  useGetPromoCodeOrdersQuery,
  useGetPromoCodesQuery,
  useUpdatePromoCodeMutation,
} from '../api/promo-api';

/** Promo codes (admin, ceo): the list with uses and the orders that used each, a form for a new one. */
export function PromoCodesPage() {
  const { t } = useTranslation('admin');
  const query = useGetPromoCodesQuery(1);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-stone-900">{t('promo.title')}</h1>
      <PromoCodeForm onCreated={() => void query.refetch()} />
      {query.data && (
        <ul className="divide-y divide-stone-200 rounded border border-stone-200" data-testid="promo-list">
          {query.data.docs.map((code) => (
            <PromoCodeRow key={code._id} code={code} onChanged={() => void query.refetch()} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PromoCodeRow({ code, onChanged }: { code: PromoCode; onChanged: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [update] = useUpdatePromoCodeMutation();
  const value =
    code.kind === 'percent'
      ? `${code.value} %`
      : code.kind === 'fixed'
        ? formatSom(code.value, i18n.language)
        : '';
  const toggle = async () => {
    await update({ id: code._id, patch: { active: !code.active } }).unwrap();
    onChanged();
  };
  return (
    <li className="p-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <strong className="font-mono">{code.code}</strong>
        <span>{t(`promo.kind.${code.kind}`)}</span>
        <span>{value}</span>
        <span>{t('promo.uses', { uses: code.uses, max: code.maxUses ?? '∞' })}</span>
        <span>{formatSom(code.discountTotal, i18n.language)}</span>
        <button type="button" className="underline" onClick={() => void toggle()}>
          {t(code.active ? 'promo.switchOff' : 'promo.switchOn')}
        </button>
        <button type="button" className="underline" onClick={() => setOpen(!open)}>
          {t('promo.orders')}
        </button>
      </div>
      {open && <PromoCodeOrders id={code._id} />}
    </li>
  );
}

function PromoCodeOrders({ id }: { id: string }) {
  const { i18n } = useTranslation('admin');
  const { data } = useGetPromoCodeOrdersQuery(id);
  return (
    <ul className="mt-2 pl-4">
      {data?.orders.map((order) => (
        <li key={order._id}>
          {order.orderNumber} · {order.status} · {formatSom(order.total, i18n.language)} · −
          {formatSom(order.discount, i18n.language)}
        </li>
      ))}
    </ul>
  );
}

function PromoCodeForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const [create, { isLoading }] = useCreatePromoCodeMutation();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<PromoKind>('percent');
  const [value, setValue] = useState('10');
  const [minTotal, setMinTotal] = useState('0');
  const [maxUses, setMaxUses] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create({
        code,
        kind,
        value: kind === 'free_delivery' ? 0 : Number(value),
        minTotal: Number(minTotal) || 0,
        maxUses: maxUses ? Number(maxUses) : null,
      }).unwrap();
      setCode('');
      onCreated();
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:promo.failed'));
    }
  };
  const field = 'rounded border border-stone-300 px-2 py-1';
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2 text-sm">
      <label className="flex flex-col">
        {t('promo.code')}
        <input className={field} value={code} onChange={(event) => setCode(event.target.value)} required />
      </label>
      <label className="flex flex-col">
        {t('promo.kindLabel')}
        <select className={field} value={kind} onChange={(event) => setKind(event.target.value as PromoKind)}>
          {PROMO_KINDS.map((each) => (
            <option key={each} value={each}>
              {t(`promo.kind.${each}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        {t('promo.value')}
        <input
          className={field}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <label className="flex flex-col">
        {t('promo.minTotal')}
        <input
          className={field}
          inputMode="numeric"
          value={minTotal}
          onChange={(event) => setMinTotal(event.target.value)}
        />
      </label>
      <label className="flex flex-col">
        {t('promo.maxUses')}
        <input
          className={field}
          inputMode="numeric"
          value={maxUses}
          onChange={(event) => setMaxUses(event.target.value)}
        />
      </label>
      <button type="submit" disabled={isLoading} className="rounded bg-brand-600 px-3 py-1 text-white">
        {t('promo.create')}
      </button>
    </form>
  );
}
