import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrdersQuery,
  CancelOrderBody,
  LedgerRow,
  OrderTransitionBody,
  PayLaterInvoice,
  PayLaterList,
  PayLaterQuery,
  RefundOrderBody,
  TransactionList,
  TransactionsQuery,
} from '@shop/contracts/admin-orders';
import { fromMinor } from '@shop/contracts/currency';
import { currencyUnit } from '@shop/contracts/iso-currencies';
import { canTransition, isCancellable, isRefundable, transitionOf } from '@shop/contracts/order-lifecycle';
import type { OrderStatus } from '@shop/contracts/orders';

import { eq, type SQL } from 'drizzle-orm';
import { type invoices, type orders, transactions } from '../../db/schema.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import { type CancelFailure, loadOrder, type OrdersService, orderToWire, type RefundFailure } from '../orders/index.ts';
import { pendingRefundCents, recordTransaction } from '../payments/index.ts';

import { refreshRatingsOfOrder } from '../reviews/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { type OrderMailInfo, orderMails, statusMail } from './mail.ts';
import { adminOrdersRepository as repo } from './repository.ts';
import { invoiceToWire, ledgerRowToWire, orderSummaryToWire } from './wire.ts';

type Transition = OrderTransitionBody['status'];

/** What a staff action on an order or invoice can end in besides success. */
export type AdminOrdersFailure =
  | Failure<'order_not_found'>
  | Failure<'invoice_not_found'>
  /** The order's status does not allow this transition (`why`: what else is missing). */
  | Failure<'wrong_status', { number: string; status: OrderStatus; target: Transition; why?: string }>
  /** Another change moved the order between the check and the update. */
  | Failure<'changed_meanwhile', { number: string; status: OrderStatus }>
  /** Marking paid an invoice that is paid or void. */
  | Failure<'invoice_settled', { number: string; status: InvoiceStatus }>
  /** Reminding of an invoice that is not open. */
  | Failure<'invoice_not_open', { number: string; status: InvoiceStatus }>
  /** What the orders module answers a staff cancel or refund with. */
  | CancelFailure
  | RefundFailure;
type InvoiceStatus = (typeof invoices.$inferSelect)['status'];

const TRANSITION_ACTION: Record<Transition, string> = {
  processing: 'order.process',
  shipped: 'order.ship',
  delivered: 'order.deliver',
};

const TRANSITION_NOTE: Record<Transition, (tracking?: string) => string> = {
  processing: () => 'Being prepared by the store',
  shipped: (tracking) => `Shipped; tracking number ${tracking}`,
  delivered: () => 'Delivered',
};

const cents = (v: unknown) => Number(v ?? 0);

/** "1500 JPY", "12.50 USD": an amount in a note, in its currency's digits. */
function paidNote(minor: number, code: string): string {
  const { digits } = currencyUnit(code);
  return `${fromMinor(minor, digits).toFixed(digits)} ${code}`;
}

/**
 * The admin area's orders, pay-later invoices and ledger. Every change runs in one
 * transaction with its order event and audit entry; the customer is mailed after the commit. Status
 * changes are conditional updates (`WHERE status = expected`), so of two parallel changes one wins.
 */
