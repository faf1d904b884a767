import { type CurrencySettingsAnswer, currencySettingsBody } from '@shop/contracts/currency-settings';
import { describe, expect, it } from 'vitest';
import {
  type CurrencyFormValues,
  fieldOf,
  formValuesOf,
  newPresentment,
  placeIssuesOn,
  ROUNDING_LABELS,
  settingsOf,
} from './currency-form.ts';

const saved: CurrencySettingsAnswer = {
  base: { code: 'USD', name: 'US Dollar', digits: 2 },
  presentment: [
    { code: 'EUR', name: 'Euro', digits: 2, rate: 0.92, rounding: 'charm', countries: ['DE', 'FR'] },
    { code: 'JPY', name: 'Yen', digits: 0, rate: 151.37, rounding: 'none', countries: [] },
  ],
  base_locked: true,
  choices: [
    { code: 'EUR', name: 'Euro', digits: 2 },
    { code: 'JPY', name: 'Yen', digits: 0 },
    { code: 'USD', name: 'US Dollar', digits: 2 },
  ],
};

const messages = (body: unknown) =>
  currencySettingsBody.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('currency form ⇄ wire', () => {
  it('shows the base by its code and each rate as typed text', () => {
    expect(formValuesOf(saved)).toEqual({
      base: 'USD',
      presentment: [
        { code: 'EUR', rate: '0.92', rounding: 'charm', countries: ['DE', 'FR'] },
        { code: 'JPY', rate: '151.37', rounding: 'none', countries: [] },
      ],
    });
  });

  it('sends back what it was given, and the contract takes it', () => {
    const wire = settingsOf(formValuesOf(saved));
    expect(wire).toEqual({
      base: 'USD',
      presentment: saved.presentment.map(({ code, rate, rounding, countries }) => ({
        code,
        rate,
        rounding,
        countries,
      })),
    });
    expect(currencySettingsBody.safeParse(wire).success).toBe(true);
  });

  it('sends a new row as it stands, for the contract to name its blank currency and rate', () => {
    const values = formValuesOf(saved);
    values.presentment.push(newPresentment());
    const wire = settingsOf(values);
    expect(wire.presentment[2]).toEqual({ code: '', rate: Number.NaN, rounding: 'none', countries: [] });
    expect(messages(wire)).toEqual([
      ['presentment.2.code', 'A currency is a three-letter ISO 4217 code, like EUR'],
      ['presentment.2.rate', 'The rate must be a number'],
    ]);
  });

  it('names each rounding rule by what it makes of 21.37', () => {
    expect(ROUNDING_LABELS).toEqual({
      none: 'No rounding (21.37)',
      whole: 'Whole units (21.00)',
      charm: 'Ending in .99 (21.99)',
    });
  });
});

describe('a complaint on its field', () => {
  const values: CurrencyFormValues = formValuesOf(saved);

  it('names the base and a row’s cells, from the zod path or the API’s dotted one', () => {
    expect(fieldOf(['base'], values)).toBe('base');
    expect(fieldOf('body.base', values)).toBe('base');
    expect(fieldOf(['presentment', 1, 'code'], values)).toBe('presentment.1.code');
    expect(fieldOf('body.presentment.0.rate', values)).toBe('presentment.0.rate');
    expect(fieldOf('body.presentment.1.rounding', values)).toBe('presentment.1.rounding');
  });

  it('puts one country on its row’s countries, a whole row on its currency, the whole list on its root', () => {
    expect(fieldOf(['presentment', 1, 'countries', 0], values)).toBe('presentment.1.countries');
    expect(fieldOf('body.presentment.0.countries', values)).toBe('presentment.0.countries');
    expect(fieldOf(['presentment', 0], values)).toBe('presentment.0.code');
    expect(fieldOf(['presentment'], values)).toBe('presentment.root');
  });

  it('places nothing it cannot show: the body, a row not in the form, an unknown or inherited key', () => {
    expect(fieldOf([], values)).toBeNull();
    expect(fieldOf('body', values)).toBeNull();
    expect(fieldOf(['presentment', 5, 'rate'], values)).toBeNull();
    expect(fieldOf(['presentment', 0, 'colour'], values)).toBeNull();
    expect(fieldOf(['presentment', 0, 'constructor'], values)).toBeNull();
    expect(fieldOf(['base', 0], values)).toBeNull();
  });

  it('keeps the first complaint of each field and lists the rest for the alert', () => {
    const values2 = formValuesOf(saved);
    values2.presentment[1] = { ...values2.presentment[1]!, countries: ['DE'] };
    const { fields, unplaced } = placeIssuesOn(
      [...(currencySettingsBody.safeParse(settingsOf(values2)).error?.issues ?? []), { path: 'body', message: 'x' }],
      values2,
    );
    expect([...fields]).toEqual([['presentment.1.countries', 'Germany already gets EUR']]);
    expect(unplaced).toEqual(['x']);
  });
});
