import { type ShippingSettingsAnswer, shippingSettings } from '@shop/contracts/shipping-zones';
import { describe, expect, it } from 'vitest';
import {
  amountDigitIssues,
  fieldOf,
  formValuesOf,
  newMethod,
  newZone,
  placeIssuesOn,
  type ShippingFormValues,
  settingsOf,
} from './zone-form.ts';

const ID = '7b0f7a43-2c3c-4b0e-9d1e-2f4f4c0f1a11';

const saved: ShippingSettingsAnswer = {
  zones: [
    {
      id: ID,
      name: 'Iceland',
      countries: ['IS'],
      regions: [],
      postcode_prefixes: ['101', '10'],
      everywhere_else: false,
      methods: [
        {
          code: 'standard',
          name: 'Standard',
          estimate: '2–4 business days',
          rate: {
            kind: 'weight',
            bands: [
              { from_grams: 0, to_grams: 1000, price: 4.9 },
              { from_grams: 1000, to_grams: null, price: 9.9 },
            ],
          },
          free_over: null,
          free_over_basis: 'after_discount',
        },
        {
          code: 'big-orders',
          name: 'By value',
          estimate: '',
          rate: {
            kind: 'subtotal',
            bands: [
              { from: 0, to: 50, price: 7 },
              { from: 50, to: null, price: 3.5 },
            ],
          },
          free_over: 120,
          free_over_basis: 'before_discount',
        },
      ],
    },
    {
      id: '0c9ef7e4-7d0b-4f3f-8b59-1d5e3c9a2b22',
      name: 'Rest of world',
      countries: [],
      regions: [],
      postcode_prefixes: [],
      everywhere_else: true,
      methods: [
        {
          code: 'express',
          name: 'Express',
          estimate: '',
          rate: { kind: 'flat', price: 25 },
          free_over: 200,
          free_over_basis: 'after_discount',
        },
      ],
    },
  ],
};

describe('shipping zones form ⇄ wire', () => {
  it('shows amounts with two decimals, grams as typed and an open-ended band with an empty "Up to"', () => {
    const values = formValuesOf(saved);
    const [iceland, rest] = values.zones;
    expect(iceland?.postcodes).toBe('101, 10');
    expect(iceland?.methods[0]?.weightBands).toEqual([
      { from: '0', to: '1000', price: '4.90' },
      { from: '1000', to: '', price: '9.90' },
    ]);
    expect(iceland?.methods[1]?.subtotalBands).toEqual([
      { from: '0.00', to: '50.00', price: '7.00' },
      { from: '50.00', to: '', price: '3.50' },
    ]);
    expect(iceland?.methods[1]).toMatchObject({ freeOver: '120.00', basis: 'before_discount' });
    expect(rest?.methods[0]).toMatchObject({ kind: 'flat', price: '25.00', freeOver: '200.00' });
  });

  it('sends back what it was given, an empty "Up to" as null, and the contract takes it', () => {
    const wire = settingsOf(formValuesOf(saved));
    expect(wire).toEqual(saved);
    expect(shippingSettings.safeParse(wire).success).toBe(true);
  });

  it('sends a new zone without an id, blanks as NaN for the contract to name, and no empty free threshold', () => {
    const zone = { ...newZone(), name: 'Nordics', countries: ['IS', 'NO'] };
    const [wire] = settingsOf({ zones: [zone] }).zones;
    expect(wire).not.toHaveProperty('id');
    expect(wire?.methods[0]).toMatchObject({ rate: { kind: 'flat', price: Number.NaN }, free_over: null });
    const checked = shippingSettings.safeParse(settingsOf({ zones: [zone] }));
    expect(checked.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'zones.0.methods.0.rate.price',
      'Price must be a number',
    ]);
  });

  it('leaves out what the zone hides: countries of "everywhere else", regions and postcodes unless one country', () => {
    const base = { ...newZone(), name: 'Z', regions: ['TX'], postcodes: '75, 76 ,' };
    const [us, two, everywhere, iceland] = settingsOf({
      zones: [
        { ...base, countries: ['US'] },
        { ...base, countries: ['US', 'CA'] },
        { ...base, countries: ['US'], everywhereElse: true },
        { ...base, countries: ['IS'] },
      ],
    }).zones;
    expect(us).toMatchObject({ countries: ['US'], regions: ['TX'], postcode_prefixes: ['75', '76'] });
    expect(two).toMatchObject({ countries: ['US', 'CA'], regions: [], postcode_prefixes: [] });
    expect(everywhere).toMatchObject({ countries: [], regions: [], postcode_prefixes: [], everywhere_else: true });
    // Iceland has no list of regions to pick from: postcodes only.
    expect(iceland).toMatchObject({ regions: [], postcode_prefixes: ['75', '76'] });
  });
});

