import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { BUYER_TYPES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@shop/common';
import { FilterChip } from '../../components/filter-chip';
import { FilterActions, FilterDateRange, FilterSelect } from '../../components/filter-fields';
import { card, input, label } from '../../components/styles';
import { EMPTY_ORDER_FILTERS, type OrderFilters } from '../lib/order-filters';

interface Props {
  applied: OrderFilters;
  onApply: (filters: OrderFilters) => void;
}

/** Draft filters, applied with the button; the applied ones show as removable chips. */
export function OrderFiltersBar({ applied, onApply }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
  const [draft, setDraft] = useState<OrderFilters>(applied);
  const appliedKey = JSON.stringify(applied);
  const [seen, setSeen] = useState(appliedKey);
  if (seen !== appliedKey) {
    // The URL changed (a chip, the dashboard link, back/forward): show what is applied.
    setSeen(appliedKey);
    setDraft(applied);
  }
  const set = (key: keyof OrderFilters, value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <section className={`${card} p-3 sm:p-4`} aria-label={t('orders.filters.title')}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <LookupFields idPrefix={uid} draft={draft} set={set} />
        <FilterSelect
          id={`${uid}-status`}
          label={t('orders.filters.status')}
          value={draft.status}
          onChange={(value) => set('status', value)}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`orderStatus.${status}`) }))}
        />
        <FilterSelect
          id={`${uid}-payment-method`}
          label={t('orders.filters.paymentMethod')}
          value={draft.paymentMethod}
          onChange={(value) => set('paymentMethod', value)}
          options={PAYMENT_METHODS.map((method) => ({
            value: method,
            label: t(`common:payment.method.${method}`),
          }))}
        />
        <FilterSelect
          id={`${uid}-buyer-type`}
          label={t('orders.filters.buyerType')}
          value={draft.buyerType}
          onChange={(value) => set('buyerType', value)}
          options={BUYER_TYPES.map((type) => ({ value: type, label: t(`orders.buyerType.${type}`) }))}
        />
        <FilterSelect
          id={`${uid}-payment-status`}
          label={t('orders.filters.paymentStatus')}
          value={draft.paymentStatus}
          onChange={(value) => set('paymentStatus', value)}
          options={PAYMENT_STATUSES.map((status) => ({
            value: status,
            label: t(`common:payment.status.${status}`),
          }))}
        />
        <FilterDateRange
          idPrefix={uid}
          startLabel={t('orders.filters.startDate')}
          endLabel={t('orders.filters.endDate')}
          startDate={draft.startDate}
          endDate={draft.endDate}
          onChange={set}
        />
        <FilterActions
          onReset={() => {
            setDraft(EMPTY_ORDER_FILTERS);
            onApply(EMPTY_ORDER_FILTERS);
          }}
        />
      </form>
      <AppliedChips applied={applied} onApply={onApply} />
    </section>
  );
}

/** The order's number and the customer's phone, typed to find one order. */
function LookupFields({
  idPrefix: uid,
  draft,
  set,
}: {
  idPrefix: string;
  draft: OrderFilters;
  set: (key: keyof OrderFilters, value: string) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <>
      <div>
        <label htmlFor={`${uid}-number`} className={label}>
          {t('orders.filters.number')}
        </label>
        <input
          id={`${uid}-number`}
          type="search"
          className={`${input} font-mono`}
          placeholder="#A1B2C3"
          maxLength={20}
          value={draft.number}
          onChange={(e) => set('number', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${uid}-phone`} className={label}>
          {t('orders.filters.phone')}
        </label>
        <input
          id={`${uid}-phone`}
          type="tel"
          className={input}
          placeholder="+998901234567"
          value={draft.phone}
          onChange={(e) => set('phone', e.target.value)}
        />
      </div>
    </>
  );
}

/** The applied filters as chips; removing one applies the rest. */
function AppliedChips({ applied, onApply }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  const chips: { key: keyof OrderFilters; text: string }[] = [];
  if (applied.status)
    chips.push({
      key: 'status',
      text: t('orders.chips.status', { value: t(`orderStatus.${applied.status}`) }),
    });
  if (applied.number)
    chips.push({ key: 'number', text: t('orders.chips.number', { value: applied.number }) });
  if (applied.phone) chips.push({ key: 'phone', text: t('orders.chips.phone', { value: applied.phone }) });
  if (applied.startDate)
    chips.push({ key: 'startDate', text: t('orders.chips.from', { value: applied.startDate }) });
  if (applied.endDate) chips.push({ key: 'endDate', text: t('orders.chips.to', { value: applied.endDate }) });
  if (applied.paymentMethod)
    chips.push({
      key: 'paymentMethod',
      text: t('orders.chips.paymentMethod', { value: t(`common:payment.method.${applied.paymentMethod}`) }),
    });
  if (applied.buyerType)
    chips.push({
      key: 'buyerType',
      text: t('orders.chips.buyerType', { value: t(`orders.buyerType.${applied.buyerType}`) }),
    });
  if (applied.paymentStatus)
    chips.push({
      key: 'paymentStatus',
      text: t('orders.chips.paymentStatus', { value: t(`common:payment.status.${applied.paymentStatus}`) }),
    });

  if (chips.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('common.activeFilters')}>
      {chips.map((chip) => (
        <FilterChip
          key={chip.key}
          label={chip.text}
          onRemove={() => onApply({ ...applied, [chip.key]: '' })}
        />
      ))}
    </ul>
  );
}
