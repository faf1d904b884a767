import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type RateBand,
  type ShippingRule,
  type ShippingZone,
  shippingCharge,
  shippingOptions,
  zoneFor,
} from './shipping.ts';

const cents = fc.integer({ min: 0, max: 100_000_000 });
const flat = (priceCents: number, freeOverCents: number | null, afterDiscount = true): ShippingRule => ({
  rate: { kind: 'flat', priceCents },
  freeOverCents,
  afterDiscount,
});
const flatRule = fc
  .record({ priceCents: cents, freeOverCents: fc.option(cents, { nil: null }) })
  .map((m) => ({ ...m, rule: flat(m.priceCents, m.freeOverCents) }));
/** A subtotal and a discount that never exceeds it; any weight. */
const order = fc
  .tuple(cents, cents, fc.integer({ min: 0, max: 1_000_000 }))
  .map(([a, b, weightGrams]) => ({ subtotalCents: Math.max(a, b), discountCents: Math.min(a, b), weightGrams }));

/** Ascending, disjoint bands from cut points; the last one open-ended or not. */
const bands = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 2, maxLength: 8 }),
    fc.array(cents, { minLength: 8, maxLength: 8 }),
    fc.boolean(),
  )
  .map(([cuts, prices, open]): RateBand[] => {
    const sorted = [...cuts].sort((a, b) => a - b);
    return sorted.slice(0, -1).map((from, i) => ({
      from,
      to: open && i === sorted.length - 2 ? null : (sorted[i + 1] as number),
      priceCents: prices[i] as number,
    }));
  });

describe('shippingCharge', () => {
  it('a flat rate is its price under the threshold after the discount, and free from it on', () => {
    const standard = flat(599, 5000);
    const o = { weightGrams: 0 };
    expect(shippingCharge(standard, { ...o, subtotalCents: 4999, discountCents: 0 })).toBe(599);
    expect(shippingCharge(standard, { ...o, subtotalCents: 5000, discountCents: 0 })).toBe(0);
    // $55 − $10 = $45: the discount takes the order back under the threshold.
    expect(shippingCharge(standard, { ...o, subtotalCents: 5500, discountCents: 1000 })).toBe(599);
    // Judged before discounts, the same order ships free.
    expect(shippingCharge(flat(599, 5000, false), { ...o, subtotalCents: 5500, discountCents: 1000 })).toBe(0);
    expect(shippingCharge(flat(1499, null), { ...o, subtotalCents: 1e8, discountCents: 0 })).toBe(1499);
  });

  it('a flat rate is free exactly when the judged subtotal reaches the threshold, else its price', () => {
    fc.assert(
      fc.property(flatRule, order, fc.boolean(), (m, o, after) => {
        const rule = { ...m.rule, afterDiscount: after };
        const judged = after ? o.subtotalCents - o.discountCents : o.subtotalCents;
        const reaches = m.freeOverCents !== null && judged >= m.freeOverCents;
        expect(shippingCharge(rule, o)).toBe(reaches ? 0 : m.priceCents);
      }),
    );
  });

  it('after discounts, a bigger discount never earns free shipping', () => {
    fc.assert(
      fc.property(flatRule, order, cents, (m, o, more) => {
        const bigger = { ...o, discountCents: Math.min(o.subtotalCents, o.discountCents + more) };
        if (shippingCharge(m.rule, o) !== 0) expect(shippingCharge(m.rule, bigger)).toBe(m.priceCents);
      }),
    );
  });

  it('by weight: the price of the one band the weight falls in, or null outside every band', () => {
    fc.assert(
      fc.property(bands, order, (b, o) => {
        const rule: ShippingRule = { rate: { kind: 'weight', bands: b }, freeOverCents: null, afterDiscount: true };
        const inside = b.filter((x) => o.weightGrams >= x.from && (x.to === null || o.weightGrams < x.to));
        expect(inside.length).toBeLessThanOrEqual(1);
        expect(shippingCharge(rule, o)).toBe(inside[0]?.priceCents ?? null);
      }),
    );
  });

  it('by subtotal: the band of the judged subtotal; the free threshold still applies', () => {
    const rule: ShippingRule = {
      rate: {
        kind: 'subtotal',
        bands: [
          { from: 0, to: 2500, priceCents: 899 },
          { from: 2500, to: null, priceCents: 499 },
        ],
      },
      freeOverCents: 10_000,
      afterDiscount: true,
    };
    const at = (subtotalCents: number, discountCents = 0) =>
      shippingCharge(rule, { subtotalCents, discountCents, weightGrams: 0 });
    expect([at(2499), at(2500), at(3000, 600), at(9999), at(10_000)]).toEqual([899, 499, 899, 499, 0]);
  });

  it('weight bands meet without a gap: a band ends where the next one starts', () => {
    const rule: ShippingRule = {
      rate: {
        kind: 'weight',
        bands: [
          { from: 0, to: 1000, priceCents: 490 },
          { from: 1000, to: 5000, priceCents: 990 },
        ],
      },
      freeOverCents: null,
      afterDiscount: true,
    };
    const at = (weightGrams: number) => shippingCharge(rule, { subtotalCents: 0, discountCents: 0, weightGrams });
    expect([at(0), at(999), at(1000), at(4999), at(5000)]).toEqual([490, 490, 990, 990, null]);
  });
});

