import { useId, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from 'react-toastify';
import { formatDate, formatSom, shopDay, type Order } from '@shop/common';
import { apiErrorMessage } from '../../../lib/api-error';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { btn, input, label } from '../../components/styles';
import { saveFile } from '../../../lib/saved-file';
import { useDownloadInvoiceMutation, useReceiveBankTransferMutation } from '../api/staff-orders-api';

/** An open bank-transfer order whose money has not been recorded yet. */
const awaitsTransfer = (order: Order): boolean =>
  order.payment.method === 'bank_transfer' &&
  order.payment.status === 'unpaid' &&
  order.status !== 'cancelled';

/** The invoice PDF, asked for with the staff token and saved. */
function InvoiceButton({ order, invoiceNumber }: { order: Order; invoiceNumber: string }) {
  const { t } = useTranslation(['admin', 'common']);
  const [downloadInvoice, downloading] = useDownloadInvoiceMutation();
  async function download() {
    try {
      saveFile(await downloadInvoice({ id: order._id, invoiceNumber }).unwrap());
    } catch {
      toast.error(t('orders.invoice.failed'));
    }
  }
  return (
    <button
      type="button"
      className={btn.secondary}
      disabled={downloading.isLoading}
      onClick={() => void download()}
    >
      {t('orders.invoice.download', { number: invoiceNumber })}
    </button>
  );
}

/** Admin and ceo record the transfer: the amount is the invoice's total, the day and the bank's reference. */
function TransferForm({ order }: { order: Order }) {
  const { t } = useTranslation(['admin', 'common']);
  const uid = useId();
  const [receive, receiving] = useReceiveBankTransferMutation();
  const [paidAt, setPaidAt] = useState(shopDay());
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(String(order.total));

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await receive({ id: order._id, amount: Number(amount), paidAt, reference }).unwrap();
      toast.success(t('orders.transfer.recorded'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:orders.toasts.updateFailed'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 grid gap-2 sm:grid-cols-4 sm:items-end">
      <div>
        <label htmlFor={`${uid}-amount`} className={label}>
          {t('orders.transfer.amount')}
        </label>
        <input
          id={`${uid}-amount`}
          className={input}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div>
        <label htmlFor={`${uid}-paid-at`} className={label}>
          {t('orders.transfer.paidAt')}
        </label>
        <input
          id={`${uid}-paid-at`}
          type="date"
          className={input}
          value={paidAt}
          onChange={(e) => setPaidAt(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${uid}-reference`} className={label}>
          {t('orders.transfer.reference')}
        </label>
        <input
          id={`${uid}-reference`}
          className={input}
          required
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
      </div>
      <button type="submit" className={btn.primary} disabled={receiving.isLoading || !reference.trim()}>
        {receiving.isLoading ? t('common.saving') : t('orders.transfer.record')}
      </button>
    </form>
  );
}

/** A company order's part of the payment panel: who buys, the invoice, the transfer. */
export function CompanyPayment({ order }: { order: Order }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const user = useSelector(selectCurrentUser);
  const canRecord = user?.role === 'admin' || user?.role === 'ceo';
  const { buyer } = order;
  const transfer = order.payment.bankTransfer;
  if (!buyer) return null;
  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="company-payment">
      <p>
        <span className="font-medium">{t('orders.company.title')}:</span> {buyer.name} ·{' '}
        {t('orders.company.tin')} {buyer.tin} · {t('orders.company.account')} {buyer.bankAccount} ·{' '}
        {t('orders.company.mfo')} {buyer.mfo} · {buyer.bank}
      </p>
      {order.invoiceNumber && <InvoiceButton order={order} invoiceNumber={order.invoiceNumber} />}
      {transfer && (
        <p data-testid="bank-transfer">
          {t('orders.transfer.value', {
            amount: formatSom(transfer.amount, i18n.language),
            day: formatDate(transfer.paidAt, i18n.language),
            reference: transfer.reference,
            name: transfer.by.name,
          })}
        </p>
      )}
      {awaitsTransfer(order) && canRecord && <TransferForm order={order} />}
    </div>
  );
}
