import { convertMinor, formatAmountIn, hasAtMostDecimals, type Presentment, ROUNDINGS } from '@shop/contracts/currency';
import type { ShippingZone, ZoneMethod } from '@shop/contracts/shipping';
import { type TaxSettings, taxIncludedIn, wireTaxRows, withTax } from '@shop/contracts/tax';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceDocument } from '../invoices/index.ts';
import { pricedColumns, pricedLineRows } from '../orders/index.ts';
import type { Settings } from '../settings/index.ts';
import type { SellableProduct } from '../stock/index.ts';
import { type PricedCheckout, priceWith, refundOfLines } from './pricing.ts';
import { tableTaxProvider } from './tax.ts';
import type { PricedLine } from './types.ts';
import { toQuote } from './wire.ts';

/**
 * Destination pricing as checkout runs it (`priceWith`): any cart, zone, rates, destination and currency. The
 * rounding itself is `priceOrder`'s, property-tested in pricing.test.ts; these hold for what checkout
 * feeds it — the method the zone offers, the rates the table gives each line's class.
 */

const ZONE_ID = '00000000-0000-4000-8000-000000000001';
const COUNTRIES = ['DE', 'FR', 'NL'] as const;
const cents = (max: number) => fc.integer({ min: 0, max });
const rate = fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.constantFrom(0, 550, 700, 1900, 2000, 2100));

const method: fc.Arbitrary<ZoneMethod> = fc.record({
  code: fc.constantFrom('standard', 'express'),
  name: fc.constant('Method'),
  estimate: fc.constant(''),
  rate: fc.oneof(
    cents(5000).map((priceCents) => ({ kind: 'flat' as const, priceCents })),
    fc.tuple(cents(5000), cents(5000)).map(([a, b]) => ({
      kind: 'weight' as const,
      bands: [
        { from: 0, to: 2000, priceCents: a },
        { from: 2000, to: null, priceCents: b },
      ],
    })),
  ),
  freeOverCents: fc.option(cents(50_000), { nil: null }),
  afterDiscount: fc.boolean(),
});

const zone: fc.Arbitrary<ShippingZone> = method.map((m) => ({
  id: ZONE_ID,
  name: 'EU',
  countries: [...COUNTRIES],
  regions: [],
  postcodePrefixes: [],
  everywhereElse: false,
  methods: [m],
}));

