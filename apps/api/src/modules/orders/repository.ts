import { type OrderActor, statesWhere } from '@shop/contracts/order-lifecycle';
import type { OrderStatus } from '@shop/contracts/orders';
import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { mayMove, statusIn } from '../../db/order-status.ts';
import {
  cartItems,
  carts,
  invoices,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  productVariants,
} from '../../db/schema.ts';
import { type PaymentRow, unpaidCardAttempt } from '../payments/index.ts';
import { AS_V_AND_P, priceSql } from '../stock/index.ts';

type Executor = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;

export interface OrderBundle {
  order: OrderRow;
  lines: (typeof orderLines.$inferSelect)[];
  events: (typeof orderEvents.$inferSelect)[];
  payment: PaymentRow | undefined;
  invoice: typeof invoices.$inferSelect | undefined;
}

/** The order with its lines, timeline, payment and invoice; undefined if there is none. */
export async function loadOrder(ex: Executor, id: string): Promise<OrderBundle | undefined> {
  // One statement: the order with its lines, events, payment and invoice, each gathered as
  // JSON and read back as drizzle reads the tables (db/json-rows.ts).
  const { rows } = await ex.execute<{
    order: Record<string, unknown>;
    lines: Record<string, unknown>[];
    events: Record<string, unknown>[];
    payment: Record<string, unknown> | null;
    invoice: Record<string, unknown> | null;
  }>(sql`
    select to_jsonb(o) as order,
      (select coalesce(jsonb_agg(to_jsonb(l) order by l.position), '[]'::jsonb)
         from ${orderLines} l where l.order_id = o.id) as lines,
      (select coalesce(jsonb_agg(to_jsonb(e) order by e.id), '[]'::jsonb)
         from ${orderEvents} e where e.order_id = o.id) as events,
      (select to_jsonb(p) from ${payments} p where p.order_id = o.id limit 1) as payment,
      (select to_jsonb(i) from ${invoices} i where i.order_id = o.id limit 1) as invoice
    from ${orders} o where o.id = ${id}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    order: rowFromJson(orders, row.order),
    lines: row.lines.map((l) => rowFromJson(orderLines, l)),
    events: row.events.map((e) => rowFromJson(orderEvents, e)),
    payment: row.payment ? rowFromJson(payments, row.payment) : undefined,
    invoice: row.invoice ? rowFromJson(invoices, row.invoice) : undefined,
  };
}

const notAnAttempt = sql`not exists (
  select 1 from ${payments} ap where ap.order_id = ${orders.id} and ${unpaidCardAttempt('ap')})`;

/** A page of the user's own orders, newest first, with the number of items each; and how many there are. */
export async function listOwn(db: Db, userId: string, page: number, limit: number) {
  const mine = and(eq(orders.userId, userId), notAnAttempt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        subtotalCents: orders.subtotalCents,
        discountCents: orders.discountCents,
        shippingCents: orders.shippingCents,
        taxCents: orders.taxCents,
        totalCents: orders.totalCents,
        currency: orders.currency,
        createdAt: orders.createdAt,
        // Qualified by hand: inside a subquery drizzle would render the outer column unqualified.
        itemCount: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type OrderSummaryRow = Awaited<ReturnType<typeof listOwn>>['rows'][number];

/** A card order whose payment never completed. */
export const AWAITING_CARD = statusIn(statesWhere((s) => s.waitsFor === 'card'));

/** A guest's pay-later order whose `pay_by` passed with its invoice still open. */
export const guestHoldExpired = (now: Date) =>
  and(
    statusIn(statesWhere((s) => s.waitsFor === 'invoice')),
    lt(orders.payBy, now),
    sql`exists (select 1 from ${invoices} i where i.order_id = ${orders.id} and i.status = 'open')`,
  );

/** The order is the user's (anyone's when `userId` is undefined: staff). */
export const ownedBy = (userId: string | undefined) => (userId ? eq(orders.userId, userId) : undefined);

/** The user's order (anyone's for staff) in a state its canceller may still cancel it from. */
export const cancellableBy = (by: 'shopper' | 'staff', userId: string | undefined) =>
  and(ownedBy(userId), mayMove('cancelled', by));

/** Ids of up to 500 orders matching `where` (the sweeps' batches). */
export async function orderIdsWhere(db: Db, where: SQL | undefined): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(where).limit(500);
  return rows.map((r) => r.id);
}

/** Card orders still awaiting payment that were placed before `cutoff`. */
export const awaitingCardSince = (cutoff: Date) => and(AWAITING_CARD, lt(orders.createdAt, cutoff));

/**
 * The one conditional status update every transition of this module goes through: the order moves to
 * `move.to` only from a state the order lifecycle lets `move.by` move it from, and only while `from`
 * still holds, so of any number of racing requests exactly one gets the row back.
 */
export async function moveStatus(
  tx: Tx,
  orderId: string,
  from: SQL | undefined,
  move: { to: OrderStatus; by: OrderActor },
  now: Date,
) {
  const [order] = await tx
    .update(orders)
    .set({ status: move.to, updatedAt: now })
    .where(and(eq(orders.id, orderId), mayMove(move.to, move.by), from))
    .returning();
  return order;
}

export async function orderStatus(ex: Executor, orderId: string, where?: SQL): Promise<OrderStatus | undefined> {
  const [row] = await ex
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), where));
  return row?.status;
}

/** The order row, locked for the rest of the transaction. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

export async function addEvent(tx: Tx, event: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

/**
 * The order's variants and quantities, for putting their stock back. A line sold before variants whose
 * variant could not be told (migration 0001) goes back to its product's first variant: stock is never
 * lost. Lines whose product is gone have nothing to go back to.
 */
export async function stockLinesOf(tx: Tx, orderId: string) {
  const { rows } = await tx.execute<{ productId: string; variantId: string; quantity: number }>(sql`
    select ol.product_id as "productId", v.id as "variantId", ol.quantity
    from ${orderLines} ol
    join lateral (
      select pv.id from ${productVariants} pv
      where pv.product_id = ol.product_id and (ol.variant_id is null or pv.id = ol.variant_id)
      order by pv.position, pv.id limit 1
    ) v on true
    where ol.order_id = ${orderId}::uuid`);
  return rows;
}

export async function voidOpenInvoice(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ status: 'void' })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'open')));
}

/** Writes a placed order's row; answers its id and number (SO-…). */
export async function insertOrder(tx: Tx, row: typeof orders.$inferInsert) {
  const [order] = await tx.insert(orders).values(row).returning({ id: orders.id, number: orders.number });
  if (!order) throw new Error('order not created');
  return order;
}

export async function insertLines(tx: Tx, rows: (typeof orderLines.$inferInsert)[]): Promise<void> {
  await tx.insert(orderLines).values(rows);
}

export async function insertInvoice(tx: Tx, row: typeof invoices.$inferInsert): Promise<void> {
  await tx.insert(invoices).values(row);
}

/** Removes what an order bought from its buyer's cart (the lines of the same variants). */
export async function clearOrderedFromCart(tx: Tx, userId: string, orderId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    delete from cart_items ci using carts c, order_lines ol
    where ci.cart_id = c.id and c.user_id = ${userId}::uuid and ol.order_id = ${orderId}::uuid
      and ci.variant_id = ol.variant_id`);
  await tx.update(carts).set({ updatedAt: now }).where(eq(carts.userId, userId));
}

/** After a price_changed 409: the signed-in cart's lines take their variants' current prices. */
export async function repriceCart(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    update ${cartItems} ci set unit_price_cents = ${priceSql(AS_V_AND_P)}
    from ${carts} c, ${productVariants} v, ${products} p
    where ci.cart_id = c.id and c.user_id = ${userId}::uuid and v.id = ci.variant_id and p.id = v.product_id`);
}
