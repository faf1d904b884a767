import { type TaxSettingsAnswer, taxSettingsBody } from '@shop/contracts/tax-settings';
import { describe, expect, it } from 'vitest';
import { fieldOf, formValuesOf, newClass, newRate, placeIssuesOn, settingsOf, type TaxFormValues } from './tax-form.ts';

const EU = '7b0f7a43-2c3c-4b0e-9d1e-2f4f4c0f1a11';
const US = '0c9ef7e4-7d0b-4f3f-8b59-1d5e3c9a2b22';

const saved: TaxSettingsAnswer = {
  prices_include_tax: true,
  inclusive_zones: [],
  name: 'VAT',
  origin_country: 'NL',
  shipping_class: 'standard',
  classes: [
    { code: 'standard', name: 'Standard', rate_percent: 21 },
    { code: 'reduced', name: 'Reduced', rate_percent: 9 },
  ],
  rates: [
    { zone_id: EU, class_code: 'standard', country: 'DE', region: null, rate_percent: 19, reverse_charge: true },
    { zone_id: US, class_code: 'standard', country: 'US', region: 'TX', rate_percent: 6.25, reverse_charge: false },
    { zone_id: EU, class_code: 'reduced', country: null, region: null, rate_percent: 7, reverse_charge: false },
  ],
};

describe('tax form ⇄ wire', () => {
  it('shows rates as typed percentages, "whole zone" and "not said" as empty, and locks the standard class', () => {
    const values = formValuesOf(saved);
    expect(values).toMatchObject({
      pricesIncludeTax: true,
      name: 'VAT',
      originCountry: 'NL',
      shippingClass: 'standard',
    });
    expect(values.classes).toEqual([
      { code: 'standard', name: 'Standard', rate: '21', locked: true },
      { code: 'reduced', name: 'Reduced', rate: '9', locked: false },
    ]);
    expect(values.rates[1]).toEqual({
      zoneId: US,
      classCode: 'standard',
      country: 'US',
      region: 'TX',
      rate: '6.25',
      reverseCharge: false,
    });
    expect(values.rates[2]).toMatchObject({ country: '', region: '' });
    expect(formValuesOf({ ...saved, origin_country: null }).originCountry).toBe('');
  });

  it('sends back what it was given, and the contract takes it', () => {
    const wire = settingsOf(formValuesOf(saved));
    expect(wire).toEqual(saved);
    expect(taxSettingsBody.safeParse(wire).success).toBe(true);
  });

  it('sends a blank rate as NaN for the contract to name, trims codes and names, and drops a hidden region', () => {
    const values = formValuesOf(saved);
    values.classes.push({ ...newClass(), code: ' books ', name: ' Books ', rate: ' ' });
    values.rates.push({ ...newRate(EU), country: 'DE', region: 'TX', rate: '19' });
    const wire = settingsOf(values);
    expect(wire.classes[2]).toEqual({ code: 'books', name: 'Books', rate_percent: Number.NaN });
    // Germany has no list of regions: the region the form hides is not sent.
    expect(wire.rates[3]).toMatchObject({ country: 'DE', region: null, rate_percent: 19 });
    const messages = (body: unknown) =>
      taxSettingsBody.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages(wire)).toContainEqual(['classes.2.rate_percent', 'Rate must be a number']);
    // With every number in place, the contract's own rules run: one rate per zone, class and place.
    expect(messages({ ...wire, classes: wire.classes.slice(0, 2) })).toEqual([
      ['rates.3', 'This zone already has a rate for standard in Germany'],
    ]);
  });
});

describe('tax names per zone', () => {
  it('round-trip, blank ones left out, and a complaint lands on its zone’s field', () => {
    const values = formValuesOf({ ...saved, zone_names: { [EU]: 'VAT' } });
    expect(values.zoneNames).toEqual({ [EU]: 'VAT' });
    expect(settingsOf({ ...values, zoneNames: { [EU]: ' VAT ', [US]: ' ' } }).zone_names).toEqual({ [EU]: 'VAT' });
    expect(settingsOf(formValuesOf(saved))).not.toHaveProperty('zone_names');
    expect(fieldOf(['zone_names', EU], values)).toBe(`zoneNames.${EU}`);
  });
});

describe('a complaint on its field', () => {
  const values: TaxFormValues = formValuesOf(saved);

  it('names the top fields, a class’s cells and a rate’s cells, from the zod path or the API’s dotted one', () => {
    expect(fieldOf(['origin_country'], values)).toBe('originCountry');
    expect(fieldOf('body.shipping_class', values)).toBe('shippingClass');
    expect(fieldOf(['classes', 1, 'rate_percent'], values)).toBe('classes.1.rate');
    expect(fieldOf('body.rates.0.rate_percent', values)).toBe('rates.0.rate');
    expect(fieldOf('body.rates.2.zone_id', values)).toBe('rates.2.zoneId');
    expect(fieldOf(['rates', 1, 'region'], values)).toBe('rates.1.region');
    expect(fieldOf(['rates', 0, 'reverse_charge'], values)).toBe('rates.0.reverseCharge');
  });

  it('puts a whole list on its root, a whole rate on its zone, and a hidden region on its country', () => {
    expect(fieldOf(['classes'], values)).toBe('classes.root');
    expect(fieldOf(['rates'], values)).toBe('rates.root');
    expect(fieldOf(['rates', 2], values)).toBe('rates.2.zoneId');
    expect(fieldOf(['rates', 0, 'region'], values)).toBe('rates.0.country');
  });

  it('places nothing it cannot show: the body, a row not in the form, an unknown key', () => {
    expect(fieldOf([], values)).toBeNull();
    expect(fieldOf('body', values)).toBeNull();
    expect(fieldOf(['rates', 9, 'rate_percent'], values)).toBeNull();
    expect(fieldOf(['classes', 5, 'code'], values)).toBeNull();
    expect(fieldOf(['classes', 0, 'colour'], values)).toBeNull();
    expect(fieldOf(['name', 0], values)).toBeNull();
  });

  it('keeps the first complaint of each field and lists the rest for the alert', () => {
    const { fields, unplaced } = placeIssuesOn(
      [
        { path: 'body.rates.0.rate_percent', message: 'Rate must be at most 100 %' },
        { path: ['rates', 0, 'rate_percent'], message: 'second' },
        { path: 'body', message: 'The request is invalid' },
      ],
      values,
    );
    expect([...fields]).toEqual([['rates.0.rate', 'Rate must be at most 100 %']]);
    expect(unplaced).toEqual(['The request is invalid']);
  });
});
