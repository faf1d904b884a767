import { formatAmountIn } from '@shop/contracts/currency';
import { bankDetailRows, hasBankAccount, type PaymentInstructions, paymentReference } from '@shop/contracts/invoices';
import type { Order } from '@shop/contracts/orders';
import { formatDate } from '../format.ts';

/**
 * How a pay-later order is paid — the store's account and the reference to quote (the
 * reference format with the order number) — while its invoice is unpaid; nothing once paid or void.
 */
export function BankTransfer({ order, instructions }: { order: Order; instructions: PaymentInstructions }) {
  const { invoice } = order;
  if (!invoice || (invoice.status !== 'open' && invoice.status !== 'overdue')) return null;
  const rows = hasBankAccount(instructions) ? bankDetailRows(instructions) : [];
  const reference = paymentReference(instructions.payment_reference, order.number);
  return (
    <section aria-labelledby="bank-transfer-heading" className="rounded-lg border border-slate-200 p-5">
      <h2 id="bank-transfer-heading" className="mb-2 font-semibold text-lg">
        How to pay
      </h2>
      <p className="text-slate-800 text-sm">
        {rows.length > 0
          ? `Please transfer ${formatAmountIn(invoice.amount, order.currency)} by ${formatDate(invoice.due_at)} to this account, quoting the reference:`
          : `Please pay ${formatAmountIn(invoice.amount, order.currency)} by ${formatDate(invoice.due_at)}, quoting the reference. Contact us for the bank details.`}
      </p>
      <dl
        className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm"
        data-testid="bank-transfer-details"
      >
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-700">{row.label}</dt>
            <dd className="break-words font-medium text-slate-900">{row.value}</dd>
          </div>
        ))}
        <dt className="text-slate-700">Reference</dt>
        <dd className="break-words font-medium text-slate-900" data-testid="payment-reference">
          {reference}
        </dd>
      </dl>
    </section>
  );
}
