import { fromCents } from '@shop/contracts/money';
import type { CheckoutBase, changedLine, Quote } from '@shop/contracts/orders';
import { chooseLineOptions, missingChoices, OPTION_LABELS } from '@shop/contracts/product-options';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, products, type ShippingMethodRow, users } from '../../db/schema.ts';
import { badRequest, conflict, unauthorized, unprocessable } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { DiscountCode, DiscountsService } from '../discounts/service.ts';
import type { Settings, SettingsService } from '../settings/service.ts';
import { aggregate } from '../stock/service.ts';
import { priceOrder, type Totals } from './pricing.ts';

type Executor = Db | Tx;
export type ChangedLine = z.infer<typeof changedLine>;

/** Who is checking out: a signed-in user (from the token, never the body) or a guest. */
export interface Actor {
  userId?: string;
}

/** A line to buy, before prices: from the server cart (signed in) or the body's `items` (guest). */
export interface RequestedLine {
  productId: string;
  quantity: number;
  color: string | null;
  size: string | null;
  /** The cart line's price snapshot (issue 4); null for guests, who pay the price the quote shows. */
  expectedPriceCents: number | null;
  cartItemId: string | null;
}

export interface ProductInfo {
  id: string;
  name: string;
  image: string | null;
  priceCents: number;
  available: number;
  published: boolean;
  colors: string[];
  sizes: string[];
}

/** Everything a quote or an order needs besides prices and stock, read and checked. */
export interface ResolvedCheckout {
  userId: string | null;
  email: string;
  cartId: string | null;
  lines: RequestedLine[];
  products: Map<string, ProductInfo>;
  shipping: ShippingMethodRow;
  settings: Settings;
}

/** A line with the price it is sold at. */
export interface PricedLine extends RequestedLine {
  name: string;
  image: string | null;
  unitPriceCents: number;
}

export const CHECKOUT_MSG = {
  signedInItems: 'Signed-in orders buy your cart: do not send items',
  signedInEmail: 'Signed-in orders use your account e-mail: do not send email',
  emailRequired: 'Email is required',
  itemsRequired: 'Add at least one item',
  emptyCart: 'Your cart is empty',
  shippingMethod: 'Choose a shipping method',
  pricesChanged: 'Prices changed since you added these items. Please review your cart.',
  stockChanged: 'Some items are no longer available in the quantity you asked for.',
  changed: 'Some items in your cart changed. Please review them.',
} as const;

/** The 409 of issue 4: what moved, with the new figures, and nothing written. */
export function changedConflict(lines: ChangedLine[]) {
  const reasons = new Set(lines.map((l) => l.reason));
  const message =
    reasons.size === 1 && reasons.has('price_changed')
      ? CHECKOUT_MSG.pricesChanged
      : reasons.has('price_changed')
        ? CHECKOUT_MSG.changed
        : CHECKOUT_MSG.stockChanged;
  return conflict(message, { lines });
}

export function isPriceConflict(err: unknown): boolean {
  const lines = (err as { details?: { lines?: ChangedLine[] } } | undefined)?.details?.lines;
  return Array.isArray(lines) && lines.some((l) => l.reason === 'price_changed');
}

/**
 * Checkout (issue 4): shipping methods, quotes, and the reading and checking shared by the quote and
 * the order. The quote writes nothing; the order (orders service) reuses `resolve` in its transaction.
 */
