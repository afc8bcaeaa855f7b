import { useState } from 'react';
import { formatDate, formatSom, type PromoCode } from '@shop/common';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/use-translation';
import { apiErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useGetPromoCodeOrdersQuery,
  useGetPromoCodesQuery,
  useUpdatePromoCodeMutation,
} from '../api/promo-api';
import { PromoCodeForm } from './promo-code-form';

/**
 * Promo codes (admin, ceo): the list with uses and the orders that used each, a form for a new one,
 * and the same form to change one.
 */
export function PromoCodesPage() {
  const { t } = useTranslation('admin');
  const query = useGetPromoCodesQuery(1);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-stone-900">{t('promo.title')}</h1>
      <section className="rounded border border-stone-200 p-3">
        <h2 className="mb-2 text-lg font-semibold">{t('promo.newTitle')}</h2>
        <PromoCodeForm onSaved={() => void query.refetch()} />
      </section>
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
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [update] = useUpdatePromoCodeMutation();
  const value =
    code.kind === 'percent'
      ? `${code.value} %`
      : code.kind === 'fixed'
        ? formatSom(code.value, i18n.language)
        : '';
  const toggle = async () => {
    try {
      await update({ id: code._id, patch: { active: !code.active } }).unwrap();
      onChanged();
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:promo.failed'));
    }
  };
  const days = [formatDate(code.startsAt, i18n.language), formatDate(code.endsAt, i18n.language)];
  return (
    <li className="p-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <strong className="font-mono">{code.code}</strong>
        <span>{t(`promo.kind.${code.kind}`)}</span>
        <span>{value}</span>
        <span>{t('promo.uses', { uses: code.uses, max: code.maxUses ?? '∞' })}</span>
        <span>{formatSom(code.discountTotal, i18n.language)}</span>
        {(days[0] || days[1]) && (
          <span>{t('promo.window', { from: days[0] || '…', to: days[1] || '…' })}</span>
        )}
        {!code.active && <span className="text-stone-500">{t('promo.off')}</span>}
        <button type="button" className="underline" onClick={() => setEditing(true)}>
          {t('promo.edit')}
        </button>
        <button type="button" className="underline" onClick={() => void toggle()}>
          {t(code.active ? 'promo.switchOff' : 'promo.switchOn')}
        </button>
        <button type="button" className="underline" onClick={() => setOpen(!open)}>
          {t('promo.orders')}
        </button>
      </div>
      {open && <PromoCodeOrders id={code._id} />}
      <Modal
        open={editing}
        wide
        title={t('promo.editTitleOf', { code: code.code })}
        onClose={() => setEditing(false)}
      >
        <PromoCodeForm
          code={code}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      </Modal>
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