const tax: fc.Arbitrary<TaxSettings> = fc
  .record({
    pricesIncludeTax: fc.boolean(),
    inclusiveHere: fc.boolean(),
    standard: rate,
    reduced: rate,
    rates: fc.array(
      fc.record({
        classCode: fc.constantFrom('standard', 'reduced'),
        country: fc.constantFrom<string | null>(null, ...COUNTRIES),
        rateBasisPoints: rate,
        reverseCharge: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
  })
  .map((t) => ({
    pricesIncludeTax: t.pricesIncludeTax,
    inclusiveZones: t.inclusiveHere ? [ZONE_ID] : [],
    name: 'VAT',
    originCountry: 'NL',
    shippingClass: 'standard',
    classes: [
      { code: 'standard', name: 'Standard', rateBasisPoints: t.standard },
      { code: 'reduced', name: 'Reduced', rateBasisPoints: t.reduced },
    ],
    rates: t.rates.map((r) => ({ ...r, zoneId: ZONE_ID, region: null })),
  }));

const cartLine = fc.record({
  unitPriceCents: cents(200_000),
  quantity: fc.integer({ min: 1, max: 20 }),
  taxClass: fc.constantFrom('standard', 'reduced', 'gone'),
  weightGrams: cents(3000),
});

const USD = { code: 'USD', digits: 2 };
/** The base itself, or a currency with two, no or three minor digits, at an odd rate and any rounding. */
const currency: fc.Arbitrary<Presentment> = fc.oneof(
  fc.constant({ ...USD, rate: 1, rounding: 'none' as const, converted: false }),
  fc.record({
    code: fc.constant('EUR'),
    digits: fc.constant(2),
    rate: fc.constantFrom(0.923456, 1, 1.5),
    rounding: fc.constantFrom(...ROUNDINGS),
    converted: fc.constant(true),
  }),
  fc.record({
    code: fc.constant('JPY'),
    digits: fc.constant(0),
    rate: fc.constantFrom(151.37, 0.5),
    rounding: fc.constantFrom(...ROUNDINGS),
    converted: fc.constant(true),
  }),
  fc.record({
    code: fc.constant('KWD'),
    digits: fc.constant(3),
    rate: fc.constant(0.307123),
    rounding: fc.constantFrom(...ROUNDINGS),
    converted: fc.constant(true),
  }),
);

const checkout = fc.record({
  zone,
  tax,
  currency,
  country: fc.constantFrom(...COUNTRIES),
  vatNumber: fc.constantFrom<string | null>(null, 'valid'),
  lines: fc.array(cartLine, { minLength: 1, maxLength: 8 }),
});
type Checkout = typeof checkout extends fc.Arbitrary<infer T> ? T : never;

/** The resolved checkout and priced lines `priceWith` reads, one product per line. */
function inputs(c: Checkout) {
  const products = new Map<string, SellableProduct>();
  const lines: PricedLine[] = c.lines.map((l, i) => {
    const productId = `p${i}`;
    const variantId = `v${i}`;
    products.set(productId, {
      id: productId,
      name: productId,
      published: true,
      options: [],
      variants: [
        {
          id: variantId,
          productId,
          sku: productId,
          values: [null, null, null],
          priceCents: l.unitPriceCents,
          compareAtCents: l.unitPriceCents,
          available: 100,
          image: null,
          weightGrams: l.weightGrams,
          taxClass: l.taxClass,
        },
      ],
    });
    return {
      productId,
      variantId,
      quantity: l.quantity,
      color: null,
      size: null,
      expectedPriceCents: null,
      cartItemId: null,
      sku: productId,
      options: [],
      name: productId,
      image: null,
      unitPriceCents: l.unitPriceCents,
    };
  });
  const resolved = {
    zone: c.zone,
    shippingMethod: c.zone.methods[0]?.code,
    destination: { country: c.country, region: null },
    vatNumber: c.vatNumber,
    settings: { tax: c.tax, currencies: { base: USD, presentment: [] } } as unknown as Settings,
    products,
    presentment: c.currency,
  };
  return { resolved, lines };
}

function price(c: Checkout, strict = true): PricedCheckout {
  const { resolved, lines } = inputs(c);
  const result = priceWith(resolved, lines, null, new Date(0), strict);
  if (!result.ok) throw new Error(`not priced: ${result.reason}`);
  return result.value;
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/**
 * Each line's shelf price as the storefront shows it at the destination, in the checkout's currency: the
 * entered price, with the destination's tax on it where the zone shows prices with tax that were entered
 * without, converted and rounded.
 */
function shelves(c: Checkout): number[] {
  const { lineRates } = tableTaxProvider.rates({
    tax: c.tax,
    zone: c.zone,
    destination: { country: c.country, region: null },
    lines: c.lines.map((l) => ({ taxClass: l.taxClass })),
    vatNumber: c.vatNumber,
  });
  const grossUp = !c.tax.pricesIncludeTax && taxIncludedIn(c.tax, ZONE_ID);
  return c.lines.map((l, i) => {
    const entered = grossUp ? withTax(l.unitPriceCents, lineRates[i] ?? 0) : l.unitPriceCents;
    return convertMinor(entered, USD, c.currency, true);
  });
}
const goods = (c: Checkout) => sum(shelves(c).map((price, i) => price * (c.lines[i]?.quantity ?? 0)));

describe('priceWith by destination', () => {
  it('the total is the sum of its parts, and the tax the sum of its lines, whatever the zone, rates and destination', () => {
    fc.assert(
      fc.property(checkout, (c) => {
        const p = price(c);
        const t = p.totals;
        const paidTax = p.taxIncluded ? 0 : t.taxCents;
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCents + paidTax);
        expect(sum(p.taxLines.map((l) => l.taxCents))).toBe(t.taxCents);
        expect(t.subtotalCents).toBe(goods(c));
        for (const part of Object.values(t)) expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('where prices include tax — entered so, or shown so in the zone — the shelf prices and the shipping price are charged exactly', () => {
    fc.assert(
      fc.property(checkout, (c) => {
        const p = price(c);
        if (!taxIncludedIn(c.tax, ZONE_ID)) return;
        expect(p.taxIncluded).toBe(true);
        expect(p.totals.totalCents).toBe(goods(c) + p.totals.shippingCents);
      }),
      { numRuns: 300 },
    );
  });

  it('each line is taxed at its class’s rate in the destination country, and the shipping at the shipping class’s', () => {
    fc.assert(
      fc.property(checkout, (c) => {
        const rates = tableTaxProvider.rates({
          tax: c.tax,
          zone: c.zone,
          destination: { country: c.country, region: null },
          lines: c.lines.map((l) => ({ taxClass: l.taxClass })),
          vatNumber: c.vatNumber,
        });
        const p = price(c);
        const used = new Set([...rates.lineRates, rates.shippingRate]);
        for (const line of p.taxLines) expect(used.has(line.rateBasisPoints)).toBe(true);
        // A business abroad pays nothing at a reverse-charge rate; nobody else is spared a rate.
        if (c.vatNumber === null) expect(rates.reverseCharge).toBe(false);
        if (rates.reverseCharge) expect(p.reverseCharge).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refunding every line and the shipping gives back exactly what was paid, tax included', () => {
    fc.assert(
      fc.property(checkout, (c) => {
        const p = price(c);
        const every = [...p.breakdown.lines.keys()];
        expect(refundOfLines(p.breakdown, every, { withShipping: true })).toBe(p.totals.totalCents);
      }),
      { numRuns: 200 },
    );
  });

  it('a quote and an order of the same checkout agree to the unit', () => {
    fc.assert(
      fc.property(checkout, (c) => {
        expect(price(c, false)).toEqual(price(c, true));
      }),
      { numRuns: 200 },
    );
  });

  it('answers every amount in whole minor units of its currency: no fractional yen, no fourth decimal of a dinar', () => {
    fc.assert(
      fc.property(checkout, (c) => {
        const quote = toQuote(price(c), null);
        expect(quote.currency).toEqual({ code: c.currency.code, digits: c.currency.digits });
        const amounts = [
          ...Object.values(quote.totals),
          ...quote.lines.flatMap((l) => [l.unit_price, l.line_total]),
          ...quote.tax_lines.flatMap((l) => [l.taxable, l.amount]),
          ...quote.shipping_options.map((o) => o.price),
        ];
        for (const amount of amounts) expect(hasAtMostDecimals(amount, c.currency.digits)).toBe(true);
        if (c.currency.digits === 0) for (const amount of amounts) expect(Number.isInteger(amount)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('quote = order = invoice: the invoice prints the quote’s lines, totals and tax rows, in its currency', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const settings = {
      timeZone: 'UTC',
      legalName: '',
      storeName: 'Shop',
      address: '',
      contactEmail: '',
      contactPhone: '',
      taxId: '',
      bank: { bank_account_holder: '', bank_account: '', bank_code: '', bank_name: '', payment_reference: '' },
    } as unknown as Settings;
    fc.assert(
      fc.property(checkout, (c) => {
        const quote = toQuote(price(c, false), null);
        const placed = price(c, true);
        const order = {
          ...pricedColumns(placed, USD),
          id: 'o',
          number: 'SO-1',
          email: 'a@example.com',
          status: 'placed',
          vatNumber: c.vatNumber,
          discountCode: null,
          shippingAddress: { name: 'A', line1: '1 Street', city: 'Berlin', postal_code: '10117', country: c.country },
          billingAddress: null,
          payBy: null,
        };
        const invoice = { number: 'INV-1', amountCents: order.totalCents, status: 'open', issuedAt: now, dueAt: now };
        const bundle = { order, lines: pricedLineRows(placed, 'o'), events: [], payment: undefined, invoice };
        const doc = invoiceDocument(bundle as unknown as Parameters<typeof invoiceDocument>[0], settings, now);
        const money = (amount: number) => formatAmountIn(amount, quote.currency);
        expect(doc.lines.map((l) => [l.unitPrice, l.total])).toEqual(
          quote.lines.map((l) => [money(l.unit_price), money(l.line_total)]),
        );
        const shipping = quote.totals.shipping === 0 ? 'Free' : money(quote.totals.shipping);
        expect(doc.totals).toEqual([
          { label: 'Subtotal', value: money(quote.totals.subtotal) },
          ...(quote.totals.discount > 0 ? [{ label: 'Discount', value: `-${money(quote.totals.discount)}` }] : []),
          { label: 'Shipping', value: shipping },
          ...wireTaxRows(quote).map((row) => ({ label: row.label, value: money(row.amount) })),
        ]);
        expect(doc.total).toBe(money(quote.totals.total));
      }),
      { numRuns: 200 },
    );
  });
});
