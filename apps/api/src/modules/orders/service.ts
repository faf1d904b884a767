import { randomUUID, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@shop/contracts/errors';
import { formatMoney, fromCents } from '@shop/contracts/money';
import type { Order, PlaceOrderBody } from '@shop/contracts/orders';
import { and, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cartItems, carts, invoices, orderEvents, orderLines, orders, payments, products } from '../../db/schema.ts';
import { AppError, conflict, notFound, unprocessable } from '../../errors.ts';
import { hashRequest, hasStoredAnswer, withIdempotency } from '../../lib/idempotency.ts';
import type { Mail } from '../../lib/mailer.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import {
  type Actor,
  assertActorBody,
  type ChangedLine,
  type CheckoutService,
  changed,
  changedConflict,
  isPriceConflict,
  type PricedLine,
  priceWith,
  totalsToWire,
} from '../checkout/service.ts';
import type { DiscountsService } from '../discounts/service.ts';
import { assertCardUsable, CARD_MSG, type CardDetails } from '../payments/cards.ts';
import { recordTransaction } from '../payments/ledger.ts';
import type { ChargeResult, PaymentProvider } from '../payments/provider.ts';
import { refreshRatingsOfOrder } from '../reviews/visibility.ts';
import type { Settings, SettingsService } from '../settings/service.ts';
import type { StockReason, StockService } from '../stock/service.ts';
import { cardLabel, confirmationMail, holdExpiredMail } from './mail.ts';
import { CANCELLABLE, loadOrder, type OrderBundle, orderToWire } from './render.ts';

/** An order whose card payment is not confirmed within this time is cancelled and restocked. */
export const PAYMENT_CONFIRM_WINDOW_MS = 30 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const ORDER_MSG = {
  notFound: 'Order not found',
  inFlight: 'A request with this Idempotency-Key is still being processed',
  notCancellable: 'This order has shipped and can no longer be cancelled',
  alreadyCancelled: 'This order is already cancelled',
  notAwaitingConfirmation: 'This payment is no longer waiting for confirmation',
  paymentFailed: 'The payment could not be completed. Please try again.',
  expired: 'The payment was not confirmed in time.',
  notPaidInTime: 'The invoice was not paid in time.',
} as const;

/** 402 of issue 4: the card was declined; nothing is owed and the cart is kept. */
export const paymentDeclined = (message: string) => new AppError(402, ERROR_CODES.paymentDeclined, message);

/** What a staff change did, for its audit entry and mail. */
export interface StaffResult {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  refundedCents: number;
  number: string;
  email: string;
}
/** Runs inside the change's transaction (the audit entry of issue 5). */
export type StaffHook = (tx: Tx, result: StaffResult) => Promise<void>;

interface Placed {
  orderId: string;
  paymentId: string;
  amountCents: number;
}

interface Unwind {
  paymentStatus: 'declined' | 'cancelled';
  failureMessage: string;
  stockReason: StockReason;
  note: string;
  /** What makes the order still unpaid; default: a card payment not completed (`awaiting_payment`). */
  unpaid?: SQL;
}

/** A card order whose payment never completed. */
const AWAITING_CARD = eq(orders.status, 'awaiting_payment');

/** Issue 10 point 3: a guest's pay-later order whose `pay_by` passed with its invoice still open. */
const guestHoldExpired = (now: Date) =>
  and(
    eq(orders.status, 'placed'),
    lt(orders.payBy, now),
    sql`exists (select 1 from ${invoices} i where i.order_id = ${orders.id} and i.status = 'open')`,
  );

/**
 * Orders (issue 4; DESIGN §6). Placing is one transaction under the request's Idempotency-Key: prices
 * re-read, stock taken by conditional updates, the discount redeemed within its limit, order, lines,
 * event, payment and stock movements written. A card is charged after that commit (a gateway call
 * never holds row locks); its outcome is written by conditional status updates, so every transition
 * (paid, declined, cancelled, expired) happens exactly once whatever races it.
 */
