import { randomUUID } from 'node:crypto';
import type { Order, PlaceOrderBody } from '@shop/contracts/orders';
import type { Tx } from '../../db/client.ts';
import { failureOfRollback, okOrRollback, rollBack } from '../../db/transaction.ts';
import { hashRequest, withIdempotency } from '../../lib/idempotency.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import {
  type Actor,
  type ChangedLine,
  type CheckoutFailure,
  changed,
  checkActorBody,
  hasPriceChange,
  linesChanged,
  linesWithVariant,
  type PricedLine,
  priceWith,
  shortLine,
} from '../checkout/index.ts';
import { checkKnown } from '../discounts/index.ts';
import {
  CARD_MSG,
  type CardDeclined,
  type CardFailure,
  checkExpiry,
  type InFlight,
  insertPayment,
  type Payments,
  type Placed,
  type ProviderDown,
} from '../payments/index.ts';
import { payLaterOffered, type Settings } from '../settings/index.ts';
import type { OrderNotFound, OrdersContext } from './context.ts';
import {
  addEvent,
  clearOrderedFromCart,
  insertInvoice,
  insertLines,
  insertOrder,
  loadOrder,
  repriceCart,
} from './repository.ts';
import { hashable, orderScope, payLaterTerms } from './rules.ts';
import { orderToWire } from './wire.ts';

/** What the idempotent placing transaction answers. */
type IdempotentAnswer = Awaited<ReturnType<typeof withIdempotency<{ order_id: string }>>>;

/**
 * A card order the shop cannot take as sent — no card provider at all (a production start
 * without Stripe), the demo provider without the card's brand and last 4, or Stripe with card details
 * (Stripe's Payment Element takes them; the shop never does).
 */
export type CardPaymentRefused =
  | Failure<'card_payments_unavailable'>
  | Failure<'card_missing'>
  | Failure<'card_not_sent'>;

/**
 * Pay later chosen in a shop that has not saved the bank details its invoices need; `cards` says whether
 * the shopper can pay by card instead.
 */
export type PayLaterRefused = Failure<'pay_later_unavailable', { cards: boolean }>;

/**
 * What placing an order can end in besides a placed order (nothing is written for any of them but a
 * decline, and a provider that did not answer).
 */
export type PlaceFailure =
  | CardFailure
  | CardDeclined
  | CardPaymentRefused
  | PayLaterRefused
  | CheckoutFailure
  | OrderNotFound
  | InFlight
  | ProviderDown
  | OverLimit;

/** Over a placement limit of the caller: nothing written; `retryAfterSeconds` until it may try again. */
export type OverLimit = Failure<'rate_limited', { retryAfterSeconds: number }>;

/**
 * The caller's placement limits, counted once a request has claimed its Idempotency-Key and is about to
 * place (docs/adr/032-limits-count-exactly.md): resolves to the seconds until a retry when over a
 * limit, else undefined.
 */
export type Admit = () => Promise<number | undefined>;

/**
 * Placing orders (docs/architecture.md §6). Placing is one transaction under the request's Idempotency-Key:
 * prices re-read, each variant's stock taken by a conditional update, the discount redeemed within its limit, order,
 * lines, event, payment and stock movements written. A card payment is created at the provider after
 * that commit.
 */
