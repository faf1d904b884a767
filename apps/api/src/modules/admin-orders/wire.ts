import type { AdminOrderList, LedgerRow, PayLaterInvoice } from '@shop/contracts/admin-orders';
import { fromMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import type { InvoiceListRow, LedgerListRow, OrderListRow } from './repository.ts';

// Every amount of an order is minor units of the order's currency (docs/adr/050-currencies.md).

export const orderSummaryToWire = (r: OrderListRow): AdminOrderList['items'][number] => {
  const currency = currencyUnit(r.order.currency);
  return {
    id: r.order.id,
    number: r.order.number,
    status: r.order.status,
    email: r.order.email,
    customer_name: r.customerName,
    total: fromMinor(r.order.totalCents, currency.digits),
    currency,
    item_count: r.itemCount,
    payment_method: r.method ?? 'pay_later',
    payment_status: r.paymentStatus === 'processing' ? 'pending' : (r.paymentStatus ?? 'pending'),
    created_at: r.order.createdAt.toISOString(),
  };
};

export const ledgerRowToWire = ({ t, number, currency: code }: LedgerListRow): LedgerRow => {
  const currency = currencyUnit(code);
  return {
    id: t.id,
    order_id: t.orderId,
    order_number: number,
    kind: t.kind,
    method: t.method,
    amount: fromMinor(t.amountCents, currency.digits),
    currency,
    reference: t.providerRef,
    note: t.note,
    created_at: t.createdAt.toISOString(),
  };
};

/** An invoice as the pay-later page shows it; an open one past its due date (at `now`) is overdue. */
export function invoiceToWire(r: InvoiceListRow, now: Date): PayLaterInvoice {
  const inv = r.invoice;
  const currency = currencyUnit(r.currency);
  return {
    id: inv.id,
    number: inv.number,
    order_id: inv.orderId,
    order_number: r.orderNumber,
    order_status: r.orderStatus,
    customer_name: r.customerName,
    email: r.email,
    amount: fromMinor(inv.amountCents, currency.digits),
    currency,
    issued_at: inv.issuedAt.toISOString(),
    due_at: inv.dueAt.toISOString(),
    paid_at: inv.paidAt?.toISOString() ?? null,
    status: inv.status === 'open' && inv.dueAt.getTime() < now.getTime() ? 'overdue' : inv.status,
    last_reminder_at: r.lastReminderAt ? new Date(r.lastReminderAt).toISOString() : null,
  };
}
