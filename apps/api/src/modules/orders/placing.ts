import { randomUUID } from 'node:crypto';
import type { Order, PlaceOrderBody } from '@shop/contracts/orders';
import type { Tx } from '../../db/client.ts';
import { failureOfRollback, okOrRollback, rollBack } from '../../db/transaction.ts';
import { hashRequest, withIdempotency } from '../../lib/idempotency.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import {
  type Actor,
  type BodyMismatch,
  type CheckoutFailure,
  checkActorBody,
  hasPriceChange,
} from '../checkout/index.ts';
import {
  CARD_MSG,
  type CardDeclined,
  type CardFailure,
  checkExpiry,
  type InFlight,
  type Payments,
  type Placed,
  type ProviderDown,
} from '../payments/index.ts';
import { payLaterOffered, type Settings } from '../settings/index.ts';
import type { OrderNotFound, OrdersContext } from './context.ts';
import { type ByCard, createPlacingSteps } from './placing-steps.ts';
import { loadOrder, type OrderBundle, repriceCart } from './repository.ts';
import { hashable, orderScope } from './rules.ts';
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

/** What a placing answers: the order as the shopper sees it, and whether it was placed before. */
type PlaceAnswer = { order: Order; replayed: boolean };

/** A placing request once its checks passed: what the steps under its key read. */
interface CheckedRequest {
  actor: Actor;
  body: PlaceOrderBody;
  idempotencyKey: string;
  admit: Admit;
  byCard: ByCard;
  current: Settings;
  now: Date;
  scope: string;
  paymentId: string;
}

/**
 * Placing orders (docs/architecture.md §6), as two lists of named steps; a step that refuses answers
 * its typed failure and the list stops there.
 *
 * `place`: checkCard, checkBuyer, checkPayLater (nothing written yet), then placeUnderKey — the
 * Idempotency-Key claimed, the caller's limits counted and `placeInTx` run, in one transaction — then
 * startCardPayment at the provider after that commit, and answerReplay for a retry of a finished key.
 *
 * `placeInTx` (placing-steps.ts): resolveCart, refuseUnknownCode, takeStock (each variant's stock by a
 * conditional update), priceOrder at the locked prices, writeOrder (order, lines, stock movements),
 * redeemCode within its limit, openPayment, openInvoice and clearCart (pay later), recordPlaced.
 */
