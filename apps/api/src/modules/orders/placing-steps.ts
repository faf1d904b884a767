import { type CurrencyUnit, toBaseMinor } from '@shop/contracts/currency';
import type { PlaceOrderBody } from '@shop/contracts/orders';
import type { Tx } from '../../db/client.ts';
import { ok, type Result } from '../../lib/result.ts';
import {
  type Actor,
  type ChangedLine,
  changed,
  type LinesChanged,
  linesChanged,
  linesWithVariant,
  type PricedCheckout,
  type PricedLine,
  priceWith,
  type RequestedLine,
  type ResolvedCheckout,
  type ResolveFailure,
  type ShippingFailure,
  shortLine,
  type Totals,
} from '../checkout/index.ts';
import { checkKnown, type DiscountCode, type DiscountFailure } from '../discounts/index.ts';
import { insertPayment } from '../payments/index.ts';
import type { Settings } from '../settings/index.ts';
import type { ReservedVariant, ShortVariant } from '../stock/index.ts';
import type { OrdersContext } from './context.ts';
import { addEvent, clearOrderedFromCart, insertInvoice, insertLines, insertOrder } from './repository.ts';
import { payLaterTerms } from './rules.ts';

/**
 * How an order is paid, as checked before anything is written: undefined for pay later; for a card, the
 * card's brand and last 4 (demo) or null (Stripe).
 */
export type ByCard = { card: { brand: string; last4: string } | null } | undefined;

/** A line that names its variant: what the stock update takes. */
type LineToTake = RequestedLine & { variantId: string };

/** The stock taken: the lines as asked, and the same lines at the prices the stock update locked. */
export interface Taken {
  toTake: LineToTake[];
  lines: PricedLine[];
}

/** The order row as written, with what the later steps need of it. */
export interface WrittenOrder {
  id: string;
  number: string;
  userId: string | null;
  email: string;
  status: 'awaiting_payment' | 'placed';
  totals: Totals;
  /** What the totals are in (ISO 4217). */
  currency: string;
  /** Pay later's terms; undefined for a card order. */
  terms: { dueAt: Date; payBy: Date | null } | undefined;
}

/** The invoice a pay-later order is issued with. */
export interface OpenedInvoice {
  number: string;
  dueAt: Date;
}

/**
 * The steps of the one transaction that places an order (placing.ts `placeInTx` runs them in order).
 * Each is its own function so the transaction reads as a list; one that can refuse answers a typed
 * failure, and the caller rolls everything back.
 */