const zone = (id: string, over: Partial<ShippingZone>): ShippingZone => ({
  id,
  name: id,
  countries: [],
  regions: [],
  postcodePrefixes: [],
  everywhereElse: false,
  methods: [{ code: 'standard', name: 'Standard', estimate: '', ...flat(500, null) }],
  ...over,
});

describe('zoneFor', () => {
  const eu = zone('eu', { countries: ['DE', 'FR', 'NL'] });
  const texas = zone('texas', { countries: ['US'], regions: ['TX'] });
  const austin = zone('austin', { countries: ['US'], postcodePrefixes: ['787'] });
  const us = zone('us', { countries: ['US'] });
  const world = zone('world', { everywhereElse: true });

  it('chooses the zone listing the country; a region or a postcode prefix fits closer; the rest falls to "everywhere else"', () => {
    const zones = [world, us, eu, texas, austin];
    const at = (country: string, region?: string, postalCode?: string) =>
      zoneFor(zones, { country, region, postalCode })?.id;
    expect(at('DE', null as unknown as string, '10115')).toBe('eu');
    expect(at('US', 'NY', '10001')).toBe('us');
    expect(at('US', 'TX', '75001')).toBe('texas');
    expect(at('US', 'TX', '78701')).toBe('austin');
    expect(at('US', 'CA', '787 01')).toBe('austin');
    expect(at('NO', undefined, '0150')).toBe('world');
  });

  it('without an "everywhere else" zone, a country no zone lists has none', () => {
    expect(zoneFor([eu, us], { country: 'NO' })).toBeNull();
    expect(zoneFor([], { country: 'US' })).toBeNull();
  });

  it('the longest postcode prefix wins; on a tie the earlier zone', () => {
    const berlin = zone('berlin', { countries: ['DE'], postcodePrefixes: ['10', '12'] });
    const mitte = zone('mitte', { countries: ['DE'], postcodePrefixes: ['101'] });
    const again = zone('again', { countries: ['DE'], postcodePrefixes: ['10'] });
    expect(zoneFor([berlin, mitte, again, eu], { country: 'DE', postalCode: '10115' })?.id).toBe('mitte');
    expect(zoneFor([berlin, mitte, again, eu], { country: 'DE', postalCode: '10999' })?.id).toBe('berlin');
    expect(zoneFor([berlin, mitte, again, eu], { country: 'DE', postalCode: '80331' })?.id).toBe('eu');
  });

  it('any destination gets the zone listing its country when there is exactly one such whole-country zone', () => {
    const countries = fc.constantFrom('US', 'DE', 'FR', 'GB', 'JP', 'NO', 'CA');
    fc.assert(
      fc.property(
        countries,
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        (country, region, postalCode) => {
          const found = zoneFor([world, eu, us], { country, region, postalCode });
          const listed = [eu, us].find((z) => z.countries.includes(country));
          expect(found).toBe(listed ?? world);
        },
      ),
    );
  });
});

describe('shippingOptions', () => {
  it('offers the methods that take the order, in the zone’s order, at their price', () => {
    const z = zone('us', {
      countries: ['US'],
      methods: [
        {
          code: 'standard',
          name: 'Standard',
          estimate: '5–7 business days',
          rate: { kind: 'weight', bands: [{ from: 0, to: 20_000, priceCents: 599 }] },
          freeOverCents: 5000,
          afterDiscount: true,
        },
        { code: 'express', name: 'Express', estimate: '', ...flat(1499, null) },
      ],
    });
    const light = { subtotalCents: 6000, discountCents: 0, weightGrams: 500 };
    expect(shippingOptions(z, light).map((o) => [o.method.code, o.priceCents])).toEqual([
      ['standard', 0],
      ['express', 1499],
    ]);
    const heavy = { ...light, weightGrams: 25_000 };
    expect(shippingOptions(z, heavy).map((o) => o.method.code)).toEqual(['express']);
  });
});