describe('a complaint on its field', () => {
  const values: ShippingFormValues = formValuesOf(saved);

  it('finds the band of the method’s own table, from the zod path or the API’s dotted one', () => {
    expect(fieldOf(['zones', 0, 'methods', 0, 'rate', 'bands', 1, 'from_grams'], values)).toBe(
      'zones.0.methods.0.weightBands.1.from',
    );
    expect(fieldOf('body.zones.0.methods.1.rate.bands.0.to', values)).toBe('zones.0.methods.1.subtotalBands.0.to');
    expect(fieldOf('zones.0.methods.1.rate.bands', values)).toBe('zones.0.methods.1.subtotalBands.root');
    expect(fieldOf(['zones', 1, 'methods', 0, 'rate', 'price'], values)).toBe('zones.1.methods.0.price');
  });

  it('names the zone’s and the method’s own fields', () => {
    expect(fieldOf(['zones', 0, 'countries', 1], values)).toBe('zones.0.countries');
    expect(fieldOf(['zones', 0, 'postcode_prefixes', 0], values)).toBe('zones.0.postcodes');
    expect(fieldOf(['zones', 1, 'everywhere_else'], values)).toBe('zones.1.everywhereElse');
    expect(fieldOf(['zones', 0, 'methods'], values)).toBe('zones.0.methods.root');
    expect(fieldOf(['zones', 0, 'methods', 1, 'code'], values)).toBe('zones.0.methods.1.code');
    expect(fieldOf(['zones', 0, 'methods', 1, 'free_over'], values)).toBe('zones.0.methods.1.freeOver');
    expect(fieldOf(['zones', 0, 'methods', 1, 'rate'], values)).toBe('zones.0.methods.1.kind');
  });

  it('places nothing it cannot show: the whole list, a zone or method not in the form, bands of a flat rate', () => {
    expect(fieldOf(['zones'], values)).toBeNull();
    expect(fieldOf([], values)).toBeNull();
    expect(fieldOf(['zones', 5, 'name'], values)).toBeNull();
    expect(fieldOf(['zones', 0, 'methods', 9, 'name'], values)).toBeNull();
    expect(fieldOf(['zones', 1, 'methods', 0, 'rate', 'bands', 0, 'from'], values)).toBeNull();
    expect(fieldOf(['zones', 0, 'id'], values)).toBeNull();
  });

  it('keeps the first complaint of each field and lists the rest for the alert', () => {
    const { fields, unplaced } = placeIssuesOn(
      [
        { path: ['zones', 0, 'name'], message: 'Zone name is required' },
        { path: ['zones', 0, 'name'], message: 'second' },
        { path: ['zones'], message: 'At most 50 zones' },
      ],
      { zones: [newZone()] },
    );
    expect([...fields]).toEqual([['zones.0.name', 'Zone name is required']]);
    expect(unplaced).toEqual(['At most 50 zones']);
  });

  it('places the contract’s own overlap complaint on the band that starts too early', () => {
    const next = formValuesOf(saved);
    const method = next.zones[0]?.methods[0] ?? newMethod();
    method.weightBands[1] = { from: '500', to: '', price: '9.90' };
    const checked = shippingSettings.safeParse(settingsOf(next));
    const { fields } = placeIssuesOn(checked.error?.issues ?? [], next);
    expect(fields.get('zones.0.methods.0.weightBands.1.from')).toMatch(/^Bands overlap/);
  });
});

describe('shipping amounts in the base currency', () => {
  const JPY = { code: 'JPY', digits: 0 };

  it('shows yen without decimals', () => {
    const [iceland] = formValuesOf(saved, 0).zones;
    expect(iceland?.methods[0]?.weightBands[0]).toEqual({ from: '0', to: '1000', price: '5' });
    expect(iceland?.methods[1]?.subtotalBands[0]).toEqual({ from: '0', to: '50', price: '7' });
    expect(iceland?.methods[1]?.freeOver).toBe('120');
  });

  it('names each amount with more decimals than the base on its field; none in dollars', () => {
    const values = formValuesOf(saved);
    const issues = amountDigitIssues(settingsOf(values), JPY);
    expect(amountDigitIssues(settingsOf(values), { code: 'USD', digits: 2 })).toEqual([]);
    const { fields } = placeIssuesOn(issues, values);
    expect(Object.fromEntries(fields)).toEqual({
      'zones.0.methods.0.weightBands.0.price': 'Price must be a whole number of JPY',
      'zones.0.methods.0.weightBands.1.price': 'Price must be a whole number of JPY',
      'zones.0.methods.1.subtotalBands.1.price': 'Price must be a whole number of JPY',
    });
  });
});