export function createPlacingSteps(ctx: OrdersContext) {
  const { checkout, discounts, stock } = ctx;

  return {
    /** Buyer, lines, shipping and settings, read and checked by checkout's `resolve`: a quote refuses alike. */
    resolveCart(
      tx: Tx,
      actor: Actor,
      body: PlaceOrderBody,
      current: Settings,
    ): Promise<Result<ResolvedCheckout, ResolveFailure>> {
      return checkout.resolve(tx, actor, body, current);
    },

    /**
     * The named discount code, refused when the shop does not have it: apart so that it fails before any
     * stock is touched (null: no code). Its limits are checked again by the conditional `redeemCode`.
     */
    async refuseUnknownCode(
      tx: Tx,
      name: string | null | undefined,
    ): Promise<Result<DiscountCode | null | undefined, DiscountFailure>> {
      const code = await discounts.named(tx, name);
      const unknown = checkKnown(code);
      if (unknown) return unknown;
      return ok(code);
    },

    /**
     * Takes each variant's stock by a conditional update, before the order exists, and answers the lines at
     * the prices that update locked; apart because it is the one step that can find the cart moved
     * (`lines_changed`: unavailable, short or repriced lines, all at once).
     */
    async takeStock(tx: Tx, r: ResolvedCheckout): Promise<Result<Taken, LinesChanged>> {
      const problems = unchosenLines(r);
      const toTake = linesWithVariant(r.lines);
      const { reserved, short } = await stock.reserve(tx, toTake);
      const locked = new Map(reserved.map((v) => [v.variantId, v]));
      problems.push(...shortLines(r, short), ...repricedLines(toTake, locked, r.settings.currencies.base));
      if (problems.length > 0) return linesChanged(problems);
      return ok({ toTake, lines: atLockedPrices(toTake, locked) });
    },

    /**
     * The totals at the locked prices, the code's rules judged against the subtotal (`discount_unusable`),
     * shipped by the method asked for, which the address and order must offer (`unknown_shipping_method`).
     */
    priceOrder(
      r: ResolvedCheckout,
      lines: PricedLine[],
      code: DiscountCode | null | undefined,
      now: Date,
    ): Result<PricedCheckout, DiscountFailure | ShippingFailure> {
      return priceWith(r, lines, code, now, true);
    },

    /**
     * Writes the order, its lines and the stock movements of what `takeStock` took: one step, as the three
     * only make sense together. A card order waits for its payment; pay later is placed on its terms.
     */
    async writeOrder(
      tx: Tx,
      o: {
        cart: ResolvedCheckout;
        body: PlaceOrderBody;
        taken: Taken;
        code: DiscountCode | null | undefined;
        priced: PricedCheckout;
        byCard: ByCard;
        now: Date;
      },
    ): Promise<WrittenOrder> {
      const { cart: r, body, taken, code, priced, byCard, now } = o;
      const { totals } = priced;
      const status = byCard ? 'awaiting_payment' : 'placed';
      const terms = byCard ? undefined : payLaterTerms(now, r.userId === null, r.settings);

      const order = await insertOrder(tx, {
        userId: r.userId,
        email: r.email,
        status,
        ...pricedColumns(priced, r.settings.currencies.base),
        vatNumber: r.vatNumber,
        discountCode: code?.code ?? null,
        discountCodeId: code?.id ?? null,
        shippingAddress: body.shipping_address,
        billingAddress: body.billing_address ?? null,
        payBy: terms?.payBy ?? null,
        createdAt: now,
        updatedAt: now,
      });

      await insertLines(tx, pricedLineRows(priced, order.id));
      await stock.recordReservation(tx, order.id, taken.toTake);
      return {
        id: order.id,
        number: order.number,
        userId: r.userId,
        email: r.email,
        status,
        totals,
        currency: priced.currency.code,
        terms,
      };
    },

    /**
     * Redeems the code within its limit by a conditional update, after the order exists (the redemption
     * names it); apart because a code used up meanwhile refuses the order (`discount_unusable`).
     */
    async redeemCode(
      tx: Tx,
      code: DiscountCode | null | undefined,
      order: WrittenOrder,
      now: Date,
    ): Promise<Result<void, DiscountFailure>> {
      if (!code) return ok(undefined);
      return discounts.redeem(tx, code, {
        orderId: order.id,
        userId: order.userId,
        email: order.email,
        amountCents: order.totals.discountCents,
        now,
      });
    },

    /** Writes the order's payment: a card's waits for the provider after the commit, pay later's for the money. */
    async openPayment(tx: Tx, order: WrittenOrder, paymentId: string, byCard: ByCard, now: Date): Promise<void> {
      await insertPayment(tx, {
        id: paymentId,
        orderId: order.id,
        method: byCard ? 'card' : 'pay_later',
        // `processing` until the provider's answer after this commit settles it.
        status: byCard ? 'processing' : 'pending',
        amountCents: order.totals.totalCents,
        currency: order.currency,
        provider: byCard ? (ctx.provider?.name ?? null) : null,
        cardBrand: byCard?.card?.brand ?? null,
        cardLast4: byCard?.card?.last4 ?? null,
        createdAt: now,
        updatedAt: now,
      });
    },

    /** Issues a pay-later order's invoice, numbered after the order; a card order has none (undefined). */
    async openInvoice(tx: Tx, order: WrittenOrder, now: Date): Promise<OpenedInvoice | undefined> {
      if (!order.terms) return undefined;
      const { dueAt } = order.terms;
      const number = order.number.replace(/^SO-/, 'INV-');
      await insertInvoice(tx, {
        orderId: order.id,
        number,
        amountCents: order.totals.totalCents,
        issuedAt: now,
        dueAt,
      });
      return { number, dueAt };
    },

    /** Empties what a signed-in buyer's pay-later order bought from the cart; a card order's cart waits until paid. */
    async clearCart(tx: Tx, order: WrittenOrder, now: Date): Promise<void> {
      if (order.terms && order.userId) await clearOrderedFromCart(tx, order.userId, order.id, now);
    },

    /** The order's first event in its history, saying what it waits for. */
    async recordPlaced(tx: Tx, order: WrittenOrder, invoice: OpenedInvoice | undefined, now: Date): Promise<void> {
      const note = invoice
        ? `Order placed; invoice ${invoice.number} due ${invoice.dueAt.toISOString().slice(0, 10)}`
        : 'Order placed; waiting for the card payment';
      await addEvent(tx, { orderId: order.id, status: order.status, note, createdAt: now });
    },
  };
}

