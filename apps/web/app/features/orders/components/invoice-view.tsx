import { formatAmountIn } from '@shop/contracts/currency';
import { describeOptions } from '@shop/contracts/line-options';
import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { reasonOf } from '../../../lib/api-error.ts';
import { useOrder } from '../api/get-order.ts';
import { formatDate, INVOICE_STATUS_LABELS } from '../format.ts';
import { AddressBlock } from './address-block.tsx';
import { LoadError } from './load-error.tsx';
import { OrderNotFound } from './order-detail.tsx';
import { lineKey } from './order-lines.tsx';
import { OrderTotals } from './order-totals.tsx';
import { PagePlaceholder } from './signed-in-only.tsx';

/** On paper only the invoice: the shop's header, footer and the Print button stay on screen. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #invoice, #invoice * { visibility: visible; }
  #invoice { position: absolute; top: 0; left: 0; width: 100%; }
}`;

export function InvoiceHeading() {
  return <h1 className="mb-6 font-bold text-3xl tracking-tight">Invoice</h1>;
}

/** The printable invoice of a pay-later order. */
export function InvoiceView({ userId, orderId, storeName }: { userId: string; orderId: string; storeName: string }) {
  const query = useOrder(userId, orderId);
  if (query.isPending) {
    return (
      <>
        <InvoiceHeading />
        <PagePlaceholder text="Loading your invoice…" />
      </>
    );
  }
  if (query.isError) {
    if (reasonOf(query.error) === 'not_found') return <OrderNotFound />;
    return (
      <>
        <InvoiceHeading />
        <LoadError text="We could not load this invoice. Please try again." onRetry={() => void query.refetch()} />
      </>
    );
  }
  const order = query.data;
  const orderPath = `/orders/${encodeURIComponent(order.id)}`;
  const invoice = order.invoice;
  if (!invoice) {
    return (
      <div className="rounded-lg border border-slate-200 p-8 text-center">
        <InvoiceHeading />
        <p className="text-slate-700">Order {order.number} was paid by card, so it has no invoice.</p>
        <Link to={orderPath} className={buttonVariants({ className: 'mt-6' })}>
          Back to the order
        </Link>
      </div>
    );
  }
  const billTo = order.billing_address ?? order.shipping_address;

  return (
    <>
      <style href="invoice-print" precedence="default">
        {PRINT_CSS}
      </style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={orderPath} className={buttonVariants({ variant: 'link', className: 'px-0' })}>
          Back to order {order.number}
        </Link>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </div>
      <article
        id="invoice"
        aria-labelledby="invoice-title"
        className="rounded-lg border border-slate-200 bg-white p-6 sm:p-10 print:border-0 print:p-0"
      >
        <header className="flex flex-wrap items-start justify-between gap-6 border-slate-200 border-b pb-6">
          <div>
            <p className="font-bold text-2xl text-slate-900" data-testid="invoice-store">
              {storeName}
            </p>
            <h1 id="invoice-title" className="mt-1 font-semibold text-lg text-slate-800">
              Invoice {invoice.number}
            </h1>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-700">Invoice number</dt>
            <dd className="font-medium" data-testid="invoice-number">
              {invoice.number}
            </dd>
            <dt className="text-slate-700">Order</dt>
            <dd>{order.number}</dd>
            <dt className="text-slate-700">Issued</dt>
            <dd data-testid="invoice-issued">{formatDate(invoice.issued_at)}</dd>
            <dt className="text-slate-700">Due</dt>
            <dd className="font-medium" data-testid="invoice-due">
              {formatDate(invoice.due_at)}
            </dd>
            <dt className="text-slate-700">Status</dt>
            <dd data-testid="invoice-status">{INVOICE_STATUS_LABELS[invoice.status]}</dd>
          </dl>
        </header>

        <section aria-labelledby="invoice-bill-to" className="py-6">
          <h2 id="invoice-bill-to" className="mb-2 font-semibold text-slate-900 text-sm uppercase tracking-wide">
            Bill to
          </h2>
          <AddressBlock address={billTo} testId="invoice-bill-to-address" />
          <p className="text-slate-800 text-sm">{order.email}</p>
        </section>

        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead className="border-slate-200 border-y text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Item
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Unit price
              </th>
              <th scope="col" className="py-2 pl-4 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {order.lines.map((line) => (
              <tr key={lineKey(line)} data-testid="invoice-line">
                <td className="py-2 pr-4">
                  {line.name}
                  {line.options.length > 0 ? (
                    <span className="block text-slate-600">{describeOptions(line.options)}</span>
                  ) : null}
                  {line.sku ? <span className="block text-slate-500 text-xs">SKU {line.sku}</span> : null}
                </td>
                <td className="px-4 py-2 text-right">{line.quantity}</td>
                <td className="px-4 py-2 text-right">{formatAmountIn(line.unit_price, order.currency)}</td>
                <td className="py-2 pl-4 text-right">{formatAmountIn(line.line_total, order.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <div className="mt-6 flex justify-end">
          <OrderTotals className="w-full max-w-xs" priced={order} />
        </div>

        <footer className="mt-8 border-slate-200 border-t pt-4 text-slate-700 text-sm">
          {invoice.status === 'paid' && invoice.paid_at ? (
            <p>Paid on {formatDate(invoice.paid_at)}. Thank you.</p>
          ) : invoice.status === 'void' ? (
            <p>This invoice is void: the order was cancelled. Nothing is owed.</p>
          ) : (
            <p>
              Please pay <strong data-testid="invoice-amount">{formatAmountIn(invoice.amount, order.currency)}</strong>{' '}
              by {formatDate(invoice.due_at)}, quoting invoice number {invoice.number}.
            </p>
          )}
        </footer>
      </article>
    </>
  );
}