export function createCheckoutService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  parts: { settings: SettingsService; discounts: DiscountsService },
) {
  const { settings, discounts } = parts;

  async function readProducts(ex: Executor, ids: string[]): Promise<Map<string, ProductInfo>> {
    const valid = [...new Set(ids.filter((id) => isUuid(id)))];
    if (valid.length === 0) return new Map();
    const rows = await ex
      .select({
        id: products.id,
        name: products.name,
        images: products.images,
        priceCents: products.salePriceCents,
        available: products.available,
        published: products.published,
        colors: products.colors,
        sizes: products.availableSizes,
      })
      .from(products)
      .where(inArray(products.id, valid));
    return new Map(rows.map((r) => [r.id, { ...r, image: r.images[0] ?? null }]));
  }

  async function cartLines(ex: Executor, userId: string): Promise<{ cartId: string | null; lines: RequestedLine[] }> {
    const [cart] = await ex.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    if (!cart) return { cartId: null, lines: [] };
    const rows = await ex
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, cart.id))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    return {
      cartId: cart.id,
      lines: rows.map((r) => ({
        productId: r.productId,
        quantity: r.quantity,
        color: r.color || null,
        size: r.size || null,
        expectedPriceCents: r.unitPriceCents,
        cartItemId: r.id,
      })),
    };
  }

  /**
   * Guest lines: identical lines (product, colour, size) merged, options spelled as the product does;
   * a line without a choice its product requires is refused like add-to-cart refuses it (issue 11).
   * Unknown products pass through as they are: the availability check answers for them.
   */
  function guestLines(items: NonNullable<CheckoutBase['items']>, info: Map<string, ProductInfo>): RequestedLine[] {
    const merged = new Map<string, RequestedLine>();
    for (const item of items) {
      const product = info.get(item.product_id);
      let color = item.color ?? null;
      let size = item.size ?? null;
      if (product?.published) {
        const choice = chooseLineOptions(item, product);
        if (!choice.ok) {
          const { field, ...rest } = choice.details;
          throw badRequest(`${product.name}: ${choice.message}`, {
            ...rest,
            field: `items.${field}`,
            product_id: product.id,
          });
        }
        ({ color, size } = choice);
      }
      const key = JSON.stringify([item.product_id, color, size]);
      const line = merged.get(key);
      if (line) line.quantity += item.quantity;
      else
        merged.set(key, {
          productId: item.product_id,
          quantity: item.quantity,
          color,
          size,
          expectedPriceCents: null,
          cartItemId: null,
        });
    }
    return [...merged.values()];
  }

  /**
   * Reads and checks what the body and the actor say, before any price or stock is relied upon.
   * Inside a transaction pass `current` (read before it): the settings come from the pool, and a
   * transaction that waits for a second connection can starve the pool under load.
   */
  async function resolve(
    ex: Executor,
    actor: Actor,
    body: CheckoutBase,
    current?: Settings,
  ): Promise<ResolvedCheckout> {
    assertActorBody(actor, body);
    current ??= await settings.get();
    const shipping = current.shippingMethods.find((m) => m.id === body.shipping_method);
    if (!shipping) throw badRequest(CHECKOUT_MSG.shippingMethod, { field: 'shipping_method' });

    if (actor.userId) {
      const [user] = await ex.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
      if (!user) throw unauthorized('Your session is invalid or has expired');
      const { cartId, lines } = await cartLines(ex, actor.userId);
      if (lines.length === 0) throw unprocessable(CHECKOUT_MSG.emptyCart);
      const info = await readProducts(
        ex,
        lines.map((l) => l.productId),
      );
      assertChoicesMade(lines, info);
      return { userId: actor.userId, email: user.email, cartId, lines, products: info, shipping, settings: current };
    }

    const items = body.items ?? [];
    const info = await readProducts(
      ex,
      items.map((i) => i.product_id),
    );
    return {
      userId: null,
      email: body.email ?? '',
      cartId: null,
      lines: guestLines(items, info),
      products: info,
      shipping,
      settings: current,
    };
  }

  return {
    resolve,

    /** GET /api/checkout/shipping-methods: the methods and rates of the store settings. */
    async shippingMethods(): Promise<ShippingMethodRow[]> {
      return (await settings.get()).shippingMethods;
    },

    /**
     * POST /api/checkout/quote: the exact totals an order with this body would have now, at current
     * prices. Writes nothing. 409 when a line is unavailable or short of stock (the order would be
     * refused too); 422 for an empty cart or a code that cannot be used.
     */
    async quote(actor: Actor, body: CheckoutBase): Promise<Quote> {
      const r = await resolve(db, actor, body);
      const problems = availabilityProblems(r);
      if (problems.length > 0) throw changedConflict(problems);
      const lines = r.lines.map((l) => {
        const p = r.products.get(l.productId) as ProductInfo;
        return { ...l, name: p.name, image: p.image, unitPriceCents: p.priceCents };
      });
      const code = body.discount_code ? await discounts.find(db, body.discount_code) : undefined;
      const totals = priceWith(r, lines, body.discount_code ? code : null, clock.now(), discounts);
      return toQuote(r, lines, totals, code?.code ?? null);
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** 400s for a body that does not fit the caller: signed-in buys the cart, guests name items and e-mail. */
export function assertActorBody(actor: Actor, body: CheckoutBase) {
  if (actor.userId) {
    if (body.items !== undefined) throw badRequest(CHECKOUT_MSG.signedInItems, { field: 'items' });
    if (body.email !== undefined) throw badRequest(CHECKOUT_MSG.signedInEmail, { field: 'email' });
    return;
  }
  if (!body.email) throw badRequest(CHECKOUT_MSG.emailRequired, { field: 'email' });
  if (!body.items || body.items.length === 0) throw badRequest(CHECKOUT_MSG.itemsRequired, { field: 'items' });
}

/** Lines that cannot be bought now (unknown/unpublished product, or more than the stock), per product. */
export function availabilityProblems(r: ResolvedCheckout): ChangedLine[] {
  const problems: ChangedLine[] = [];
  for (const { productId, quantity } of aggregate(r.lines)) {
    const p = r.products.get(productId);
    if (!p?.published) {
      problems.push(changed(productId, p?.name ?? null, 'unavailable', null, p?.priceCents ?? null, quantity, 0));
    } else if (p.available < quantity) {
      problems.push(changed(productId, p.name, 'insufficient_stock', null, p.priceCents, quantity, p.available));
    }
  }
  return problems;
}

export function changed(
  productId: string,
  name: string | null,
  reason: ChangedLine['reason'],
  expectedCents: number | null,
  currentCents: number | null,
  requested: number,
  available: number,
): ChangedLine {
  return {
    product_id: productId,
    name: name ?? 'Unknown product',
    reason,
    expected_price: expectedCents === null ? null : fromCents(expectedCents),
    current_price: currentCents === null ? null : fromCents(currentCents),
    requested,
    available,
  };
}

/**
 * Totals for priced lines. `code` undefined = a code was given but does not exist (422); null = no
 * code. The code's rules are checked against the subtotal here (422 with the shopper's message).
 */
export function priceWith(
  r: ResolvedCheckout,
  lines: PricedLine[],
  code: DiscountCode | null | undefined,
  now: Date,
  discounts: DiscountsService,
): Totals {
  const subtotal = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  if (code !== null) discounts.assertUsable(code, subtotal, now);
  return priceOrder({
    lines,
    discount: code ? { kind: code.kind, value: code.value, minSubtotalCents: code.minSubtotalCents } : null,
    shipping: { priceCents: r.shipping.priceCents, freeOverCents: r.shipping.freeOverCents },
    taxRateBasisPoints: r.settings.taxRateBasisPoints,
  });
}

export function lineToWire(l: {
  productId: string | null;
  name: string;
  image: string | null;
  unitPriceCents: number;
  quantity: number;
  color: string | null;
  size: string | null;
}) {
  return {
    product_id: l.productId ?? '',
    name: l.name,
    image: l.image,
    unit_price: fromCents(l.unitPriceCents),
    quantity: l.quantity,
    color: l.color,
    size: l.size,
    line_total: fromCents(l.unitPriceCents * l.quantity),
  };
}

export function totalsToWire(t: Totals) {
  return {
    subtotal: fromCents(t.subtotalCents),
    discount: fromCents(t.discountCents),
    shipping: fromCents(t.shippingCents),
    tax: fromCents(t.taxCents),
    total: fromCents(t.totalCents),
  };
}

function toQuote(r: ResolvedCheckout, lines: PricedLine[], totals: Totals, code: string | null): Quote {
  return {
    lines: lines.map(lineToWire),
    totals: totalsToWire(totals),
    discount_code: code,
    shipping_method: r.shipping.id,
    tax_rate: r.settings.taxRateBasisPoints / 100,
  };
}

/**
 * Issue 11 point 6: a stored cart line that lacks a choice its product requires (made before the rule,
 * or before the product gained options) is not bought as it is. The shopper chooses on the product
 * page; the line stays in the cart meanwhile, so nothing they picked is silently dropped. 422 names
 * the products; details list the lines and what each lacks.
 */
function assertChoicesMade(lines: RequestedLine[], info: Map<string, ProductInfo>) {
  const lacking = lines.flatMap((l) => {
    const p = info.get(l.productId);
    const missing = p?.published ? missingChoices(l, p) : [];
    return p && missing.length > 0 ? [{ item_id: l.cartItemId, product_id: p.id, name: p.name, missing }] : [];
  });
  if (lacking.length === 0) return;
  const named = lacking.map((l) => `${l.missing.map((m) => `a ${OPTION_LABELS[m]}`).join(' and ')} for ${l.name}`);
  throw unprocessable(`Please choose ${named.join('; ')} in your cart before checking out.`, {
    field: 'cart',
    missing_choices: lacking,
  });
}
