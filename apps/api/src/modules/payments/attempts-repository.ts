import type { CardBrand } from '@shop/contracts/orders';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema.ts';
import type { PaymentFacts } from './provider.ts';

type Executor = Db | Tx;
/** A payment attempt of an order: one row of `payments`, owned by this module. */
export type PaymentRow = typeof payments.$inferSelect;

/**
 * A card payment whose money never arrived — declined, abandoned, or still waiting
 * for the shopper's 3-D Secure or Stripe step — is an attempt, not an order. The customer's list, the
 * admin's order list, the dashboard and a customer's orders in the admin leave it out unless asked
 * (revenue never counted it); its own page still answers. `payment` is the alias of a payments row
 * (left-joined: a missing row is not an attempt).
 */
export const unpaidCardAttempt = (payment: string): SQL =>
  sql.raw(
    `coalesce(${payment}.method = 'card' and ${payment}.status not in ('succeeded', 'refunded', 'partially_refunded'), false)`,
  );

/** The order's payment, locked for the rest of the transaction. */
export async function lockPaymentOf(tx: Tx, orderId: string): Promise<PaymentRow | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
  return payment;
}

export async function paymentById(ex: Executor, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await ex.select().from(payments).where(eq(payments.id, paymentId));
  return payment;
}

/** Ids of up to 500 card payments whose charge has no written outcome (`processing`), oldest first. */
export async function unsettledCardPayments(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, 'card'), eq(payments.status, 'processing')))
    .orderBy(asc(payments.createdAt))
    .limit(500);
  return rows.map((r) => r.id);
}

export async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow | undefined> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return payment;
}

/** Updates the payment; only while it is `onlyIfStatus` when given (a claim: one racer gets the row back). */
export async function updatePayment(
  ex: Executor,
  paymentId: string,
  set: Partial<typeof payments.$inferInsert>,
  onlyIfStatus?: PaymentRow['status'],
): Promise<PaymentRow | undefined> {
  const [row] = await ex
    .update(payments)
    .set(set)
    .where(and(eq(payments.id, paymentId), onlyIfStatus ? eq(payments.status, onlyIfStatus) : undefined))
    .returning();
  return row;
}

export async function updatePaymentOf(ex: Executor, orderId: string, set: Partial<typeof payments.$inferInsert>) {
  await ex.update(payments).set(set).where(eq(payments.orderId, orderId));
}

/** The order's owner, state and payment, for the confirmation step. */
export async function confirmationTarget(db: Db, orderId: string) {
  const [target] = await db
    .select({ userId: orders.userId, status: orders.status, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return target;
}

export async function insertPayment(tx: Tx, row: typeof payments.$inferInsert): Promise<void> {
  await tx.insert(payments).values(row);
}

/** The payment's facts as a provider call names them (PaymentFacts), with the payment row. */
export async function paymentWithFacts(ex: Executor, paymentId: string) {
  const [row] = await ex
    .select({ payment: payments, number: orders.number, email: orders.email })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId));
  if (!row) return undefined;
  const p = row.payment;
  const facts: PaymentFacts = {
    reference: p.id,
    orderId: p.orderId,
    orderNumber: row.number,
    email: row.email,
    amountCents: p.amountCents,
    currency: p.currency,
    ...(p.cardLast4 ? { card: { brand: (p.cardBrand ?? 'card') as CardBrand, last4: p.cardLast4 } } : {}),
  };
  return { payment: p, facts };
}

/** The payment a provider knows by its own id (pi_…). */
export async function paymentByProviderRef(ex: Executor, providerRef: string): Promise<PaymentRow | undefined> {
  const [payment] = await ex.select().from(payments).where(eq(payments.providerRef, providerRef));
  return payment;
}

/** The order's payment (undefined for an order without one). */
export async function paymentOfOrder(ex: Executor, orderId: string): Promise<PaymentRow | undefined> {
  const [payment] = await ex.select().from(payments).where(eq(payments.orderId, orderId));
  return payment;
}

/** A webhook event's handling is done (or it was of a type the shop ignores). */
export async function markEventHandled(ex: Executor, eventId: string, now: Date): Promise<void> {
  await ex.update(paymentEvents).set({ handledAt: now }).where(eq(paymentEvents.id, eventId));
}