export function createPlacing(ctx: OrdersContext, payment: Payments) {
  const { db, clock, settings } = ctx;
  const {
    resolveCart,
    refuseUnknownCode,
    takeStock,
    priceOrder,
    writeOrder,
    redeemCode,
    openPayment,
    openInvoice,
    clearCart,
    recordPlaced,
  } = createPlacingSteps(ctx);

  /** The one transaction that places an order; a failure means nothing may be kept. */
  async function placeInTx(
    tx: Tx,
    actor: Actor,
    body: PlaceOrderBody,
    byCard: ByCard,
    current: Settings,
    paymentId: string,
  ): Promise<Result<Placed, CheckoutFailure>> {
    const now = clock.now();
    const cart = await resolveCart(tx, actor, body, current);
    if (!cart.ok) return cart;
    const code = await refuseUnknownCode(tx, body.discount_code);
    if (!code.ok) return code;
    const taken = await takeStock(tx, cart.value);
    if (!taken.ok) return taken;
    const priced = priceOrder(cart.value, taken.value.lines, code.value, now);
    if (!priced.ok) return priced;
    const order = await writeOrder(tx, {
      cart: cart.value,
      body,
      taken: taken.value,
      code: code.value,
      priced: priced.value,
      byCard,
      now,
    });
    const redeemed = await redeemCode(tx, code.value, order, now);
    if (!redeemed.ok) return redeemed;
    await openPayment(tx, order, paymentId, byCard, now);
    const invoice = await openInvoice(tx, order, now);
    await clearCart(tx, order, now);
    await recordPlaced(tx, order, invoice, now);
    return ok({ orderId: order.id, paymentId, amountCents: order.totals.totalCents });
  }

  /**
   * POST /api/orders. The signed-in user buys the server cart; a guest names `email` and `items`.
   * `idempotencyKey` is required: the same key and body returns the same order (201 again, also
   * for a replay), a different body → 422, a request still running → 409 (both thrown by
   * withIdempotency). A declined card answers `card_declined`, and so does every retry of that key.
   * Every other failure leaves nothing written. `admit` counts the caller's placement limits, only
   * for a request that is about to place: a replay or a request while its key is in flight is
   * answered without counting, so a shopper's retries never use up the limits.
   */
  async function place(
    actor: Actor,
    body: PlaceOrderBody,
    idempotencyKey: string,
    admit: Admit = async () => undefined,
  ): Promise<Result<PlaceAnswer, PlaceFailure>> {
    const now = clock.now();
    // Card checks come first: a card the shop cannot take writes nothing, not even the idempotency key.
    const byCard = checkCard(body, now);
    if (!byCard.ok) return byCard;
    const buyer = checkBuyer(actor, body);
    if (!buyer.ok) return buyer;
    const current = await settings.get();
    const offered = checkPayLater(byCard.value, current);
    if (!offered.ok) return offered;
    const request: CheckedRequest = {
      actor,
      body,
      idempotencyKey,
      admit,
      byCard: byCard.value,
      current,
      now,
      scope: orderScope(actor, body),
      paymentId: randomUUID(),
    };
    if (!request.byCard) return placeAndAnswer(request);
    return whileSettling(request.paymentId, () => placeAndAnswer(request));
  }

  /** Places under the request's key and answers it: the new order, or the one a retry placed before. */
  async function placeAndAnswer(request: CheckedRequest): Promise<Result<PlaceAnswer, PlaceFailure>> {
    const underKey = await placeUnderKey(request);
    if (!underKey.ok) {
      await repriceChanged(request.actor, underKey);
      return underKey;
    }
    const { answer, placed } = underKey.value;
    if (!answer.replayed) await ctx.stockChanged();
    const started = await startCardPayment(request, answer, placed);
    if (!started.ok) return started;
    // Paid, waiting or pay later: the order as it now stands.
    const bundle = await loadOrder(db, answer.body.order_id);
    if (!bundle) return fail('not_found');
    if (answer.replayed) return answerReplay(answer.body.order_id, bundle);
    return ok({ order: orderToWire(bundle, clock.now()), replayed: false });
  }

  /**
   * The card part of the body against the provider this shop has, before anything is written:
   * undefined for pay later; the card's brand and last 4 (demo) or null (Stripe) for a card.
   */
  function checkCard(body: PlaceOrderBody, now: Date): Result<ByCard, CardFailure | CardPaymentRefused> {
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

  /** A signed-in buyer buys the server cart and a guest names its own: a body of the other kind is refused. */
  function checkBuyer(actor: Actor, body: PlaceOrderBody): Result<void, BodyMismatch> {
    const mismatch = checkActorBody(actor, body);
    return mismatch ?? ok(undefined);
  }

  /** Pay later only where the shop offers it (its invoices need the bank details). */
  function checkPayLater(byCard: ByCard, current: Settings): Result<void, PayLaterRefused> {
    if (!byCard && !payLaterOffered(current)) return fail('pay_later_unavailable', { cards: ctx.provider !== null });
    return ok(undefined);
  }

  /**
   * The Idempotency-Key claimed, the caller's limits counted, the order placed and (pay later) its
   * confirmation mail queued, all in one transaction: a failure rolls it back and leaves the key free for
   * a retry. `placed` is this request's order; a replay answers the stored one instead.
   */
  async function placeUnderKey(
    request: CheckedRequest,
  ): Promise<Result<{ answer: IdempotentAnswer; placed: Placed | undefined }, CheckoutFailure | OverLimit>> {
    const { actor, body, idempotencyKey, admit, byCard, current, now, scope, paymentId } = request;
    let placed: Placed | undefined;
    const answered = await failureOfRollback<IdempotentAnswer, CheckoutFailure | OverLimit>(() =>
      withIdempotency<{ order_id: string }>(
        db,
        { scope, key: idempotencyKey, requestHash: hashRequest({ op: 'place-order', body: hashable(body) }), now },
        async (tx) => {
          const retryAfterSeconds = await admit();
          if (retryAfterSeconds !== undefined) rollBack(fail('rate_limited', { retryAfterSeconds }));
          placed = okOrRollback(await placeInTx(tx, actor, body, byCard, current, paymentId));
          // Pay later confirms the order now; a card order is confirmed when paid (payments).
          if (!byCard) await ctx.queueConfirmation(tx, placed.orderId, current.storeName);
          return { statusCode: 201, body: { order_id: placed.orderId } };
        },
      ),
    );
    if (!answered.ok) return answered;
    return ok({ answer: answered.value, placed });
  }

  /**
   * The 409 showed the new prices; the cart now carries them, so placing again (after the shopper has
   * seen them) buys at those prices.
   */
  async function repriceChanged(actor: Actor, refused: CheckoutFailure | OverLimit): Promise<void> {
    if (actor.userId && refused.reason === 'lines_changed' && hasPriceChange(refused.lines)) {
      await repriceCart(db, actor.userId);
    }
  }

  /**
   * Counts a new order and, for a card, creates its payment at the provider after the commit: true
   * when it is paid now (demo), false while it waits for the shopper or for pay later, or the decline.
   */
  async function startCardPayment(
    request: CheckedRequest,
    answer: IdempotentAnswer,
    placed: Placed | undefined,
  ): Promise<Result<boolean, CardDeclined | ProviderDown>> {
    if (answer.replayed || !placed) return ok(false);
    ctx.ordersPlaced.inc({ payment: request.body.payment.method });
    if (!request.byCard) return ok(false);
    return payment.start(placed);
  }

  /**
   * A retry of a finished key answers the order it placed, as its payment stands now: still
   * `processing` is in flight, a decline is the decline again.
   */
  async function answerReplay(
    orderId: string,
    found: OrderBundle,
  ): Promise<Result<PlaceAnswer, OrderNotFound | InFlight | ProviderDown | CardDeclined>> {
    let bundle = found;
    if (bundle.payment?.status === 'processing') {
      // Nobody may be settling it any more (its request died with its process or the database):
      // then the gateway is asked now and the retry answers the real outcome.
      const abandoned = await payment.settleAbandoned(bundle.payment.id);
      if (abandoned === 'busy') return fail('in_flight');
      if (abandoned === 'unavailable') return fail('provider_unavailable');
      const again = await loadOrder(db, orderId);
      if (!again) return fail('not_found');
      bundle = again;
    }
    if (bundle.payment?.status === 'processing') return fail('in_flight');
    if (bundle.payment?.status === 'declined') {
      return fail('card_declined', { message: bundle.payment.failureMessage ?? CARD_MSG.declined });
    }
    return ok({ order: orderToWire(bundle, clock.now()), replayed: true });
  }

  /**
   * A card order is placed under its payment's settling lock (payments' `whileSettling`), held from
   * before the order commits until its outcome is written, so a retry or another process can tell this
   * live request from one whose process died and settle only the latter.
   */
  async function whileSettling(
    paymentId: string,
    run: () => Promise<Result<PlaceAnswer, PlaceFailure>>,
  ): Promise<Result<PlaceAnswer, PlaceFailure>> {
    const held = await payment.whileSettling(paymentId, run).catch((err: unknown) => {
      // The outcome may not have been written (the database went away): settle it once it is back.
      payment.reconcileWhenBack();
      throw err;
    });
    // A new random id is never held by anyone else.
    if (!held) throw new Error('a new payment id was already locked');
    return held.value;
  }

  return { place };
}