export function createOrdersService(
  { db, clock, mailer, publicUrl }: Pick<Deps, 'db' | 'clock' | 'mailer' | 'publicUrl'>,
  parts: {
    settings: SettingsService;
    checkout: CheckoutService;
    discounts: DiscountsService;
    stock: StockService;
    provider: PaymentProvider;
    /** Called after a commit that brought products back into stock (back-in-stock mail). */
    onBackInStock?: (productIds: string[]) => Promise<void>;
  },
) {
  const { settings, checkout, discounts, stock, provider } = parts;

  async function afterRestock(ids: string[]) {
    if (ids.length === 0 || !parts.onBackInStock) return;
    try {
      await parts.onBackInStock(ids);
    } catch {
      // Mail about a restock must never undo or fail the cancel that caused it.
    }
  }

  async function wire(orderId: string): Promise<Order> {
    const bundle = await loadOrder(db, orderId);
    if (!bundle) throw notFound(ORDER_MSG.notFound);
    return orderToWire(bundle, clock.now());
  }

  /** Sends a mail after a commit: the change stands even if its mail cannot be queued. */
  async function mailQuietly(build: () => Promise<Mail>) {
    try {
      await mailer.send(await build());
    } catch {
      // The order page (or staff) show everything the mail would have said.
    }
  }

  /** The confirmation mail (issue 4), after the commit; returns the order as it was mailed. */
  async function confirmAndMail(orderId: string): Promise<OrderBundle> {
    const bundle = await loadOrder(db, orderId);
    if (!bundle) throw notFound(ORDER_MSG.notFound);
    await mailQuietly(async () => {
      const { storeName } = await settings.get();
      const ordersUrl = bundle.order.userId ? `${publicUrl}/orders` : null;
      return confirmationMail(orderToWire(bundle, clock.now()), storeName, ordersUrl);
    });
    return bundle;
  }

  /** Removes what an order bought from its buyer's cart (the lines with the same product and options). */
  async function clearOrderedFromCart(tx: Tx, userId: string, orderId: string) {
    await tx.execute(sql`
      delete from cart_items ci using carts c, order_lines ol
      where ci.cart_id = c.id and c.user_id = ${userId}::uuid and ol.order_id = ${orderId}::uuid
        and ci.product_id = ol.product_id and ci.color = coalesce(ol.color, '') and ci.size = coalesce(ol.size, '')`);
    await tx.update(carts).set({ updatedAt: clock.now() }).where(eq(carts.userId, userId));
  }

  /** Puts an order's stock back, gives its discount use back and voids its invoice. */
  async function unwind(tx: Tx, orderId: string, reason: StockReason): Promise<string[]> {
    const lines = await tx
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const back = await stock.restock(
      tx,
      lines.flatMap((l) => (l.productId ? [{ productId: l.productId, quantity: l.quantity }] : [])),
      reason,
      orderId,
    );
    await discounts.release(tx, orderId);
    await tx
      .update(invoices)
      .set({ status: 'void' })
      .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'open')));
    return back;
  }

  /** The one transaction that places an order (issue 4). Throws 409/422 with nothing written. */
  async function placeInTx(
    tx: Tx,
    actor: Actor,
    body: PlaceOrderBody,
    card: { brand: string; last4: string } | undefined,
    current: Settings,
  ): Promise<Placed> {
    const now = clock.now();
    const r = await checkout.resolve(tx, actor, body, current);
    // A code that does not exist fails before any stock is touched; its limits are checked again
    // by the conditional redeem below.
    const code = body.discount_code ? await discounts.find(tx, body.discount_code) : null;
    if (code === undefined) discounts.assertUsable(undefined, 0, now);

    const { reserved, short } = await stock.reserve(tx, r.lines);
    const locked = new Map(reserved.map((p) => [p.productId, p]));
    const problems: ChangedLine[] = short.map((s) =>
      changed(
        s.productId,
        s.name ?? r.products.get(s.productId)?.name ?? null,
        s.published ? 'insufficient_stock' : 'unavailable',
        null,
        s.priceCents,
        s.requested,
        s.available,
      ),
    );
    // Prices as the stock update locked them: no change can slip in between check and sale.
    for (const l of r.lines) {
      const p = locked.get(l.productId);
      if (p && l.expectedPriceCents !== null && l.expectedPriceCents !== p.priceCents) {
        problems.push(
          changed(l.productId, p.name, 'price_changed', l.expectedPriceCents, p.priceCents, l.quantity, p.available),
        );
      }
    }
    if (problems.length > 0) throw changedConflict(problems);

    const lines: PricedLine[] = r.lines.map((l) => {
      const p = locked.get(l.productId);
      if (!p) throw new Error('reserved product missing');
      return { ...l, name: p.name, image: p.image, unitPriceCents: p.priceCents };
    });
    const totals = priceWith(r, lines, code, now, discounts);
    const status = card ? 'awaiting_payment' : 'placed';
    const terms = card ? undefined : payLaterTerms(now, r.userId === null, r.settings);

    const [order] = await tx
      .insert(orders)
      .values({
        userId: r.userId,
        email: r.email,
        status,
        ...totals,
        taxRateBasisPoints: r.settings.taxRateBasisPoints,
        discountCode: code?.code ?? null,
        discountCodeId: code?.id ?? null,
        shippingMethod: r.shipping.id,
        shippingAddress: body.shipping_address,
        billingAddress: body.billing_address ?? null,
        payBy: terms?.payBy ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id, number: orders.number });
    if (!order) throw new Error('order not created');

    await tx.insert(orderLines).values(
      lines.map((l, position) => ({
        orderId: order.id,
        productId: l.productId,
        name: l.name,
        image: l.image,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        color: l.color,
        size: l.size,
        position,
      })),
    );
    await stock.recordReservation(tx, order.id, r.lines);
    if (code) {
      await discounts.redeem(tx, code, {
        orderId: order.id,
        userId: r.userId,
        email: r.email,
        amountCents: totals.discountCents,
        now,
      });
    }

    const paymentId = randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      orderId: order.id,
      method: card ? 'card' : 'pay_later',
      // `processing` until the charge after this commit settles it.
      status: card ? 'processing' : 'pending',
      amountCents: totals.totalCents,
      provider: card ? provider.name : null,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      createdAt: now,
      updatedAt: now,
    });

    let note = 'Order placed; waiting for the card payment';
    if (terms) {
      const { dueAt } = terms;
      const number = order.number.replace(/^SO-/, 'INV-');
      await tx.insert(invoices).values({
        orderId: order.id,
        number,
        amountCents: totals.totalCents,
        issuedAt: now,
        dueAt,
      });
      note = `Order placed; invoice ${number} due ${dueAt.toISOString().slice(0, 10)}`;
      if (r.userId) await clearOrderedFromCart(tx, r.userId, order.id);
    }
    await tx.insert(orderEvents).values({ orderId: order.id, status, note, createdAt: now });
    return { orderId: order.id, paymentId, amountCents: totals.totalCents };
  }

  /**
   * The charge succeeded: payment succeeded, order paid, cart cleared, in one transaction. If the
   * order was cancelled meanwhile (the sweep, or the customer), the money goes straight back.
   */
  async function markPaid(orderId: string, paymentId: string, providerRef: string | null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [order] = await tx
        .update(orders)
        .set({ status: 'paid', updatedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
        .returning({ userId: orders.userId });
      if (!order) {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
        if (!payment) throw new Error('payment missing');
        const ref = providerRef ?? payment.providerRef;
        if (ref) {
          await provider.refund({ reference: paymentId, providerRef: ref, amountCents: payment.amountCents });
          // The money was taken and went straight back: both halves belong in the ledger.
          const entry = {
            orderId,
            method: 'card',
            amountCents: payment.amountCents,
            providerRef: ref,
            at: now,
          } as const;
          await recordTransaction(tx, { ...entry, kind: 'charge', note: 'Card payment' });
          await recordTransaction(tx, {
            ...entry,
            kind: 'refund',
            note: 'Order was cancelled before the payment completed',
          });
        }
        await tx
          .update(payments)
          .set({ status: 'refunded', refundedCents: payment.amountCents, providerRef: ref, updatedAt: now })
          .where(eq(payments.id, paymentId));
        return false;
      }
      const [payment] = await tx
        .update(payments)
        .set({
          status: 'succeeded',
          ...(providerRef ? { providerRef } : {}),
          updatedAt: now,
        })
        .where(eq(payments.id, paymentId))
        .returning({
          cardBrand: payments.cardBrand,
          cardLast4: payments.cardLast4,
          amountCents: payments.amountCents,
          currency: payments.currency,
          providerRef: payments.providerRef,
        });
      if (payment) {
        await recordTransaction(tx, {
          orderId,
          kind: 'charge',
          method: 'card',
          amountCents: payment.amountCents,
          currency: payment.currency,
          providerRef: payment.providerRef,
          note: `Paid with ${cardLabel(payment.cardBrand, payment.cardLast4)}`,
          at: now,
        });
      }
      await tx.insert(orderEvents).values({
        orderId,
        status: 'paid',
        note: `Paid with ${cardLabel(payment?.cardBrand ?? null, payment?.cardLast4 ?? null)}`,
        createdAt: now,
      });
      if (order.userId) {
        await clearOrderedFromCart(tx, order.userId, orderId);
        await refreshRatingsOfOrder(tx, orderId);
      }
      return true;
    });
  }

  /**
   * Cancels an order that was never paid (declined, refused, expired): exactly once, restocked.
   * Answers the cancelled order, or undefined when it was no longer unpaid.
   */
  async function cancelUnpaid(orderId: string, how: Unwind) {
    const done = await db.transaction(async (tx) => {
      const now = clock.now();
      const [order] = await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(orders.id, orderId), how.unpaid ?? AWAITING_CARD))
        .returning();
      if (!order) return undefined;
      await tx
        .update(payments)
        .set({ status: how.paymentStatus, failureMessage: how.failureMessage, updatedAt: now })
        .where(eq(payments.orderId, orderId));
      const back = await unwind(tx, orderId, how.stockReason);
      await tx.insert(orderEvents).values({ orderId, status: 'cancelled', note: how.note, createdAt: now });
      return { order, back };
    });
    if (!done) return undefined;
    await afterRestock(done.back);
    return done.order;
  }

  /**
   * Charges the card of a just-placed order and settles the outcome; answers the paid order (mailed)
   * or undefined while it waits for the confirmation step. Throws 402 on a decline.
   */
  async function charge(placed: Placed, card: CardDetails): Promise<OrderBundle | undefined> {
    let result: ChargeResult;
    try {
      result = await provider.charge({
        reference: placed.paymentId,
        amountCents: placed.amountCents,
        currency: 'USD',
        card,
      });
    } catch {
      result = { status: 'declined', providerRef: '', message: ORDER_MSG.paymentFailed };
    }
    if (result.status === 'succeeded') {
      return (await markPaid(placed.orderId, placed.paymentId, result.providerRef))
        ? confirmAndMail(placed.orderId)
        : undefined;
    }
    if (result.status === 'requires_action') {
      await db
        .update(payments)
        .set({
          status: 'requires_action',
          providerRef: result.providerRef,
          actionToken: result.actionToken,
          updatedAt: clock.now(),
        })
        .where(and(eq(payments.id, placed.paymentId), eq(payments.status, 'processing')));
      return undefined;
    }
    if (result.providerRef) {
      await db.update(payments).set({ providerRef: result.providerRef }).where(eq(payments.id, placed.paymentId));
    }
    await cancelUnpaid(placed.orderId, {
      paymentStatus: 'declined',
      failureMessage: result.message,
      stockReason: 'payment_declined',
      note: `Cancelled: the card payment was declined (${result.message})`,
    });
    throw paymentDeclined(result.message);
  }

  /**
   * Gives `amountCents` of a taken payment back: a card through the provider (before any stock row is
   * locked, so it never holds up other orders); pay-later money is returned by hand. Says how.
   */
  async function giveBack(_tx: Tx, payment: typeof payments.$inferSelect, amountCents: number): Promise<string> {
    if (payment.method === 'card') {
      if (!payment.providerRef) throw conflict('This card payment has no provider reference to refund');
      await provider.refund({ reference: payment.id, providerRef: payment.providerRef, amountCents });
      return `refunded to ${cardLabel(payment.cardBrand, payment.cardLast4)}`;
    }
    return 'to be returned by bank transfer';
  }

  /**
   * The one cancel (issue 4 for customers, issue 5 for staff). One conditional status update decides
   * (parallel cancels → one restock); the stock, the discount use and any money taken and not yet
   * refunded go back in the same transaction, an open invoice is voided.
   */
  async function cancelOrder(
    orderId: string,
    how: { by: 'customer' | 'staff'; userId?: string; reason?: string; actorId?: string; inTx?: StaffHook },
  ): Promise<StaffResult> {
    const mine = how.userId ? eq(orders.userId, how.userId) : undefined;
    const { back, result } = await db.transaction(async (tx) => {
      const now = clock.now();
      const [before] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, orderId), mine));
      if (!before) throw notFound(ORDER_MSG.notFound);
      const [order] = await tx
        .update(orders)
        .set({ status: 'cancelled', updatedAt: now })
        .where(and(eq(orders.id, orderId), mine, inArray(orders.status, [...CANCELLABLE])))
        .returning({ id: orders.id, number: orders.number, email: orders.email });
      if (!order) {
        const [existing] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
        if (how.by === 'staff') {
          throw conflict(
            existing?.status === 'cancelled'
              ? ORDER_MSG.alreadyCancelled
              : `This order is ${existing?.status ?? 'gone'}: only an order that has not shipped can be cancelled`,
          );
        }
        throw conflict(existing?.status === 'cancelled' ? ORDER_MSG.alreadyCancelled : ORDER_MSG.notCancellable);
      }
      const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
      const who = how.by === 'customer' ? 'Cancelled by the customer' : 'Cancelled by the store';
      let note = how.reason ? `${who} (${how.reason})` : who;
      let refundedCents = 0;
      let paymentAfter = payment?.status ?? null;
      if (payment && (payment.status === 'succeeded' || payment.status === 'partially_refunded')) {
        const left = payment.amountCents - payment.refundedCents;
        const returned = await giveBack(tx, payment, left);
        await tx
          .update(payments)
          .set({ status: 'refunded', refundedCents: payment.amountCents, updatedAt: now })
          .where(eq(payments.id, payment.id));
        await recordTransaction(tx, {
          orderId,
          kind: 'refund',
          method: payment.method,
          amountCents: left,
          currency: payment.currency,
          providerRef: payment.providerRef,
          note: how.reason ? `${who}: ${how.reason}` : who,
          actorId: how.actorId ?? null,
          at: now,
        });
        refundedCents = left;
        paymentAfter = 'refunded';
        note = `${note}; ${formatMoney(left)} ${returned}`;
      } else if (payment && payment.status !== 'refunded') {
        await tx.update(payments).set({ status: 'cancelled', updatedAt: now }).where(eq(payments.id, payment.id));
        paymentAfter = 'cancelled';
      }
      const ids = await unwind(tx, orderId, 'order_cancelled');
      await refreshRatingsOfOrder(tx, orderId);
      await tx.insert(orderEvents).values({ orderId, status: 'cancelled', note, createdAt: now });
      const result: StaffResult = {
        before: { status: before.status, payment_status: payment?.status ?? null },
        after: { status: 'cancelled', payment_status: paymentAfter },
        refundedCents,
        number: order.number,
        email: order.email,
      };
      await how.inTx?.(tx, result);
      return { back: ids, result };
    });
    await afterRestock(back);
    return result;
  }

  return {
    /**
     * POST /api/orders. The signed-in user buys the server cart; a guest names `email` and `items`.
     * `idempotencyKey` is required: the same key and body returns the same order (201 again, also
     * for a replay), a different body → 422, a request still running → 409. A declined card answers
     * 402, and so does every retry of that key. Throws 400/409/422 with nothing written.
     */
    async place(
      actor: Actor,
      body: PlaceOrderBody,
      idempotencyKey: string,
    ): Promise<{ order: Order; replayed: boolean }> {
      const now = clock.now();
      const cardBody = body.payment.method === 'card' ? body.payment.card : undefined;
      // Card checks come first: a bad card writes nothing, not even the idempotency key.
      const cardInfo = cardBody ? assertCardUsable(cardBody, now) : undefined;
      assertActorBody(actor, body);
      const current = await settings.get();
      const scope = orderScope(actor, body);

      let placed: Placed | undefined;
      let answer: Awaited<ReturnType<typeof withIdempotency<{ order_id: string }>>>;
      try {
        answer = await withIdempotency<{ order_id: string }>(
          db,
          { scope, key: idempotencyKey, requestHash: hashRequest({ op: 'place-order', body: hashable(body) }), now },
          async (tx) => {
            placed = await placeInTx(tx, actor, body, cardInfo, current);
            return { statusCode: 201, body: { order_id: placed.orderId } };
          },
        );
      } catch (err) {
        // issue 4: the 409 showed the new prices; the cart now carries them, so placing again
        // (after the shopper has seen them) buys at those prices.
        if (actor.userId && isPriceConflict(err)) await repriceCart(actor.userId);
        throw err;
      }

      let bundle: OrderBundle | undefined;
      if (!answer.replayed && placed) {
        bundle = cardBody ? await charge(placed, cardBody) : await confirmAndMail(placed.orderId);
      }
      bundle ??= await loadOrder(db, answer.body.order_id);
      if (!bundle) throw notFound(ORDER_MSG.notFound);
      if (answer.replayed) {
        if (bundle.payment?.status === 'processing') throw conflict(ORDER_MSG.inFlight);
        if (bundle.payment?.status === 'declined') {
          throw paymentDeclined(bundle.payment.failureMessage ?? CARD_MSG.declined);
        }
      }
      return { order: orderToWire(bundle, clock.now()), replayed: answer.replayed };
    },

    /**
     * Whether POST /api/orders with this key was already answered (for this account or guest e-mail):
     * sending it again only replays that answer, so rate limits let it through (issue 10 point 3).
     */
    isReplay(actor: Actor, body: PlaceOrderBody, idempotencyKey: string): Promise<boolean> {
      return hasStoredAnswer(db, { scope: orderScope(actor, body), key: idempotencyKey, now: clock.now() });
    },

    /**
     * POST /api/orders/:id/confirm-payment: the shopper's extra step for a card that asked for it.
     * The token from the order answer is the proof; an order of a signed-in user also needs that user.
     * approve → paid (200); refuse → cancelled, restocked, 402. A repeated confirm of a paid order
     * answers the order again.
     */
    async confirmPayment(actor: Actor, orderId: string, input: { token: string; approve: boolean }): Promise<Order> {
      if (!isUuid(orderId)) throw notFound(ORDER_MSG.notFound);
      const [target] = await db
        .select({ userId: orders.userId, status: orders.status, payment: payments })
        .from(orders)
        .innerJoin(payments, eq(payments.orderId, orders.id))
        .where(eq(orders.id, orderId));
      if (
        !target ||
        !sameToken(target.payment.actionToken, input.token) ||
        (target.userId !== null && target.userId !== actor.userId)
      ) {
        throw notFound(ORDER_MSG.notFound);
      }
      // Claim the confirmation: only one request moves requires_action on, whatever runs in parallel.
      const [claimed] = await db
        .update(payments)
        .set({ status: 'processing', updatedAt: clock.now() })
        .where(and(eq(payments.id, target.payment.id), eq(payments.status, 'requires_action')))
        .returning({ id: payments.id });
      if (!claimed) {
        if (target.payment.status === 'succeeded') return wire(orderId);
        if (target.payment.status === 'processing') throw conflict(ORDER_MSG.inFlight);
        throw conflict(ORDER_MSG.notAwaitingConfirmation);
      }
      let outcome: { status: 'succeeded' } | { status: 'declined'; message: string };
      try {
        outcome = await provider.confirm({
          reference: target.payment.id,
          providerRef: target.payment.providerRef ?? '',
          approve: input.approve,
        });
      } catch {
        outcome = { status: 'declined', message: ORDER_MSG.paymentFailed };
      }
      if (outcome.status === 'succeeded') {
        if (await markPaid(orderId, target.payment.id, null)) {
          return orderToWire(await confirmAndMail(orderId), clock.now());
        }
        return wire(orderId);
      }
      await cancelUnpaid(orderId, {
        paymentStatus: 'declined',
        failureMessage: outcome.message,
        stockReason: 'payment_declined',
        note: `Cancelled: the card payment was declined (${outcome.message})`,
      });
      throw paymentDeclined(outcome.message);
    },

    /** GET /api/orders: the user's own orders, newest first. */
    async list(userId: string, page: number, limit: number) {
      const mine = eq(orders.userId, userId);
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
      return {
        items: rows.map((o) => ({
          id: o.id,
          number: o.number,
          status: o.status,
          totals: totalsToWire(o),
          created_at: o.createdAt.toISOString(),
          item_count: o.itemCount,
        })),
        total: total?.n ?? 0,
        page,
        limit,
      };
    },

    /** GET /api/orders/:id: the user's own order; another's or an unknown one is 404 alike. */
    async getOwn(userId: string, orderId: string): Promise<Order> {
      if (!isUuid(orderId)) throw notFound(ORDER_MSG.notFound);
      const bundle = await loadOrder(db, orderId);
      if (!bundle || bundle.order.userId !== userId) throw notFound(ORDER_MSG.notFound);
      return orderToWire(bundle, clock.now());
    },

    /**
     * POST /api/orders/:id/cancel: the user's own order, before shipment. One conditional status
     * update decides (two parallel cancels → one restock); the stock, the discount use and a card
     * payment go back in the same transaction, a pay-later invoice is voided.
     */
    async cancel(userId: string, orderId: string): Promise<Order> {
      if (!isUuid(orderId)) throw notFound(ORDER_MSG.notFound);
      await cancelOrder(orderId, { userId, by: 'customer' });
      return wire(orderId);
    },

    /**
     * Cancel by staff (issue 5): the same rules and unwinding as the customer's cancel (before
     * shipment, restocked once, card money not yet refunded goes back, invoice voided); `inTx` runs in
     * the same transaction (the audit entry). Returns the order before and after, and what was refunded.
     */
    cancelByStaff(orderId: string, opts: { reason?: string; actorId: string; inTx?: StaffHook }) {
      if (!isUuid(orderId)) throw notFound(ORDER_MSG.notFound);
      return cancelOrder(orderId, { by: 'staff', ...opts });
    },

    /**
     * Refund by staff (issue 5), full (`amountCents` undefined = all that is left) or partial. The
     * order and payment rows are locked first, so parallel refunds queue and can never give back more
     * than was paid. A card goes back through the provider; pay-later money is returned by hand and
     * recorded the same way. A refund of everything makes the order `refunded`.
     */
    async refund(
      orderId: string,
      opts: { amountCents?: number; reason: string; actorId: string; inTx?: StaffHook },
    ): Promise<StaffResult> {
      if (!isUuid(orderId)) throw notFound(ORDER_MSG.notFound);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order) throw notFound(ORDER_MSG.notFound);
        const [payment] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
        if (!payment || (payment.status !== 'succeeded' && payment.status !== 'partially_refunded')) {
          throw conflict(
            `Order ${order.number} has no payment to refund (the order is ${order.status}, its payment ${payment?.status ?? 'missing'})`,
          );
        }
        const left = payment.amountCents - payment.refundedCents;
        const amount = opts.amountCents ?? left;
        if (amount <= 0) throw unprocessable('The refund amount must be more than 0');
        if (amount > left) {
          throw conflict(
            `At most ${formatMoney(left)} of order ${order.number} can still be refunded (paid ${formatMoney(payment.amountCents)}, refunded ${formatMoney(payment.refundedCents)})`,
            { refundable: fromCents(left) },
          );
        }
        const full = amount === left;
        const returned = await giveBack(tx, payment, amount);
        await tx
          .update(payments)
          .set({
            status: full ? 'refunded' : 'partially_refunded',
            refundedCents: payment.refundedCents + amount,
            updatedAt: now,
          })
          .where(eq(payments.id, payment.id));
        const status = full ? 'refunded' : order.status;
        if (full) {
          await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
          await refreshRatingsOfOrder(tx, orderId);
        }
        const note = `${full ? 'Refunded in full' : 'Partially refunded'}: ${formatMoney(amount)} ${returned} (${opts.reason})`;
        await tx.insert(orderEvents).values({ orderId, status, note, createdAt: now });
        await recordTransaction(tx, {
          orderId,
          kind: 'refund',
          method: payment.method,
          amountCents: amount,
          currency: payment.currency,
          providerRef: payment.providerRef,
          note: opts.reason,
          actorId: opts.actorId,
          at: now,
        });
        const result: StaffResult = {
          before: { status: order.status, payment_status: payment.status, refunded_cents: payment.refundedCents },
          after: {
            status,
            payment_status: full ? 'refunded' : 'partially_refunded',
            refunded_cents: payment.refundedCents + amount,
          },
          refundedCents: amount,
          number: order.number,
          email: order.email,
        };
        await opts.inTx?.(tx, result);
        return result;
      });
    },

    /**
     * The sweep: card orders still awaiting payment PAYMENT_CONFIRM_WINDOW_MS after placement are
     * cancelled and restocked (server.ts runs it every minute). Returns how many it cancelled.
     */
    async expireUnconfirmedPayments(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - PAYMENT_CONFIRM_WINDOW_MS);
      const stale = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.createdAt, cutoff)))
        .limit(500);
      let cancelled = 0;
      for (const { id } of stale) {
        const done = await cancelUnpaid(id, {
          paymentStatus: 'cancelled',
          failureMessage: ORDER_MSG.expired,
          stockReason: 'payment_expired',
          note: 'Cancelled: the card payment was not confirmed within 30 minutes',
        });
        if (done) cancelled += 1;
      }
      return cancelled;
    },

    /**
     * The sweep of issue 10 point 3 (server.ts, with the one above): a guest's pay-later order still
     * unpaid at its `pay_by` is cancelled, restocked and its invoice voided, exactly once whatever
     * runs in parallel (one conditional update decides; a "mark paid" racing it then finds the
     * invoice void). Orders staff already prepare or ship are left alone. The guest is told.
     */
    async expireUnpaidGuestOrders(): Promise<number> {
      const stale = await db.select({ id: orders.id }).from(orders).where(guestHoldExpired(clock.now())).limit(500);
      let cancelled = 0;
      for (const { id } of stale) {
        const order = await cancelUnpaid(id, {
          paymentStatus: 'cancelled',
          failureMessage: ORDER_MSG.notPaidInTime,
          stockReason: 'payment_expired',
          note: 'Cancelled: the invoice was not paid in time (guest order)',
          unpaid: guestHoldExpired(clock.now()),
        });
        if (!order) continue;
        cancelled += 1;
        await mailQuietly(async () => holdExpiredMail(order, (await settings.get()).storeName));
      }
      return cancelled;
    },
  };

  /** After a price_changed 409: the signed-in cart's lines take the current prices. */
  async function repriceCart(userId: string) {
    await db.execute(sql`
      update ${cartItems} ci set unit_price_cents = p.sale_price_cents
      from ${carts} c, ${products} p
      where ci.cart_id = c.id and c.user_id = ${userId}::uuid and p.id = ci.product_id`);
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>;

/** Whose Idempotency-Keys an order request uses (ADR 004): the account, or the guest's e-mail. */
function orderScope(actor: Actor, body: PlaceOrderBody): string {
  return actor.userId ? `order:user:${actor.userId}` : `order:guest:${(body.email ?? '').toLowerCase()}`;
}

/**
 * What the Idempotency-Key's request hash covers: the whole body, but of the card only the last 4,
 * expiry and name. The stored hash must never be a way back to a card number: a number has too few
 * unknown digits to hide behind a plain hash, and the CVC must never be kept in any form.
 */
function hashable(body: PlaceOrderBody) {
  if (body.payment.method !== 'card') return body;
  const { number, cvc: _cvc, ...rest } = body.payment.card;
  return { ...body, payment: { method: 'card', card: { ...rest, last4: number.slice(-4) } } };
}

/**
 * When a pay-later invoice is due. A guest's order also holds its stock only until `payBy` (issue 10
 * point 3: anyone can place one with any e-mail, and never pay): the store's guest hold, and the
 * invoice falls due then at the latest, so the date the guest is told is the date that counts.
 * Signed-in customers get the store's invoice terms; staff chase those with reminders.
 */
function payLaterTerms(now: Date, guest: boolean, settings: Settings): { dueAt: Date; payBy: Date | null } {
  const dueAt = new Date(now.getTime() + settings.payLaterDays * DAY_MS);
  if (!guest) return { dueAt, payBy: null };
  const payBy = new Date(Math.min(dueAt.getTime(), now.getTime() + settings.guestHoldHours * HOUR_MS));
  return { dueAt: payBy, payBy };
}

/** Compares a stored confirmation token with the one sent, in constant time. */
function sameToken(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