export function createAdminOrdersService(
  { db, clock, mailer, publicUrl }: Pick<Deps, 'db' | 'clock' | 'mailer' | 'publicUrl'>,
  parts: { orders: OrdersService; audit: AuditService; settings: SettingsService },
) {
  const { audit, settings } = parts;

  async function mailInfo(order: {
    number: string;
    email: string;
    userId: string | null;
    currency: string;
  }): Promise<OrderMailInfo> {
    const { storeName } = await settings.get();
    return {
      number: order.number,
      email: order.email,
      storeName,
      ordersUrl: order.userId ? `${publicUrl}/orders` : null,
      currency: currencyUnit(order.currency),
    };
  }

  /** Minor units of the order's currency as its decimal amount. */
  const amountOf = (minor: number, order: { currency: string }) =>
    fromMinor(minor, currencyUnit(order.currency).digits);

  /** Mail after the commit: a change stands even when its mail cannot be queued. */
  async function send(build: () => Promise<Parameters<typeof mailer.send>[0]>) {
    try {
      await mailer.send(await build());
    } catch {
      // The outbox keeps failures of SMTP itself; here only a broken database write could land.
    }
  }

  const orderRow = repo.orderRow;

  async function transactionsWhere(q: TransactionsQuery): Promise<SQL | undefined> {
    return repo.transactionsWhere(q, (await settings.get()).timeZone);
  }

  async function invoice(id: string): Promise<Result<PayLaterInvoice, AdminOrdersFailure>> {
    const row = await repo.invoice(db, id);
    if (!row) return fail('invoice_not_found');
    return ok(invoiceToWire(row, clock.now()));
  }

  const service = {
    /**
     * GET /api/admin/orders: filtered by status(es), payment method, days and search; newest first.
     * Unpaid card attempts only when asked for (`attempts`), counted either way.
     */
    async list(q: AdminOrdersQuery): Promise<AdminOrderList> {
      const { rows, total, unpaidAttempts } = await repo.orderPage(db, q, (await settings.get()).timeZone);
      return {
        items: rows.map(orderSummaryToWire),
        total,
        page: q.page,
        limit: q.limit,
        unpaid_attempts: unpaidAttempts,
      };
    },

    /** GET /api/admin/orders/:id: everything staff need to act on one order. */
    async detail(id: string): Promise<Result<AdminOrderDetail, AdminOrdersFailure>> {
      const bundle = await loadOrder(db, id);
      if (!bundle) return fail('order_not_found');
      const { order: o, payment: p, invoice: inv } = bundle;
      const customer = o.userId ? await repo.customer(db, o.userId) : undefined;
      const paid = p ? p.amountCents : 0;
      const refunded = p ? p.refundedCents : 0;
      // A refund the provider has not confirmed yet holds its amount too.
      const held = refunded + (p ? await pendingRefundCents(db, p.id) : 0);
      const money = (minor: number) => amountOf(minor, o);
      const moneyIn = p?.status === 'succeeded' || p?.status === 'partially_refunded';
      const invoiceOpen = inv?.status === 'open';
      const s = o.status;
      return ok({
        ...orderToWire(bundle, clock.now()),
        customer: customer
          ? { id: customer.id, name: `${customer.first} ${customer.last}`.trim(), email: customer.email }
          : null,
        payment_detail: {
          id: p?.id ?? '',
          amount: money(paid),
          refunded: money(refunded),
          refundable: money(moneyIn ? paid - held : 0),
          provider: p?.provider ?? null,
          reference: p?.providerRef ?? null,
          failure_message: p?.failureMessage ?? null,
        },
        invoice_id: inv?.id ?? null,
        transactions: (await repo.ledger(db, eq(transactions.orderId, id))).map(ledgerRowToWire),
        actions: {
          process: canTransition(s, 'processing', 'staff', { invoiceOpen }),
          ship: canTransition(s, 'shipped', 'staff', { invoiceOpen }),
          deliver: canTransition(s, 'delivered', 'staff', { invoiceOpen }),
          cancel: isCancellable(s, 'staff'),
          refund: moneyIn && paid > held && isRefundable(s),
          // A shipped or prepared pay-later order is paid too: its invoice, not its status, decides.
          mark_paid: invoiceOpen,
        },
        updated_at: o.updatedAt.toISOString(),
      });
    },

    /**
     * POST /api/admin/orders/:id/status: paid → processing, paid|processing → shipped (with
     * a tracking number), shipped → delivered; a pay-later order (placed, invoice open) may be
     * prepared and shipped too. Anything else is 409 naming the current status, nothing written.
     */
    async transition(
      actor: Actor,
      id: string,
      body: OrderTransitionBody,
    ): Promise<Result<AdminOrderDetail, AdminOrdersFailure>> {
      const target = body.status;
      const done = await db.transaction(async (tx): Promise<Result<typeof orders.$inferSelect, AdminOrdersFailure>> => {
        const now = clock.now();
        const before = await orderRow(tx, id);
        if (!before) return fail('order_not_found');
        const refuse = (why?: string) =>
          fail('wrong_status', { number: before.number, status: before.status, target, ...(why ? { why } : {}) });
        if (!canTransition(before.status, target, 'staff')) return refuse();
        if (
          transitionOf(before.status, target)?.needsOpenInvoice &&
          (await repo.invoiceStatusOfOrder(tx, id)) !== 'open'
        ) {
          return refuse('it has no open pay-later invoice');
        }
        const after = await repo.moveOrder(tx, {
          id,
          from: before.status,
          to: target,
          ...(target === 'shipped' ? { trackingNumber: body.tracking_number } : {}),
          at: now,
        });
        if (!after) {
          const current = await repo.orderStatus(tx, id);
          return fail('changed_meanwhile', { number: before.number, status: current ?? before.status });
        }
        // A shipped pay-later order counts as bought, though not paid yet.
        await refreshRatingsOfOrder(tx, id);
        await repo.addOrderEvent(tx, {
          orderId: id,
          status: target,
          note: TRANSITION_NOTE[target](body.tracking_number),
          at: now,
        });
        await audit.record(tx, actor, {
          action: TRANSITION_ACTION[target],
          entityType: 'order',
          entityId: id,
          before: { status: before.status, tracking_number: before.trackingNumber },
          after: { status: after.status, tracking_number: after.trackingNumber },
        });
        // The shopper's mail is queued with the change that causes it.
        await mailer.send(statusMail(before.status, target, await mailInfo(after), after.trackingNumber), { tx });
        return ok(after);
      });
      if (!done.ok) return done;
      return service.detail(id);
    },

    /** POST /api/admin/orders/:id/cancel: before shipment; restocked once, money back, invoice voided. */
    async cancel(
      actor: Actor,
      id: string,
      body: CancelOrderBody,
    ): Promise<Result<AdminOrderDetail, AdminOrdersFailure>> {
      const reason = body.reason || undefined;
      const method = await repo.paymentMethod(db, id);
      const currency = (await orderRow(db, id))?.currency ?? 'USD';
      const cancelled = await parts.orders.cancelByStaff(id, {
        reason,
        actorId: actor.userId,
        inTx: async (tx, r) => {
          await audit.record(tx, actor, {
            action: 'order.cancel',
            entityType: 'order',
            entityId: id,
            before: r.before,
            after: { ...r.after, reason: reason ?? null, refunded: amountOf(r.refundedCents, { currency }) },
          });
          // The shopper's mail is queued with the cancel that causes it.
          const order = await orderRow(tx, id);
          if (order) {
            await mailer.send(orderMails.cancelled(await mailInfo(order), r.refundedCents, method ?? null, reason), {
              tx,
            });
          }
        },
      });
      if (!cancelled.ok) return cancelled;
      return service.detail(id);
    },

    /** POST /api/admin/orders/:id/refund: full (no amount) or partial, never more than is left. */
    async refund(
      actor: Actor,
      id: string,
      body: RefundOrderBody,
    ): Promise<Result<AdminOrderDetail, AdminOrdersFailure>> {
      const method = await repo.paymentMethod(db, id);
      const refunded = await parts.orders.refund(id, {
        ...(body.amount === undefined ? {} : { amount: body.amount }),
        reason: body.reason,
        actorId: actor.userId,
        inTx: async (tx, r) => {
          const order = await orderRow(tx, id);
          const currency = { currency: order?.currency ?? 'USD' };
          await audit.record(tx, actor, {
            action: 'order.refund',
            entityType: 'order',
            entityId: id,
            before: { ...r.before, refunded: amountOf(Number(r.before.refunded_cents), currency) },
            after: {
              ...r.after,
              refunded: amountOf(Number(r.after.refunded_cents), currency),
              amount: amountOf(r.refundedCents, currency),
            },
          });
          // The shopper's mail is queued with the refund that causes it.
          if (order) {
            const full = r.after.status === 'refunded';
            const mail = orderMails.refunded(
              await mailInfo(order),
              r.refundedCents,
              full,
              method ?? 'card',
              body.reason,
            );
            await mailer.send(mail, { tx });
          }
        },
      });
      if (!refunded.ok) return refunded;
      return service.detail(id);
    },

    /** GET /api/admin/pay-later: invoices by filter, with the outstanding and overdue totals. */
    async payLater(q: PayLaterQuery): Promise<PayLaterList> {
      const { rows, total, sums } = await repo.invoicePage(db, q, clock.now());
      // Summed in the base currency, each invoice at its order's rate (docs/adr/050-currencies.md).
      const { base } = (await settings.get()).currencies;
      return {
        items: rows.map((r) => invoiceToWire(r, clock.now())),
        total,
        page: q.page,
        limit: q.limit,
        totals: {
          outstanding: fromMinor(cents(sums?.outstanding), base.digits),
          outstanding_count: sums?.outstandingCount ?? 0,
          overdue: fromMinor(cents(sums?.overdue), base.digits),
          overdue_count: sums?.overdueCount ?? 0,
          currency: base,
        },
      };
    },

    /**
     * POST /api/admin/pay-later/:invoiceId/mark-paid: the invoice is paid, the payment succeeded, a
     * placed order becomes paid (a shipped one keeps its status), and the charge enters the ledger.
     */
    async markPaid(actor: Actor, invoiceId: string): Promise<Result<PayLaterInvoice, AdminOrdersFailure>> {
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        // The order row first, as cancel and refund lock it first: they queue instead of deadlocking.
        const before = await repo.lockOrderOfInvoice(tx, invoiceId);
        if (!before) return fail('invoice_not_found');
        const inv = await repo.payOpenInvoice(tx, invoiceId, now);
        if (!inv) {
          const existing = await repo.invoiceRow(tx, invoiceId);
          if (!existing) return fail('invoice_not_found');
          return fail('invoice_settled', { number: existing.number, status: existing.status });
        }
        const currency = await repo.succeedPayment(tx, inv.orderId, now);
        const status = (await repo.markPlacedOrderPaid(tx, inv.orderId, now)) ?? before.status;
        // A paid purchase makes its customer's review of it count.
        await refreshRatingsOfOrder(tx, inv.orderId);
        await repo.addOrderEvent(tx, {
          orderId: inv.orderId,
          status,
          note: `Invoice ${inv.number} paid (${paidNote(inv.amountCents, currency ?? before.currency)})`,
          at: now,
        });
        await recordTransaction(tx, {
          orderId: inv.orderId,
          kind: 'charge',
          method: 'pay_later',
          amountCents: inv.amountCents,
          currency,
          note: `Invoice ${inv.number} marked paid`,
          actorId: actor.userId,
          at: now,
        });
        await audit.record(tx, actor, {
          action: 'invoice.mark_paid',
          entityType: 'invoice',
          entityId: inv.id,
          before: { status: 'open', order_number: before.number, order_status: before.status },
          after: { status: 'paid', order_number: before.number, order_status: status, paid_at: now },
        });
        return ok({ inv, order: before });
      });
      if (!done.ok) return done;
      const { inv, order } = done.value;
      await send(async () => orderMails.invoicePaid(await mailInfo(order), inv.number, inv.amountCents));
      return invoice(invoiceId);
    },

    /** POST /api/admin/pay-later/:invoiceId/remind: mails the amount and due date; logged for "last sent". */
    async remind(actor: Actor, invoiceId: string): Promise<Result<PayLaterInvoice, AdminOrdersFailure>> {
      const now = clock.now();
      const done = await db.transaction(async (tx) => {
        const inv = await repo.lockInvoice(tx, invoiceId);
        if (!inv) return fail('invoice_not_found');
        if (inv.status !== 'open') return fail('invoice_not_open', { number: inv.number, status: inv.status });
        const order = await orderRow(tx, inv.orderId);
        if (!order) return fail('order_not_found');
        const overdue = inv.dueAt.getTime() < now.getTime();
        await repo.addOrderEvent(tx, {
          orderId: order.id,
          status: order.status,
          note: `${overdue ? 'Overdue notice' : 'Payment reminder'} sent for invoice ${inv.number}`,
          at: now,
        });
        await audit.record(tx, actor, {
          action: 'invoice.remind',
          entityType: 'invoice',
          entityId: inv.id,
          before: { status: overdue ? 'overdue' : 'open' },
          after: { status: overdue ? 'overdue' : 'open', reminded_at: now, to: order.email },
        });
        return ok({ inv, order, overdue });
      });
      if (!done.ok) return done;
      const { inv, order, overdue } = done.value;
      await send(async () =>
        orderMails.reminder(await mailInfo(order), inv.number, inv.amountCents, inv.dueAt, overdue),
      );
      return invoice(invoiceId);
    },

    /** GET /api/admin/transactions: one page of the ledger and the totals of everything that matches. */
    async transactions(q: TransactionsQuery): Promise<TransactionList> {
      const where = await transactionsWhere(q);
      const [rows, sums] = await Promise.all([
        repo.ledger(db, where, { limit: q.limit, offset: (q.page - 1) * q.limit }),
        repo.ledgerSums(db, where),
      ]);
      const items = rows.map(ledgerRowToWire);
      // Summed in the base currency, each row at its order's rate (docs/adr/050-currencies.md).
      const { base } = (await settings.get()).currencies;
      const charges = cents(sums?.charges);
      const refunds = cents(sums?.refunds);
      const n = sums?.n ?? 0;
      return {
        items,
        total: n,
        page: q.page,
        limit: q.limit,
        totals: {
          charges: fromMinor(charges, base.digits),
          refunds: fromMinor(refunds, base.digits),
          net: fromMinor(charges - refunds, base.digits),
          count: n,
          currency: base,
        },
      };
    },

    /** Every ledger row that matches (not one page), for the CSV export. */
    async allTransactions(q: TransactionsQuery): Promise<LedgerRow[]> {
      return (await repo.ledger(db, await transactionsWhere(q))).map(ledgerRowToWire);
    },
  };
  return service;
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
