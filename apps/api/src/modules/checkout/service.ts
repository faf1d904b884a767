import { countryName } from '@shop/contracts/countries';
import { presentmentFor } from '@shop/contracts/currency';
import type { Market } from '@shop/contracts/market';
import type { Quote, QuoteBody } from '@shop/contracts/orders';
import { zoneFor } from '@shop/contracts/shipping';
import type { Db, Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { DiscountFailure, DiscountsService } from '../discounts/index.ts';
import type { Settings, SettingsService } from '../settings/index.ts';
import { optionsOf, readSellable, specValue } from '../stock/index.ts';
import { availabilityProblems, type LinesChanged, linesChanged, variantOf } from './changes.ts';
import { marketFor } from './market.ts';
import { priceWith, type ShippingFailure } from './pricing.ts';
import { createQuoteCache } from './quote-cache.ts';
import { accountCart } from './repository.ts';
import {
  type BodyMismatch,
  type ChoicesMissing,
  checkActorBody,
  checkChoicesMade,
  guestLines,
  type OptionsInvalid,
} from './rules.ts';
import { validVatNumber } from './tax.ts';
import type { Actor, PricedLine, RequestedLine, ResolvedCheckout } from './types.ts';
import { toQuote } from './wire.ts';

/** What reading a checkout body can end in besides a checkout to price (all before any write). */
export type ResolveFailure =
  | BodyMismatch
  | Failure<'not_shippable', { message: string; country: string }>
  | Failure<'vat_number_invalid', { message: string }>
  | Failure<'currency_not_offered', { message: string; offered: string[] }>
  | Failure<'session_invalid'>
  | Failure<'empty_cart'>
  | ChoicesMissing
  | OptionsInvalid;

/** Every expected failure of checkout: a quote's, and the shared part of an order's. */
export type CheckoutFailure = ResolveFailure | LinesChanged | DiscountFailure | ShippingFailure;

/** A line at its variant's current price (after `availabilityProblems` found none: the variant is there). */
function priced(r: ResolvedCheckout, l: RequestedLine): PricedLine {
  const p = r.products.get(l.productId);
  const v = variantOf(r, l);
  if (!p || !v) throw new Error('priced a line whose variant is not for sale');
  const color = specValue(p, v.values, 'color');
  const size = specValue(p, v.values, 'size');
  const options = optionsOf(p, v.values);
  return {
    ...l,
    variantId: v.id,
    sku: v.sku,
    color,
    size,
    options,
    name: p.name,
    image: v.image,
    unitPriceCents: v.priceCents,
  };
}

/**
 * Checkout: quotes, and the reading and checking shared by the quote and
 * the order. The quote writes nothing; the order (orders service) reuses `resolve` in its transaction.
 */
export function createCheckoutService(
  { db, clock, invalidation }: Pick<Deps, 'db' | 'clock' | 'invalidation'>,
  parts: { settings: SettingsService; discounts: DiscountsService },
  options: { quoteCacheMs: number },
) {
  const { settings, discounts } = parts;
  const kept = createQuoteCache(options.quoteCacheMs, invalidation);

  /**
   * Reads and checks what the body and the actor say, before any price or stock is relied upon.
   * Inside a transaction pass `current` (read before it): the settings come from the pool, and a
   * transaction that waits for a second connection can starve the pool under load.
   */
  async function resolve(
    ex: Db | Tx,
    actor: Actor,
    body: QuoteBody,
    current?: Settings,
  ): Promise<Result<ResolvedCheckout, ResolveFailure>> {
    const mismatch = checkActorBody(actor, body);
    if (mismatch) return mismatch;
    current ??= await settings.get();
    const to = body.shipping_address;
    const zone = zoneFor(current.shippingZones, { country: to.country, region: to.region, postalCode: to.postal_code });
    if (!zone) {
      return fail('not_shippable', { message: `We do not ship to ${countryName(to.country)}.`, country: to.country });
    }
    const given = body.vat_number?.trim() ?? '';
    const vatNumber = given === '' ? null : validVatNumber(given, to.country);
    if (given !== '' && vatNumber === null) {
      return fail('vat_number_invalid', {
        message: `That is not a valid VAT number for ${countryName(to.country)}, where the order goes`,
      });
    }
    const { currencies } = current;
    const presentment = presentmentFor(currencies, { chosen: body.currency, country: to.country });
    if (body.currency !== undefined && presentment.code !== body.currency) {
      const offered = [currencies.base.code, ...currencies.presentment.map((c) => c.code)];
      return fail('currency_not_offered', {
        message: `This shop does not take ${body.currency}: choose one of ${offered.join(', ')}`,
        offered,
      });
    }
    const shipping = {
      destination: { country: to.country, region: to.region ?? null },
      zone,
      shippingMethod: body.shipping_method,
      vatNumber,
      presentment,
    };

    if (actor.userId) {
      const account = await accountCart(ex, actor.userId);
      if (account === undefined) return fail('session_invalid');
      const { email, cartId, lines } = account;
      if (lines.length === 0) return fail('empty_cart');
      const info = await readSellable(
        ex,
        lines.map((l) => l.productId),
      );
      const lacking = checkChoicesMade(lines, info);
      if (lacking) return lacking;
      return ok({ userId: actor.userId, email, cartId, lines, products: info, ...shipping, settings: current });
    }

    const items = body.items ?? [];
    const info = await readSellable(
      ex,
      items.map((i) => i.product_id),
    );
    const lines = guestLines(items, info);
    if (!lines.ok) return lines;
    return ok({
      userId: null,
      email: body.email ?? '',
      cartId: null,
      lines: lines.value,
      products: info,
      ...shipping,
      settings: current,
    });
  }

  /** The exact totals an order with this body would have now, priced from the rows. */
  async function priceQuote(actor: Actor, body: QuoteBody): Promise<Result<Quote, CheckoutFailure>> {
    const resolved = await resolve(db, actor, body);
    if (!resolved.ok) return resolved;
    const r = resolved.value;
    const problems = availabilityProblems(r);
    if (problems.length > 0) return linesChanged(problems);
    const lines = r.lines.map((l) => priced(r, l));
    const code = await discounts.named(db, body.discount_code);
    const totals = priceWith(r, lines, code, clock.now(), false);
    if (!totals.ok) return totals;
    return ok(toQuote(totals.value, code?.code ?? null));
  }

  return {
    resolve,

    /** The storefront's market for a chosen shipping country and currency (`marketFor`), from the cached settings. */
    async market(choice: { country?: string | null; currency?: string | null }): Promise<Market> {
      return marketFor(await settings.get(), choice);
    },

    /**
     * POST /api/checkout/quote: the exact totals an order with this body would have now, at current
     * prices. Writes nothing. `lines_changed` when a line is unavailable or short of stock (the order
     * would be refused too); `empty_cart` or `discount_unusable` for an empty cart or a code that cannot be used.
     */
    async quote(actor: Actor, body: QuoteBody): Promise<Result<Quote, CheckoutFailure>> {
      // A guest's quote without a code may be answered as priced a moment ago (docs/adr/051-guest-quote-cache.md).
      const key = actor.userId || checkActorBody(actor, body) ? undefined : kept.keyOf(body);
      const hit = key === undefined ? undefined : kept.get(key);
      if (hit) return ok(hit);
      const since = kept.generation();
      const answer = await priceQuote(actor, body);
      if (key !== undefined && answer.ok) kept.set(key, answer.value, since);
      return answer;
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
