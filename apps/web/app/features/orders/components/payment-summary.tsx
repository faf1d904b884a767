import { formatAmountIn } from '@shop/contracts/currency';
import type { Order } from '@shop/contracts/orders';
import { Link } from 'react-router';
import { cardLabel, formatDate, formatDateTime, INVOICE_STATUS_LABELS } from '../format.ts';

const PAYMENT_STATUS: Record<Order['payment']['status'], string> = {
  requires_action: 'Waiting for your confirmation',
  succeeded: 'Paid',
  declined: 'Declined',
  pending: 'Pending',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  cancelled: 'Cancelled',
};

/**
 * How the order is paid: the card's brand and last 4 digits (all the shop keeps), or the pay-later
 * invoice with its number, due date and amount (and a guest's deadline). `invoiceLink` links the
 * printable invoice; the invoice's PDF is linked whenever the answer carries its signed link.
 */
export function PaymentSummary({ order, invoiceLink = false }: { order: Order; invoiceLink?: boolean }) {
  const { payment, invoice } = order;
  if (payment.method === 'card') {
    return (
      <div className="text-sm" data-testid="payment-summary">
        <p className="font-medium text-slate-900">{cardLabel(payment.card_brand, payment.card_last4)}</p>
        <p className="text-slate-700">{PAYMENT_STATUS[payment.status]}</p>
      </div>
    );
  }
  return (
    <div className="space-y-1 text-sm" data-testid="payment-summary">
      <p className="font-medium text-slate-900">Pay later by invoice</p>
      {invoice ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-slate-800">
          <dt className="text-slate-700">Invoice</dt>
          <dd data-testid="invoice-number">{invoice.number}</dd>
          <dt className="text-slate-700">Due date</dt>
          <dd data-testid="invoice-due">{formatDate(invoice.due_at)}</dd>
          <dt className="text-slate-700">Amount</dt>
          <dd data-testid="invoice-amount">{formatAmountIn(invoice.amount, order.currency)}</dd>
          <dt className="text-slate-700">Status</dt>
          <dd data-testid="invoice-status">{INVOICE_STATUS_LABELS[invoice.status]}</dd>
        </dl>
      ) : (
        <p className="text-slate-700">{PAYMENT_STATUS[payment.status]}</p>
      )}
      {order.pay_by ? (
        // A guest's order holds its items only until then.
        <p className="text-slate-700" data-testid="pay-by">
          Pay by {formatDateTime(order.pay_by)}: an order still unpaid then is cancelled.
        </p>
      ) : null}
      {invoice && invoiceLink ? (
        <Link
          to={`/orders/${encodeURIComponent(order.id)}/invoice`}
          className="inline-block font-medium text-slate-900 underline underline-offset-4 hover:no-underline"
        >
          View invoice
        </Link>
      ) : null}
      {invoice?.pdf_url ? (
        // The PDF opens by its signed link, so a guest (no session) can download it too.
        <a
          href={invoice.pdf_url}
          download={`${invoice.number}.pdf`}
          className="block w-fit font-medium text-slate-900 underline underline-offset-4 hover:no-underline"
        >
          Download invoice (PDF)
        </a>
      ) : null}
    </div>
  );
}