export function createPlacing(ctx: OrdersContext, payment: Payments) {
  const { db, clock, settings, checkout, discounts, stock } = ctx;

  /**
   * The card part of the body against the provider this shop has, before anything is written:
   * undefined for pay later; the card's brand and last 4 (demo) or null (Stripe) for a card.
   */
  function cardOf(
    body: PlaceOrderBody,
    now: Date,
  ): Result<{ card: { brand: string; last4: string } | null } | undefined, CardFailure | CardPaymentRefused> {
    if (body.payment.method !== 'card') return ok(undefined);
    const provider = ctx.provider;
    if (!provider) return fail('card_payments_unavailable');
    const given = body.payment.card;
    if (provider.kind === 'stripe') return given ? fail('card_not_sent') : ok({ card: null });
    if (!given) return fail('card_missing');
    const fresh = checkExpiry(given, now);
    if (!fresh.ok) return fresh;
    return ok({ card: { brand: given.brand, last4: given.last4 } });
  }

  /** The one transaction that places an order; a failure means nothing may be kept. */
  async function placeInTx(
    tx: Tx,
    actor: Actor,
    body: PlaceOrderBody,
    byCard: { card: { brand: string; last4: string } | null } | undefined,
    current: Settings,
    paymentId: string,
  ): Promise<Result<Placed, CheckoutFailure>> {
    const now = clock.now();
    const resolved = await checkout.resolve(tx, actor, body, current);
    if (!resolved.ok) return resolved;
    const r = resolved.value;
    // A code that does not exist fails before any stock is touched; its limits are checked again
    // by the conditional redeem below.
    const code = await discounts.named(tx, body.discount_code);
    const unknown = checkKnown(code);
    if (unknown) return unknown;

    // A guest line of a product that is unknown or not for sale has no variant: unavailable, nothing to take.
    const problems: ChangedLine[] = r.lines.flatMap((l) => {
      if (l.variantId !== null) return [];
      const name = r.products.get(l.productId)?.name ?? null;
      const line = shortLine(
        { productId: l.productId, variantId: null, name, requested: l.quantity },
        { stock: null, priceCents: null },
      );
      return line ? [line] : [];
    });
    const toTake = linesWithVariant(r.lines);
    const { reserved, short } = await stock.reserve(tx, toTake);
    const locked = new Map(reserved.map((v) => [v.variantId, v]));
    for (const s of short) {
      const name = s.name ?? r.products.get(s.productId)?.name ?? null;
      const line = shortLine(
        { productId: s.productId, variantId: s.variantId, name, requested: s.requested },
        { stock: s.published ? s.available : null, priceCents: s.priceCents },
      );
      // The conditional update refused it with its product locked: what it reads now is short too.
      if (!line) throw new Error('a variant the stock update refused has the stock asked for');
      problems.push(line);
    }
    // Prices as the stock update locked them: no change can slip in between check and sale.
    for (const l of toTake) {
      const v = locked.get(l.variantId);
      if (v && l.expectedPriceCents !== null && l.expectedPriceCents !== v.priceCents) {
        problems.push(
          changed({
            productId: l.productId,
            variantId: l.variantId,
            name: v.name,
            reason: 'price_changed',
            expectedCents: l.expectedPriceCents,
            currentCents: v.priceCents,
            requested: l.quantity,
            available: v.available,
          }),
        );
      }
    }
    if (problems.length > 0) return linesChanged(problems);

    const lines: PricedLine[] = toTake.map((l) => {
      const v = locked.get(l.variantId);
      if (!v) throw new Error('reserved variant missing');
      return { ...l, sku: v.sku, name: v.name, options: v.options, image: v.image, unitPriceCents: v.priceCents };
    });
    const priced = priceWith(r, lines, code, now);
    if (!priced.ok) return priced;
    const totals = priced.value;
    const status = byCard ? 'awaiting_payment' : 'placed';
    const terms = byCard ? undefined : payLaterTerms(now, r.userId === null, r.settings);

    const order = await insertOrder(tx, {
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
    });

    await insertLines(
      tx,
      lines.map((l, position) => ({
        orderId: order.id,
        productId: l.productId,
        variantId: l.variantId,
        sku: l.sku,
        name: l.name,
        image: l.image,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        color: l.color,
        size: l.size,
        options: l.options,
        position,
      })),
    );
    await stock.recordReservation(tx, order.id, toTake);
    if (code) {
      const redeemed = await discounts.redeem(tx, code, {
        orderId: order.id,
        userId: r.userId,
        email: r.email,
        amountCents: totals.discountCents,
        now,
      });
      if (!redeemed.ok) return redeemed;
    }

    await insertPayment(tx, {
      id: paymentId,
      orderId: order.id,
      method: byCard ? 'card' : 'pay_later',
      // `processing` until the provider's answer after this commit settles it.
      status: byCard ? 'processing' : 'pending',
      amountCents: totals.totalCents,
      provider: byCard ? (ctx.provider?.name ?? null) : null,
      cardBrand: byCard?.card?.brand ?? null,
      cardLast4: byCard?.card?.last4 ?? null,
      createdAt: now,
      updatedAt: now,
    });

    let note = 'Order placed; waiting for the card payment';
    if (terms) {
      const { dueAt } = terms;
      const number = order.number.replace(/^SO-/, 'INV-');
      await insertInvoice(tx, { orderId: order.id, number, amountCents: totals.totalCents, issuedAt: now, dueAt });
      note = `Order placed; invoice ${number} due ${dueAt.toISOString().slice(0, 10)}`;
      if (r.userId) await clearOrderedFromCart(tx, r.userId, order.id, now);
    }
    await addEvent(tx, { orderId: order.id, status, note, createdAt: now });
    return ok({ orderId: order.id, paymentId, amountCents: totals.totalCents });
  }

  return {
    /**
     * POST /api/orders. The signed-in user buys the server cart; a guest names `email` and `items`.
     * `idempotencyKey` is required: the same key and body returns the same order (201 again, also
     * for a replay), a different body → 422, a request still running → 409 (both thrown by
     * withIdempotency). A declined card answers `card_declined`, and so does every retry of that key.
     * Every other failure leaves nothing written. `admit` counts the caller's placement limits, only
     * for a request that is about to place: a replay or a request while its key is in flight is
     * answered without counting, so a shopper's retries never use up the limits.
     */
    async place(
      actor: Actor,
      body: PlaceOrderBody,
      idempotencyKey: string,
      admit: Admit = async () => undefined,
    ): Promise<Result<{ order: Order; replayed: boolean }, PlaceFailure>> {
      const now = clock.now();
      // Card checks come first: a card the shop cannot take writes nothing, not even the idempotency key.
      const checked = cardOf(body, now);
      if (!checked.ok) return checked;
      const byCard = checked.value;
      const mismatch = checkActorBody(actor, body);
      if (mismatch) return mismatch;
      const current = await settings.get();
      if (!byCard && !payLaterOffered(current)) return fail('pay_later_unavailable', { cards: ctx.provider !== null });
      const scope = orderScope(actor, body);

      // A card payment is settled under its lock (payments' `whileSettling`), held
      // from before the order commits until its outcome is written, so a retry or another process can
      // tell this live request from one whose process died and settle only the latter.
      const paymentId = randomUUID();
      const run = async (): Promise<Result<{ order: Order; replayed: boolean }, PlaceFailure>> => {
        let placed: Placed | undefined;
        const answered = await failureOfRollback<IdempotentAnswer, CheckoutFailure | OverLimit>(() =>
          withIdempotency<{ order_id: string }>(
            db,
            { scope, key: idempotencyKey, requestHash: hashRequest({ op: 'place-order', body: hashable(body) }), now },
            async (tx) => {
              // A failure rolls the transaction back (and leaves the key free for a retry).
              const retryAfterSeconds = await admit();
              if (retryAfterSeconds !== undefined) rollBack(fail('rate_limited', { retryAfterSeconds }));
              placed = okOrRollback(await placeInTx(tx, actor, body, byCard, current, paymentId));
              // Pay later confirms the order now; a card order is confirmed when paid (payments).
              if (!byCard) await ctx.queueConfirmation(tx, placed.orderId, current.storeName);
              return { statusCode: 201, body: { order_id: placed.orderId } };
            },
          ),
        );
        if (!answered.ok) {
          // The 409 showed the new prices; the cart now carries them, so placing again
          // (after the shopper has seen them) buys at those prices.
          if (actor.userId && answered.reason === 'lines_changed' && hasPriceChange(answered.lines)) {
            await repriceCart(db, actor.userId);
          }
          return answered;
        }
        const answer = answered.value;
        if (!answer.replayed) await ctx.stockChanged();

        if (!answer.replayed && placed) {
          ctx.ordersPlaced.inc({ payment: body.payment.method });
          if (byCard) {
            // Paid or waiting, the order is read below as it now stands.
            const started = await payment.start(placed);
            if (!started.ok) return started;
          }
        }
        let bundle = await loadOrder(db, answer.body.order_id);
        if (!bundle) return fail('not_found');
        if (answer.replayed && bundle.payment?.status === 'processing') {
          // Nobody may be settling it any more (its request died with its process or the database):
          // then the gateway is asked now and the retry answers the real outcome.
          const abandoned = await payment.settleAbandoned(bundle.payment.id);
          if (abandoned === 'busy') return fail('in_flight');
          if (abandoned === 'unavailable') return fail('provider_unavailable');
          bundle = await loadOrder(db, answer.body.order_id);
          if (!bundle) return fail('not_found');
        }
        if (answer.replayed) {
          if (bundle.payment?.status === 'processing') return fail('in_flight');
          if (bundle.payment?.status === 'declined') {
            return fail('card_declined', { message: bundle.payment.failureMessage ?? CARD_MSG.declined });
          }
        }
        return ok({ order: orderToWire(bundle, clock.now()), replayed: answer.replayed });
      };
      if (!byCard) return run();
      const held = await payment.whileSettling(paymentId, run).catch((err: unknown) => {
        // The outcome may not have been written (the database went away): settle it once it is back.
        payment.reconcileWhenBack();
        throw err;
      });
      // A new random id is never held by anyone else.
      if (!held) throw new Error('a new payment id was already locked');
      return held.value;
    },
  };
}
