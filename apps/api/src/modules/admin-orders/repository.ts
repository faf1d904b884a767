import { dayRangeBounds } from '@shop/contracts/admin-common';
import type { AdminOrdersQuery, PayLaterQuery, TransactionsQuery } from '@shop/contracts/admin-orders';
import { transitionOf } from '@shop/contracts/order-lifecycle';
import type { OrderStatus } from '@shop/contracts/orders';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { mayMove } from '../../db/order-status.ts';
import { auditLog, invoices, orderEvents, orders, payments, transactions, users } from '../../db/schema.ts';
import { unpaidCardAttempt } from '../payments/index.ts';

/** The payments row of this query has no alias: its table name is its name. */
const ATTEMPT = unpaidCardAttempt('payments');

/** The customer's name: the account's, or the shipping name of a guest order. */
const customerName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${orders.shippingAddress}->>'name')`;

/**
 * An amount of an order in the base currency: scaled by the order's `base_total / total`, its own
 * recorded rate, half up (docs/adr/050-currencies.md); an order in the base has no base total.
 */
const inBase = (minor: SQL | typeof transactions.amountCents | typeof invoices.amountCents) =>
  sql`round(${minor} * coalesce(${orders.baseTotalCents}::numeric / nullif(${orders.totalCents}, 0), 1))`;

/** `from`/`to` are days in the store's time zone (admin Settings). */
function dayBounds(
  column: typeof orders.createdAt | typeof transactions.createdAt,
  timeZone: string,
  from?: string,
  to?: string,
) {
  const conds: SQL[] = [];
  if (from) conds.push(gte(column, dayRangeBounds(from, from, timeZone).start));
  if (to) conds.push(lt(column, dayRangeBounds(to, to, timeZone).end));
  return conds;
}

const invoiceColumns = {
  invoice: invoices,
  orderNumber: orders.number,
  orderStatus: orders.status,
  currency: orders.currency,
  email: orders.email,
  customerName,
  lastReminderAt: sql<Date | null>`(select max((a.after->>'reminded_at')::timestamptz) from ${auditLog} a where a.action = 'invoice.remind' and a.entity_id = ${invoices.id}::text)`,
};

/** The SQL of the admin area's orders, pay-later invoices and ledger. */
export const adminOrdersRepository = {
  async customer(db: Db, userId: string) {
    const [row] = await db
      .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  async orderRow(ex: Db | Tx, id: string) {
    const [row] = await ex.select().from(orders).where(eq(orders.id, id));
    return row;
  },

  /** Orders by status(es), payment method, days and search; newest first. */
  async orderPage(db: Db, q: AdminOrdersQuery, timeZone: string) {
    const conds: SQL[] = dayBounds(orders.createdAt, timeZone, q.from, q.to);
    if (q.status?.length) conds.push(inArray(orders.status, q.status));
    if (q.method) conds.push(eq(payments.method, q.method));
    if (q.q) {
      const like = containsPattern(q.q);
      const match = or(ilike(orders.number, like), ilike(orders.email, like), sql`${customerName} ilike ${like}`);
      if (match) conds.push(match);
    }
    const matching = and(...conds);
    const shown = q.attempts === 'include' ? sql`true` : q.attempts === 'only' ? ATTEMPT : sql`not ${ATTEMPT}`;
    const where = and(matching, shown);
    const [rows, [counts]] = await Promise.all([
      db
        .select({
          order: orders,
          customerName,
          method: payments.method,
          paymentStatus: payments.status,
          itemCount: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`,
        })
        .from(orders)
        .leftJoin(payments, eq(payments.orderId, orders.id))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({
          n: sql<number>`(count(*) filter (where ${shown}))::int`,
          attempts: sql<number>`(count(*) filter (where ${ATTEMPT}))::int`,
        })
        .from(orders)
        .leftJoin(payments, eq(payments.orderId, orders.id))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(matching),
    ]);
    return { rows, total: counts?.n ?? 0, unpaidAttempts: counts?.attempts ?? 0 };
  },

  /** The ledger rows of a filter (a page of them, or all), with their order's number. */
  async ledger(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }) {
    const query = db
      .select({ t: transactions, number: orders.number, currency: orders.currency })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(where)
      // Within one instant a refund follows its charge, so it is listed first (newest first).
      .orderBy(desc(transactions.createdAt), desc(transactions.kind), desc(transactions.id));
    return page ? await query.limit(page.limit).offset(page.offset) : await query;
  },

  /** The ledger filter: days in the store's time zone, kind, method, order number. */
  transactionsWhere(q: TransactionsQuery, timeZone: string): SQL | undefined {
    const conds: SQL[] = dayBounds(transactions.createdAt, timeZone, q.from, q.to);
    if (q.kind) conds.push(eq(transactions.kind, q.kind));
    if (q.method) conds.push(eq(transactions.method, q.method));
    if (q.q) conds.push(ilike(orders.number, containsPattern(q.q)));
    return and(...conds);
  },

  /** The sums of a filter, in base minor units: amounts of different currencies do not add up as they are. */
  async ledgerSums(db: Db, where: SQL | undefined) {
    const [sums] = await db
      .select({
        charges: sql<string>`coalesce(sum(${inBase(transactions.amountCents)}) filter (where ${transactions.kind} = 'charge'), 0)`,
        refunds: sql<string>`coalesce(sum(${inBase(transactions.amountCents)}) filter (where ${transactions.kind} = 'refund'), 0)`,
        n: count(),
      })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(where);
    return sums;
  },

  async invoice(db: Db, id: string) {
    const [row] = await db
      .select(invoiceColumns)
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(invoices.id, id));
    return row;
  },

  /** Invoices by filter and search, with the outstanding and overdue sums of the search. */
  async invoicePage(db: Db, q: PayLaterQuery, now: Date) {
    const search = q.q
      ? or(
          ilike(invoices.number, containsPattern(q.q)),
          ilike(orders.number, containsPattern(q.q)),
          ilike(orders.email, containsPattern(q.q)),
          sql`${customerName} ilike ${containsPattern(q.q)}`,
        )
      : undefined;
    const filter =
      q.filter === 'outstanding'
        ? eq(invoices.status, 'open')
        : q.filter === 'overdue'
          ? and(eq(invoices.status, 'open'), lt(invoices.dueAt, now))
          : q.filter === 'paid'
            ? eq(invoices.status, 'paid')
            : undefined;
    const where = and(filter, search);
    const order =
      q.filter === 'paid'
        ? [desc(invoices.paidAt), desc(invoices.number)]
        : q.filter === 'all'
          ? [desc(invoices.issuedAt), desc(invoices.number)]
          : [asc(invoices.dueAt), asc(invoices.number)];
    const from = () =>
      db
        .select(invoiceColumns)
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .leftJoin(users, eq(users.id, orders.userId));
    const [rows, [total], [sums]] = await Promise.all([
      from()
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db
        .select({ n: count() })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where),
      // In base minor units: amounts of different currencies do not add up as they are.
      db
        .select({
          outstanding: sql<string>`coalesce(sum(${inBase(invoices.amountCents)}) filter (where ${invoices.status} = 'open'), 0)`,
          outstandingCount: sql<number>`(count(*) filter (where ${invoices.status} = 'open'))::int`,
          overdue: sql<string>`coalesce(sum(${inBase(invoices.amountCents)}) filter (where ${invoices.status} = 'open' and ${invoices.dueAt} < ${now}), 0)`,
          overdueCount: sql<number>`(count(*) filter (where ${invoices.status} = 'open' and ${invoices.dueAt} < ${now}))::int`,
        })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(search),
    ]);
    return { rows, total: total?.n ?? 0, sums };
  },

  // --- Writes: each runs in the caller's transaction, which also writes the audit row -----------

  /** The status of an order's pay-later invoice, if it has one. */
  async invoiceStatusOfOrder(tx: Tx, orderId: string) {
    const [row] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.orderId, orderId));
    return row?.status;
  },

  /**
   * Moves an order on only if it is still in `from` (and, for a pay-later order, its invoice still
   * open): of two parallel changes one wins. The order after, or undefined when it had moved meanwhile.
   */
  async moveOrder(
    tx: Tx,
    change: { id: string; from: OrderStatus; to: OrderStatus; trackingNumber?: string; at: Date },
  ) {
    const openInvoice = sql`exists (select 1 from ${invoices} i where i.order_id = ${orders.id} and i.status = 'open')`;
    const [after] = await tx
      .update(orders)
      .set({
        status: change.to,
        ...(change.trackingNumber !== undefined ? { trackingNumber: change.trackingNumber } : {}),
        updatedAt: change.at,
      })
      .where(
        and(
          eq(orders.id, change.id),
          mayMove(change.to, 'staff'),
          eq(orders.status, change.from),
          transitionOf(change.from, change.to)?.needsOpenInvoice ? openInvoice : undefined,
        ),
      )
      .returning();
    return after;
  },

  async orderStatus(tx: Tx, id: string) {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    return row?.status;
  },

  async addOrderEvent(tx: Tx, event: { orderId: string; status: OrderStatus; note: string; at: Date }) {
    await tx
      .insert(orderEvents)
      .values({ orderId: event.orderId, status: event.status, note: event.note, createdAt: event.at });
  },

  async paymentMethod(db: Db, orderId: string) {
    const [row] = await db.select({ method: payments.method }).from(payments).where(eq(payments.orderId, orderId));
    return row?.method;
  },

  /** The order of an invoice, locked: cancel and refund lock the order row first too, so they queue. */
  async lockOrderOfInvoice(tx: Tx, invoiceId: string) {
    const [target] = await tx.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.id, invoiceId));
    if (!target) return undefined;
    const [order] = await tx.select().from(orders).where(eq(orders.id, target.orderId)).for('update');
    return order;
  },

  /** Marks an open invoice paid; undefined when it was not open (or is gone). */
  async payOpenInvoice(tx: Tx, invoiceId: string, at: Date) {
    const [inv] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: at })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')))
      .returning();
    return inv;
  },

  async invoiceRow(ex: Db | Tx, invoiceId: string) {
    const [row] = await ex.select().from(invoices).where(eq(invoices.id, invoiceId));
    return row;
  },

  async lockInvoice(tx: Tx, invoiceId: string) {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    return row;
  },

  /** The order's payment succeeded; its currency. */
  async succeedPayment(tx: Tx, orderId: string, at: Date) {
    const [row] = await tx
      .update(payments)
      .set({ status: 'succeeded', updatedAt: at })
      .where(eq(payments.orderId, orderId))
      .returning({ currency: payments.currency });
    return row?.currency;
  },

  /** A placed (pay-later) order becomes paid; a shipped one keeps its status (undefined then). */
  async markPlacedOrderPaid(tx: Tx, orderId: string, at: Date) {
    const [row] = await tx
      .update(orders)
      .set({ status: 'paid', updatedAt: at })
      .where(and(eq(orders.id, orderId), mayMove('paid', 'staff')))
      .returning({ status: orders.status });
    return row?.status;
  },
};

export type InvoiceListRow = NonNullable<Awaited<ReturnType<typeof adminOrdersRepository.invoice>>>;
export type OrderListRow = Awaited<ReturnType<typeof adminOrdersRepository.orderPage>>['rows'][number];
export type LedgerListRow = Awaited<ReturnType<typeof adminOrdersRepository.ledger>>[number];