/** A guest line of a product that is unknown or not for sale has no variant: unavailable, nothing to take. */
function unchosenLines(r: ResolvedCheckout): ChangedLine[] {
  return r.lines.flatMap((l) => {
    if (l.variantId !== null) return [];
    const name = r.products.get(l.productId)?.name ?? null;
    const line = shortLine(
      { productId: l.productId, variantId: null, name, requested: l.quantity },
      { stock: null, priceCents: null },
      r.settings.currencies.base,
    );
    return line ? [line] : [];
  });
}

/** The lines whose stock the conditional update refused, with the stock and price they have now. */
function shortLines(r: ResolvedCheckout, short: ShortVariant[]): ChangedLine[] {
  return short.map((s) => {
    const name = s.name ?? r.products.get(s.productId)?.name ?? null;
    const line = shortLine(
      { productId: s.productId, variantId: s.variantId, name, requested: s.requested },
      { stock: s.published ? s.available : null, priceCents: s.priceCents },
      r.settings.currencies.base,
    );
    // The conditional update refused it with its product locked: what it reads now is short too.
    if (!line) throw new Error('a variant the stock update refused has the stock asked for');
    return line;
  });
}

/** Prices as the stock update locked them, against the cart's: no change can slip in between check and sale. */
function repricedLines(toTake: LineToTake[], locked: Map<string, ReservedVariant>, base: CurrencyUnit): ChangedLine[] {
  return toTake.flatMap((l) => {
    const v = locked.get(l.variantId);
    if (!v || l.expectedPriceCents === null || l.expectedPriceCents === v.priceCents) return [];
    return [
      changed(
        {
          productId: l.productId,
          variantId: l.variantId,
          name: v.name,
          reason: 'price_changed',
          expectedCents: l.expectedPriceCents,
          currentCents: v.priceCents,
          requested: l.quantity,
          available: v.available,
        },
        base,
      ),
    ];
  });
}

/** The lines with the SKU, name, options, picture and price their variant had when its stock was taken. */
function atLockedPrices(toTake: LineToTake[], locked: Map<string, ReservedVariant>): PricedLine[] {
  return toTake.map((l) => {
    const v = locked.get(l.variantId);
    if (!v) throw new Error('reserved variant missing');
    return { ...l, sku: v.sku, name: v.name, options: v.options, image: v.image, unitPriceCents: v.priceCents };
  });
}

/**
 * What an order stores of its pricing: the totals, the currency with its rate and base total, the tax
 * and the method — exactly the quote's figures for the same inputs.
 */
export function pricedColumns(priced: PricedCheckout, base: CurrencyUnit) {
  const { totals, currency } = priced;
  return {
    ...totals,
    currency: currency.code,
    exchangeRate: currency.rate,
    baseTotalCents: currency.converted ? toBaseMinor(totals.totalCents, base, currency) : null,
    taxRateBasisPoints: priced.standardRateBasisPoints,
    taxIncluded: priced.taxIncluded,
    taxLines: priced.taxLines,
    reverseCharge: priced.reverseCharge,
    shippingMethod: priced.method.code,
    shippingMethodName: priced.method.name,
  };
}

/** The order's lines at the prices charged (`priced.lines`, in the shopper's currency), in order. */
export function pricedLineRows(priced: PricedCheckout, orderId: string) {
  return priced.lines.map((l, position) => ({
    orderId,
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
  }));
}
