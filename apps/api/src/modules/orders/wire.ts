import { fromMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import { isCancellable } from '@shop/contracts/order-lifecycle';
import type { Address, Order } from '@shop/contracts/orders';
import { lineToWire, taxToWire, totalsToWire } from '../checkout/index.ts';
import type { OrderBundle, OrderSummaryRow } from './repository.ts';

/** The wire form (contracts `order`). `now` decides whether an open invoice is overdue. */
export function orderToWire(b: OrderBundle, now: Date): Order {
  const { order: o, payment: p, invoice: inv } = b;
  const currency = currencyUnit(o.currency);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    email: o.email,
    lines: b.lines.map((l) => lineToWire(l, currency)),
    totals: totalsToWire(o, currency),
    discount_code: o.discountCode,
    shipping_method: o.shippingMethod,
    shipping_method_name: o.shippingMethodName,
    ...taxToWire(o, currency),
    vat_number: o.vatNumber,
    shipping_address: o.shippingAddress as Address,
    billing_address: (o.billingAddress as Address | null) ?? null,
    payment: {
      method: p?.method ?? 'pay_later',
      // `processing` is our own in-flight marker; the shopper sees a pending payment.
      status: !p || p.status === 'processing' ? 'pending' : p.status,
      card_brand: p?.cardBrand ?? null,
      card_last4: p?.cardLast4 ?? null,
      next_action: nextAction(p),
      // Why the last card attempt failed, while it matters: the shopper may try again, or it ended the order.
      failure_message:
        p && ['requires_action', 'declined', 'cancelled'].includes(p.status) ? (p.failureMessage ?? null) : null,
    },
    invoice: inv
      ? {
          number: inv.number,
          issued_at: inv.issuedAt.toISOString(),
          due_at: inv.dueAt.toISOString(),
          paid_at: inv.paidAt?.toISOString() ?? null,
          amount: fromMinor(inv.amountCents, currency.digits),
          status: inv.status === 'open' && inv.dueAt.getTime() < now.getTime() ? 'overdue' : inv.status,
          // Signed with the shop's key: the orders service fills it in for the shopper (withInvoiceLink).
          pdf_url: null,
        }
      : null,
    tracking_number: o.trackingNumber,
    pay_by: o.payBy && o.status === 'placed' && inv?.status === 'open' ? o.payBy.toISOString() : null,
    events: b.events.map((e) => ({ status: e.status, note: e.note, at: e.createdAt.toISOString() })),
    // Guests have no way to sign in to cancel; they contact the store.
    can_cancel: o.userId !== null && isCancellable(o.status, 'shopper'),
    created_at: o.createdAt.toISOString(),
  };
}

/** What the shopper does next: Stripe.js confirms a PaymentIntent, the demo asks for its step. */
function nextAction(p: OrderBundle['payment']): Order['payment']['next_action'] {
  if (p?.status !== 'requires_action' || !p.actionToken) return null;
  return p.provider === 'stripe'
    ? { type: 'stripe', client_secret: p.actionToken }
    : { type: 'confirm', token: p.actionToken };
}

/** One row of the user's order list (contracts `orderList`). */
export function orderSummaryToWire(o: OrderSummaryRow) {
  const currency = currencyUnit(o.currency);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    totals: totalsToWire(o, currency),
    currency,
    created_at: o.createdAt.toISOString(),
    item_count: o.itemCount,
  };
}

/** The order with its invoice's signed download path (`invoice.pdf_url`), for the shopper's answers. */
export function withInvoiceLink(order: Order, pdfPath: (orderId: string) => string): Order {
  return order.invoice ? { ...order, invoice: { ...order.invoice, pdf_url: pdfPath(order.id) } } : order;
}
