import { fromCents } from '@shop/contracts/money';
import type { Address, Order, OrderStatus } from '@shop/contracts/orders';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invoices, orderEvents, orderLines, orders, payments } from '../../db/schema.ts';
import { lineToWire, totalsToWire } from '../checkout/service.ts';

/** spec'd by issue 4: a customer may cancel before shipment. */
export const CANCELLABLE: readonly OrderStatus[] = ['awaiting_payment', 'placed', 'paid', 'processing'];

export interface OrderBundle {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  events: (typeof orderEvents.$inferSelect)[];
  payment: typeof payments.$inferSelect | undefined;
  invoice: typeof invoices.$inferSelect | undefined;
}

/** The order with its lines, timeline, payment and invoice; undefined if there is none. */
export async function loadOrder(ex: Db | Tx, id: string): Promise<OrderBundle | undefined> {
  const [order] = await ex.select().from(orders).where(eq(orders.id, id));
  if (!order) return undefined;
  const [lines, events, [payment], [invoice]] = await Promise.all([
    ex.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
    ex.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
    ex.select().from(payments).where(eq(payments.orderId, id)),
    ex.select().from(invoices).where(eq(invoices.orderId, id)),
  ]);
  return { order, lines, events, payment, invoice };
}

/** The wire form (contracts `order`). `now` decides whether an open invoice is overdue. */
export function orderToWire(b: OrderBundle, now: Date): Order {
  const { order: o, payment: p, invoice: inv } = b;
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    email: o.email,
    lines: b.lines.map(lineToWire),
    totals: totalsToWire(o),
    discount_code: o.discountCode,
    shipping_method: o.shippingMethod as Order['shipping_method'],
    shipping_address: o.shippingAddress as Address,
    billing_address: (o.billingAddress as Address | null) ?? null,
    payment: {
      method: p?.method ?? 'pay_later',
      // `processing` is our own in-flight marker; the shopper sees a pending payment.
      status: !p || p.status === 'processing' ? 'pending' : p.status,
      card_brand: p?.cardBrand ?? null,
      card_last4: p?.cardLast4 ?? null,
      next_action: p?.status === 'requires_action' && p.actionToken ? { type: 'confirm', token: p.actionToken } : null,
    },
    invoice: inv
      ? {
          number: inv.number,
          issued_at: inv.issuedAt.toISOString(),
          due_at: inv.dueAt.toISOString(),
          paid_at: inv.paidAt?.toISOString() ?? null,
          amount: fromCents(inv.amountCents),
          status: inv.status === 'open' && inv.dueAt.getTime() < now.getTime() ? 'overdue' : inv.status,
        }
      : null,
    tracking_number: o.trackingNumber,
    pay_by: o.payBy && o.status === 'placed' && inv?.status === 'open' ? o.payBy.toISOString() : null,
    events: b.events.map((e) => ({ status: e.status, note: e.note, at: e.createdAt.toISOString() })),
    // Guests have no way to sign in to cancel; they contact the store.
    can_cancel: o.userId !== null && CANCELLABLE.includes(o.status),
    created_at: o.createdAt.toISOString(),
  };
}
