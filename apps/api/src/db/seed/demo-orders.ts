import { randomBytes } from 'node:crypto';
import { optionsFromSpec } from '@shop/contracts/line-options';
import { type ZoneMethod, zoneFor } from '@shop/contracts/shipping';
import { standardRate } from '@shop/contracts/tax';
import { optionIndex } from '@shop/contracts/variants';
import { asc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { priceOrder, totalsOf } from '../../modules/checkout/index.ts';
import type { DiscountRule } from '../../modules/discounts/index.ts';
import { refreshReviewedProductRatings } from '../../modules/reviews/index.ts';
import { optionsOf } from '../../modules/stock/index.ts';
import type { Tx } from '../client.ts';
import {
  addresses,
  discountCodes,
  discountRedemptions,
  invoices,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  productVariants,
  reviews,
  storeSettings,
  transactions,
  users,
} from '../schema.ts';
import { createRng, type SeedProduct } from './catalog.ts';
import { CARDS, CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, REFUND_REASONS, STREETS } from './demo-orders-data.ts';
import { generateDemoReviews } from './reviews.ts';

/**
 * Demo customers and six months of orders, so the dashboard and the reports mean something
 * on a fresh start. Deterministic: a fixed PRNG seed decides everything, and every date is an offset
 * back from the seeding instant, so a fresh start always shows the last months. Products keep their
 * stock and sold counts (the catalogue's own figures stand for earlier sales).
 */
export const DEMO_ORDERS_SEED = 20_261_122;
export const DEMO_CUSTOMERS = 96;
export const DEMO_DAYS = 182;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Card orders placed so recently (minutes ago) that they still await these steps (see `byAge`). */
const NEWEST_ORDERS: { minutes: [number, number]; awaits: 'paid' | 'processing' }[] = [
  { minutes: [15, 5 * 60], awaits: 'paid' },
  { minutes: [5 * 60, 11 * 60], awaits: 'paid' },
  { minutes: [14 * 60, 40 * 60], awaits: 'processing' },
];

export interface DemoProduct {
  id: string;
  name: string;
  image: string | null;
  priceCents: number;
  colors: string[];
  sizes: string[];
  categoryId: string;
  /** The catalogue's own sales figure: popular products are bought (and so reviewed) more often. */
  soldCount: number;
}
/** A catalogue product as the order generator sees it (tests build inputs from the generated catalogue). */
export function asDemoProduct(p: SeedProduct): DemoProduct {
  return {
    id: p.id,
    name: p.name,
    image: p.images[0] ?? null,
    priceCents: p.salePriceCents,
    colors: p.colors,
    sizes: p.availableSizes,
    categoryId: p.categoryId,
    soldCount: p.soldCount,
  };
}

export interface DemoInputs {
  products: DemoProduct[];
  taxRateBasisPoints: number;
  /** The zone that ships to the demo's US addresses, and its methods. */
  zoneName: string;
  shipping: ZoneMethod[];
  payLaterDays: number;
  discounts: ({ id: string; code: string } & DiscountRule)[];
  passwordHash: string;
  now: Date;
}

type UserRow = typeof users.$inferInsert;
type AddressRow = typeof addresses.$inferInsert;
type OrderRow = typeof orders.$inferInsert & { id: string; number: string; createdAt: Date };
type LineRow = typeof orderLines.$inferInsert;
type EventRow = typeof orderEvents.$inferInsert;
type PaymentRow = typeof payments.$inferInsert;
type InvoiceRow = typeof invoices.$inferInsert;
type TransactionRow = typeof transactions.$inferInsert;
type RedemptionRow = typeof discountRedemptions.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;

export interface DemoData {
  users: UserRow[];
  addresses: AddressRow[];
  orders: OrderRow[];
  lines: LineRow[];
  events: EventRow[];
  payments: PaymentRow[];
  invoices: InvoiceRow[];
  transactions: TransactionRow[];
  redemptions: RedemptionRow[];
  reviews: ReviewRow[];
}

interface Customer {
  id: string;
  email: string;
  createdAt: Date;
  address: Record<string, string>;
}

/**
 * Builds the demo rows. Orders are numbered in creation order from `firstNumber`; the caller draws it
 * from the order-number sequence and moves the sequence past the last one.
 */
export function generateDemoOrders(input: DemoInputs, firstNumber: number): DemoData {
  const rng = createRng(DEMO_ORDERS_SEED);
  const now = input.now.getTime();
  const out: DemoData = {
    users: [],
    addresses: [],
    orders: [],
    lines: [],
    events: [],
    payments: [],
    invoices: [],
    transactions: [],
    redemptions: [],
    reviews: [],
  };

  // Customers: a third signed up before the window, the rest during it (new customers per range).
  const customers: Customer[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < DEMO_CUSTOMERS; i++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    let local = `${first}.${last}`.toLowerCase();
    for (let n = 2; taken.has(local); n++) local = `${first}.${last}${n}`.toLowerCase();
    taken.add(local);
    const email = `${local}@${rng.pick(EMAIL_DOMAINS)}`;
    const ageDays = i < DEMO_CUSTOMERS / 3 ? rng.int(DEMO_DAYS + 1, DEMO_DAYS + 300) : rng.int(1, DEMO_DAYS);
    const createdAt = new Date(now - ageDays * DAY - rng.int(0, 23 * 60) * 60_000);
    const id = rng.uuid();
    out.users.push({
      id,
      email,
      username: local.replace(/\./g, '_'),
      firstName: first,
      lastName: last,
      passwordHash: input.passwordHash,
      role: 'customer',
      createdAt,
      updatedAt: createdAt,
    });
    const place = rng.pick(CITIES);
    const address = {
      name: `${first} ${last}`,
      line1: `${rng.int(1, 9800)} ${rng.pick(STREETS)}`,
      city: place.city,
      region: place.region,
      postal_code: place.postalCode,
      country: 'US',
    };
    out.addresses.push({
      id: rng.uuid(),
      userId: id,
      name: address.name,
      line1: address.line1,
      city: address.city,
      region: address.region,
      postalCode: address.postal_code,
      country: address.country,
      isDefault: true,
      createdAt,
      updatedAt: createdAt,
    });
    customers.push({ id, email, createdAt, address });
  }

  // Orders per day, a little busier towards today and at weekends.
  const placed: { at: Date; ageDays: number; awaits?: 'paid' | 'processing' }[] = [];
  for (let d = DEMO_DAYS; d >= 0; d--) {
    const day = new Date(now - d * DAY);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const base = 3 + Math.round((2 * (DEMO_DAYS - d)) / DEMO_DAYS) + (weekend ? 1 : 0);
    const count = rng.int(Math.max(1, base - 2), base + 2);
    for (let k = 0; k < count; k++) {
      const at = new Date(now - d * DAY - rng.int(10, 24 * 60 - 1) * 60_000);
      if (at.getTime() > now - 10 * 60_000) continue;
      placed.push({ at, ageDays: (now - at.getTime()) / DAY });
    }
  }
  // Whatever the instant, staff opening the admin find new card orders waiting to be processed and
  // shipped (the days above may leave the last hours empty or hold only pay-later orders).
  for (const { minutes, awaits } of NEWEST_ORDERS) {
    const at = new Date(now - rng.int(minutes[0], minutes[1]) * 60_000);
    placed.push({ at, ageDays: (now - at.getTime()) / DAY, awaits });
  }
  placed.sort((a, b) => a.at.getTime() - b.at.getTime());

  const pickProducts = weightedPicker(rng, input.products, (p) => (1 + p.soldCount / 1000) ** 3);
  const cardWeights = CARDS.flatMap((c) => Array.from({ length: c.weight }, () => c));
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');

  placed.forEach(({ at, ageDays, awaits }, index) => {
    const orderId = rng.uuid();
    const number = `SO-${firstNumber + index}`;
    const later = (hours: number) => {
      const t = Math.min(at.getTime() + hours * HOUR, now - 60_000);
      return new Date(Math.max(t, at.getTime()));
    };

    // Who: a customer who already had an account then, or a guest (about one in ten).
    const eligible = customers.filter((c) => c.createdAt.getTime() < at.getTime());
    const customer = eligible.length > 0 && !rng.chance(0.1) ? rng.pick(eligible) : null;
    const guestFirst = rng.pick(FIRST_NAMES);
    const guestLast = rng.pick(LAST_NAMES);
    const email = customer?.email ?? `${guestFirst}.${guestLast}.guest@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase();
    const place = rng.pick(CITIES);
    const address = customer?.address ?? {
      name: `${guestFirst} ${guestLast}`,
      line1: `${rng.int(1, 9800)} ${rng.pick(STREETS)}`,
      city: place.city,
      region: place.region,
      postal_code: place.postalCode,
      country: 'US',
    };

    // What: one to four lines at today's catalogue prices.
    const picked = pickProducts(rng.pick([1, 1, 1, 2, 2, 3, 4]));
    const lines = picked.map((p, position) => ({
      orderId,
      productId: p.id,
      name: p.name,
      image: p.image,
      unitPriceCents: p.priceCents,
      quantity: rng.pick([1, 1, 1, 1, 2, 2, 3]),
      color: p.colors.length > 0 ? rng.pick(p.colors) : null,
      size: p.sizes.length > 0 ? rng.pick(p.sizes) : null,
      position,
    }));
    out.lines.push(...lines);

    const method = rng.chance(0.85) ? input.shipping[0] : (input.shipping[1] ?? input.shipping[0]);
    if (!method) throw new Error('no shipping method to seed orders with');
    const code = input.discounts.length > 0 && rng.chance(0.12) ? rng.pick(input.discounts) : null;
    // The store's one rate on every line and on shipping, added on top: the orders table's check holds.
    const priced = priceOrder({
      lines: lines.map((l) => ({
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        taxRateBasisPoints: input.taxRateBasisPoints,
      })),
      discount: code,
      shipping: method,
      // The demo's variants have no weight.
      weightGrams: 0,
      shippingTaxRateBasisPoints: input.taxRateBasisPoints,
      pricesIncludeTax: false,
    });
    const totals = totalsOf(priced);
    const usedCode = code && totals.discountCents > 0 ? code : null;

    const payLater = !awaits && rng.chance(0.16);
    // An order that awaits fulfilment is neither cancelled nor refunded: its status goes by its age.
    const roll = awaits ? 1 : rng.next();
    const events: { status: EventRow['status']; at: Date; note: string | null }[] = [];
    const money: { kind: 'charge' | 'refund'; at: Date; amount: number; note: string | null }[] = [];
    let status: OrderRow['status'];
    let paymentStatus: PaymentRow['status'];
    let refunded = 0;
    let tracking: string | null = null;
    const card = payLater ? null : rng.pick(cardWeights);
    const providerRef = card ? `test_ch_${hex(24)}` : null;
    const invoiceNumber = number.replace(/^SO-/, 'INV-');
    const dueAt = new Date(at.getTime() + input.payLaterDays * DAY);
    let invoiceStatus: InvoiceRow['status'] = 'open';
    let invoicePaidAt: Date | null = null;

    /** The fulfilment steps an order has gone through by its age. */
    const fulfil = (paidAt: Date, target: 'paid' | 'processing' | 'shipped' | 'delivered') => {
      const steps = ['processing', 'shipped', 'delivered'] as const;
      let t = paidAt.getTime();
      for (const step of steps) {
        if (target === 'paid') break;
        t += rng.int(4, step === 'delivered' ? 96 : 30) * HOUR;
        const stepAt = new Date(Math.min(t, now - 60_000));
        if (step === 'shipped') {
          tracking = `1Z${hex(16).toUpperCase()}`;
          events.push({ status: step, at: stepAt, note: `Shipped; tracking number ${tracking}` });
        } else events.push({ status: step, at: stepAt, note: null });
        if (step === target) break;
      }
    };
    const byAge = (): 'paid' | 'processing' | 'shipped' | 'delivered' =>
      ageDays < 0.5 ? 'paid' : ageDays < 2 ? 'processing' : ageDays < 6 ? 'shipped' : 'delivered';

    if (!payLater) {
      events.push({ status: 'awaiting_payment', at, note: 'Order placed; waiting for the card payment' });
      const paidAt = later(0.01);
      events.push({ status: 'paid', at: paidAt, note: `Paid with ${card?.brand} •••• ${card?.last4}` });
      money.push({ kind: 'charge', at: paidAt, amount: totals.totalCents, note: null });
      paymentStatus = 'succeeded';
      if (roll < 0.05) {
        // Cancelled before it shipped: the money goes straight back.
        const cancelledAt = later(rng.int(1, 20));
        events.push({ status: 'cancelled', at: cancelledAt, note: 'Cancelled at the customer’s request' });
        money.push({ kind: 'refund', at: cancelledAt, amount: totals.totalCents, note: 'Order cancelled' });
        status = 'cancelled';
        paymentStatus = 'refunded';
        refunded = totals.totalCents;
      } else if (roll < 0.09 && ageDays > 10) {
        fulfil(paidAt, 'delivered');
        const refundAt = later(rng.int(8, 9) * 24);
        const reason = rng.pick(REFUND_REASONS);
        events.push({ status: 'refunded', at: refundAt, note: `Refunded: ${reason}` });
        money.push({ kind: 'refund', at: refundAt, amount: totals.totalCents, note: reason });
        status = 'refunded';
        paymentStatus = 'refunded';
        refunded = totals.totalCents;
      } else if (roll < 0.13 && ageDays > 10) {
        // A partial refund: one line's worth (or a goodwill tenth) back; the order stays delivered.
        fulfil(paidAt, 'delivered');
        const line = lines[0];
        const part = lines.length > 1 && line ? line.unitPriceCents : Math.max(100, Math.round(totals.totalCents / 10));
        refunded = Math.min(part, totals.totalCents - 1);
        const refundAt = later(rng.int(7, 9) * 24);
        money.push({ kind: 'refund', at: refundAt, amount: refunded, note: rng.pick(REFUND_REASONS) });
        status = 'delivered';
        paymentStatus = 'partially_refunded';
      } else {
        status = byAge();
        fulfil(paidAt, status);
      }
    } else {
      events.push({
        status: 'placed',
        at,
        note: `Order placed; invoice ${invoiceNumber} due ${dueAt.toISOString().slice(0, 10)}`,
      });
      paymentStatus = 'pending';
      status = 'placed';
      if (roll < 0.08) {
        const cancelledAt = later(rng.int(2, 48));
        events.push({ status: 'cancelled', at: cancelledAt, note: 'Cancelled at the customer’s request' });
        status = 'cancelled';
        paymentStatus = 'cancelled';
        invoiceStatus = 'void';
      } else {
        // Most invoices are paid within the terms; some are still open, a few of those overdue.
        const paysAfterDays = rng.chance(0.8) ? rng.int(1, input.payLaterDays) : null;
        if (paysAfterDays !== null && paysAfterDays < ageDays) {
          invoicePaidAt = new Date(at.getTime() + paysAfterDays * DAY - rng.int(1, 8) * HOUR);
          invoiceStatus = 'paid';
          paymentStatus = 'succeeded';
          events.push({ status: 'paid', at: invoicePaidAt, note: `Invoice ${invoiceNumber} paid` });
          money.push({
            kind: 'charge',
            at: invoicePaidAt,
            amount: totals.totalCents,
            note: `Invoice ${invoiceNumber}`,
          });
          const age = (now - invoicePaidAt.getTime()) / DAY;
          status = age < 0.5 ? 'paid' : age < 2 ? 'processing' : age < 6 ? 'shipped' : 'delivered';
          fulfil(invoicePaidAt, status);
        }
      }
    }

    const updatedAt = events.reduce((m, e) => (e.at > m ? e.at : m), at);
    out.orders.push({
      id: orderId,
      number,
      userId: customer?.id ?? null,
      email,
      status,
      ...totals,
      discountCents: totals.discountCents,
      taxRateBasisPoints: input.taxRateBasisPoints,
      taxLines: priced.taxLines.map((l) => ({ ...l, name: 'Tax', zone: input.zoneName })),
      discountCode: usedCode?.code ?? null,
      discountCodeId: usedCode?.id ?? null,
      shippingMethod: method.code,
      shippingMethodName: method.name,
      shippingAddress: address,
      billingAddress: null,
      trackingNumber: tracking,
      createdAt: at,
      updatedAt,
    });
    for (const e of events) out.events.push({ orderId, status: e.status, note: e.note, createdAt: e.at });
    out.payments.push({
      id: rng.uuid(),
      orderId,
      method: payLater ? 'pay_later' : 'card',
      status: paymentStatus,
      amountCents: totals.totalCents,
      refundedCents: refunded,
      provider: card ? 'test' : null,
      providerRef,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      createdAt: at,
      updatedAt,
    });
    if (payLater) {
      out.invoices.push({
        orderId,
        number: invoiceNumber,
        amountCents: totals.totalCents,
        status: invoiceStatus,
        issuedAt: at,
        dueAt,
        paidAt: invoicePaidAt,
      });
    }
    for (const m of money) {
      out.transactions.push({
        orderId,
        kind: m.kind,
        method: payLater ? 'pay_later' : 'card',
        amountCents: m.amount,
        providerRef,
        note: m.note,
        createdAt: m.at,
      });
    }
    if (usedCode) {
      out.redemptions.push({
        discountCodeId: usedCode.id,
        orderId,
        userId: customer?.id ?? null,
        email,
        amountCents: totals.discountCents,
        createdAt: at,
      });
    }
  });
  out.reviews = generateDemoReviews({
    orders: out.orders,
    lines: out.lines,
    events: out.events,
    categoryOf: new Map(input.products.map((p) => [p.id, p.categoryId])),
    now: input.now,
  });
  return out;
}

/**
 * `k` distinct items drawn with probability in proportion to `weight` (a bestseller turns up in many
 * orders, a niche product in few). Cumulative weights are built once; each draw is a binary search.
 */
function weightedPicker<T>(rng: ReturnType<typeof createRng>, items: T[], weight: (item: T) => number) {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += weight(item);
    cumulative.push(total);
  }
  const one = (): T => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
  return (k: number): T[] => {
    const picked = new Set<T>();
    for (let attempt = 0; picked.size < Math.min(k, items.length) && attempt < k * 20; attempt++) picked.add(one());
    return [...picked];
  };
}

/** Multi-row inserts in chunks that stay well under PostgreSQL's 65,535 parameters. */
async function insertAll<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * The demo's order lines with the variant each one sold (sales by SKU): the variant of the
 * line's colour and size — of a product with a priced option (a phone's storage), its first value, the
 * one at the product's price, which is the price the line was written with.
 */
async function withVariants(tx: Tx, lines: LineRow[]): Promise<LineRow[]> {
  const rows = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      productId: productVariants.productId,
      values: sql<
        (string | null)[]
      >`array[${productVariants.option1}, ${productVariants.option2}, ${productVariants.option3}]`,
      options: products.options,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const byProduct = new Map<string, typeof rows>();
  for (const v of rows) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return lines.map((line) => {
    const variant = byProduct.get(line.productId ?? '')?.find((v) => {
      const value = (kind: 'color' | 'size') => {
        const at = optionIndex(v.options, kind);
        return at < 0 ? null : (v.values[at] ?? null);
      };
      return value('color') === (line.color ?? null) && value('size') === (line.size ?? null);
    });
    if (!variant) return { ...line, options: optionsFromSpec(line.color ?? null, line.size ?? null) };
    const [a = null, b = null, c = null] = variant.values;
    const options = optionsOf(variant, [a, b, c]);
    return { ...line, variantId: variant.id, sku: variant.sku, options };
  });
}

/** Writes the demo customers and orders inside the seeding transaction (SEED=demo only). */
export async function seedDemoOrders(tx: Tx, now: Date = new Date()): Promise<DemoData> {
  const [settings] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!settings) throw new Error('store settings must be seeded before the demo orders');
  const catalogue = await tx
    .select({
      id: products.id,
      name: products.name,
      image: sql<string | null>`${products.images}[1]`,
      priceCents: products.salePriceCents,
      colors: products.colors,
      sizes: products.availableSizes,
      categoryId: products.categoryId,
      soldCount: products.soldCount,
    })
    .from(products)
    .where(eq(products.published, true))
    .orderBy(asc(products.id));
  const codes = await tx.select().from(discountCodes).orderBy(asc(discountCodes.code));
  // Nobody knows this password: demo customers cannot sign in until an admin resets it. Hashed once.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));

  // Numbers come from the order-number sequence, which then continues after the last one used.
  const { rows } = await tx.execute<{ n: string }>(sql`select nextval('order_number_seq')::text as n`);
  const firstNumber = Number(rows[0]?.n);
  const usZone = zoneFor(settings.shippingZones, { country: 'US' });
  const data = generateDemoOrders(
    {
      products: catalogue,
      taxRateBasisPoints: standardRate(settings.tax),
      zoneName: usZone?.name ?? '',
      shipping: usZone?.methods ?? [],
      payLaterDays: settings.payLaterDays,
      discounts: codes.map((c) => ({
        id: c.id,
        code: c.code,
        kind: c.kind,
        value: c.value,
        minSubtotalCents: c.minSubtotalCents,
      })),
      passwordHash,
      now,
    },
    firstNumber,
  );
  if (data.orders.length > 0) {
    await tx.execute(sql`select setval('order_number_seq', ${firstNumber + data.orders.length - 1})`);
  }

  await insertAll(data.users, 500, (c) => tx.insert(users).values(c));
  await insertAll(data.addresses, 500, (c) => tx.insert(addresses).values(c));
  await insertAll(data.orders, 1000, (c) => tx.insert(orders).values(c));
  await insertAll(await withVariants(tx, data.lines), 2000, (c) => tx.insert(orderLines).values(c));
  await insertAll(data.events, 4000, (c) => tx.insert(orderEvents).values(c));
  await insertAll(data.payments, 1000, (c) => tx.insert(payments).values(c));
  await insertAll(data.invoices, 1000, (c) => tx.insert(invoices).values(c));
  await insertAll(data.transactions, 2000, (c) => tx.insert(transactions).values(c));
  await insertAll(data.redemptions, 2000, (c) => tx.insert(discountRedemptions).values(c));
  // Every demo rating is one of these reviews: the products' figures are computed from them.
  await insertAll(data.reviews, 2000, (c) => tx.insert(reviews).values(c));
  if (data.reviews.length > 0) await refreshReviewedProductRatings(tx);
  for (const code of codes) {
    const used = data.redemptions.filter((r) => r.discountCodeId === code.id).length;
    if (used > 0) {
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + ${used}` })
        .where(eq(discountCodes.id, code.id));
    }
  }
  return data;
}
