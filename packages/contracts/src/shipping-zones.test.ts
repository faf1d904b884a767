import { describe, expect, it } from 'vitest';
import { shippingAmounts, shippingSettings, zonesFromWire, zonesToWire } from './shipping-zones.ts';

const method = (over: Record<string, unknown> = {}) => ({
  code: 'standard',
  name: 'Standard',
  estimate: '2–4 business days',
  rate: { kind: 'flat', price: 4.9 },
  free_over: null,
  free_over_basis: 'after_discount',
  ...over,
});
const zone = (over: Record<string, unknown> = {}) => ({
  name: 'EU',
  countries: ['DE', 'FR'],
  methods: [method()],
  ...over,
});

/** The messages a save is refused with, each with where it points. */
function refusal(body: unknown): string[] {
  const parsed = shippingSettings.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('shippingSettings', () => {
  it('takes zones of countries, one narrowed to regions and postcodes, and an "everywhere else" zone', () => {
    const parsed = shippingSettings.parse({
      zones: [
        zone(),
        zone({ name: 'Austin', countries: ['us'], regions: ['tx'], postcode_prefixes: ['787 '] }),
        zone({
          name: 'Heavy goods',
          countries: ['GB'],
          methods: [
            method({
              rate: {
                kind: 'weight',
                bands: [
                  { from_grams: 0, to_grams: 1000, price: 4.9 },
                  { from_grams: 1000, to_grams: null, price: 9.9 },
                ],
              },
            }),
          ],
        }),
        zone({ name: 'Rest of world', countries: [], everywhere_else: true }),
      ],
    });
    expect(parsed.zones[1]).toMatchObject({ countries: ['US'], regions: ['TX'], postcode_prefixes: ['787'] });
  });

  it('refuses overlapping, reversed and unordered bands, naming the band', () => {
    const weight = (bands: unknown[]) => ({
      zones: [zone({ methods: [method({ rate: { kind: 'weight', bands } })] })],
    });
    expect(
      refusal(
        weight([
          { from_grams: 0, to_grams: 1000, price: 4.9 },
          { from_grams: 500, to_grams: null, price: 9.9 },
        ]),
      ),
    ).toEqual([
      'zones.0.methods.0.rate.bands.1.from: Bands overlap: each band must start at or after the end of the one before (grams)',
    ]);
    expect(refusal(weight([{ from_grams: 1000, to_grams: 1000, price: 1 }]))).toEqual([
      'zones.0.methods.0.rate.bands.0.to: A band must end above where it starts (grams)',
    ]);
    expect(
      refusal(
        weight([
          { from_grams: 0, to_grams: null, price: 1 },
          { from_grams: 5000, to_grams: null, price: 2 },
        ]),
      ),
    ).toEqual([
      'zones.0.methods.0.rate.bands.1.from: Bands overlap: each band must start at or after the end of the one before (grams)',
    ]);
    expect(refusal(weight([]))).toEqual(['zones.0.methods.0.rate.bands: Add at least one weight band']);
  });

  it('refuses a country in two zones, two "everywhere else" zones, and a narrowed zone of several countries', () => {
    expect(refusal({ zones: [zone(), zone({ name: 'Germany', countries: ['DE'] })] })).toEqual([
      'zones.1.countries: Germany is already in the zone EU',
    ]);
    expect(
      refusal({
        zones: [
          zone({ name: 'A', countries: [], everywhere_else: true }),
          zone({ name: 'B', countries: [], everywhere_else: true }),
        ],
      }),
    ).toEqual(['zones.1.everywhere_else: Only one zone can be "everywhere else"']);
    expect(refusal({ zones: [zone({ regions: ['BY'] })] })).toEqual([
      'zones.0.countries: A zone narrowed to regions or postcodes covers exactly one country',
    ]);
    expect(
      refusal({
        zones: [
          zone({ name: 'Texas', countries: ['US'], regions: ['TX'] }),
          zone({ name: 'Also Texas', countries: ['US'], regions: ['TX'] }),
        ],
      }),
    ).toEqual(['zones.1.countries: United States, TX is already in the zone Texas']);
  });

  it('refuses unknown countries and regions, bad codes, negative prices and a method code used twice', () => {
    expect(refusal({ zones: [zone({ countries: ['Germany'] })] })).toEqual([
      'zones.0.countries.0: Choose a country from the list',
    ]);
    expect(refusal({ zones: [zone({ countries: ['US'], regions: ['XX'] })] })).toEqual([
      'zones.0.regions.0: XX is not a region of United States',
    ]);
    expect(refusal({ zones: [zone({ methods: [method({ code: 'Next Day!' })] })] })).toEqual([
      'zones.0.methods.0.code: Code must be lower-case letters, digits and dashes, like "express" or "pick-up"',
    ]);
    expect(refusal({ zones: [zone({ methods: [method({ rate: { kind: 'flat', price: -1 } })] })] })).toEqual([
      'zones.0.methods.0.rate.price: Price must not be negative',
    ]);
    expect(refusal({ zones: [zone({ methods: [method(), method({ name: 'Other' })] })] })).toEqual([
      'zones.0.methods.1.code: Two methods of this zone have the code standard',
    ]);
    expect(refusal({ zones: [zone({ methods: [method({ estimate: '2 days\nor 3' })] })] })).toEqual([
      'zones.0.methods.0.estimate: Delivery estimate must be one line',
    ]);
  });

  it('round-trips through what is stored: amounts as minor units, the threshold basis as a flag', () => {
    const body = shippingSettings.parse({
      zones: [
        zone({
          id: '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b09',
          methods: [
            method({
              rate: {
                kind: 'subtotal',
                bands: [
                  { from: 0, to: 25, price: 8.99 },
                  { from: 25, to: null, price: 0 },
                ],
              },
              free_over: 100,
              free_over_basis: 'before_discount',
            }),
          ],
        }),
      ],
    });
    const stored = zonesFromWire(body, () => 'new', 2);
    expect(stored[0]?.methods[0]).toMatchObject({
      rate: {
        kind: 'subtotal',
        bands: [
          { from: 0, to: 2500, priceCents: 899 },
          { from: 2500, to: null, priceCents: 0 },
        ],
      },
      freeOverCents: 10_000,
      afterDiscount: false,
    });
    expect(zonesToWire(stored, 2)).toEqual({
      zones: [{ ...body.zones[0], id: '5b0c1f0e-6f55-4c3e-9d7a-0d3f6c1a2b09' }],
    });
    expect(zonesFromWire({ zones: [zone()] } as never, () => 'new', 2)[0]?.id).toBe('new');
  });

  it('reads and answers amounts in the base currency’s digits, and names every amount’s field', () => {
    const body = shippingSettings.parse({
      zones: [zone({ methods: [method({ rate: { kind: 'flat', price: 800 }, free_over: 5000 })] })],
    });
    const stored = zonesFromWire(body, () => 'new', 0);
    expect(stored[0]?.methods[0]).toMatchObject({ rate: { kind: 'flat', priceCents: 800 }, freeOverCents: 5000 });
    expect(zonesToWire(stored, 0).zones[0]?.methods[0]).toMatchObject({
      rate: { kind: 'flat', price: 800 },
      free_over: 5000,
    });
    expect(zonesToWire(stored, 3).zones[0]?.methods[0]).toMatchObject({
      rate: { kind: 'flat', price: 0.8 },
      free_over: 5,
    });
    expect(shippingAmounts(body)).toEqual([
      { path: 'zones.0.methods.0.rate.price', amount: 800 },
      { path: 'zones.0.methods.0.free_over', amount: 5000 },
    ]);
  });
});
