import { z } from 'zod';
import { countryName } from './countries.ts';
import {
  type CurrencySettings,
  hasAtMostDecimals,
  type PresentmentCurrency,
  RATE_DECIMALS,
  ROUNDINGS,
} from './currency.ts';
import { ISO_CURRENCIES, isoCurrency } from './iso-currencies.ts';
import { countryCode } from './orders.ts';

/**
 * Admin › Settings › Currencies on the wire (docs/adr/050-currencies.md): the base currency and the
 * presentment currencies, read and saved as one document. Codes are ISO 4217; anything else is refused
 * on its field.
 */

const MAX_RATE = 1_000_000;

/** An ISO 4217 code, upper-cased. Linear: at most 8 characters are trimmed and looked up. */
export const currencyCode = z
  .string({ error: 'Choose a currency' })
  .max(8, { message: 'A currency is a three-letter ISO 4217 code, like EUR', abort: true })
  .trim()
  .toUpperCase()
  .refine((code) => isoCurrency(code) !== null, 'A currency is a three-letter ISO 4217 code, like EUR');

const presentmentCurrency = z.strictObject({
  code: currencyCode,
  rate: z
    .number({ error: 'The rate must be a number' })
    .gt(0, 'The rate must be more than 0')
    .max(MAX_RATE, `The rate must be at most ${MAX_RATE.toLocaleString('en-US')}`)
    .refine((r) => hasAtMostDecimals(r, RATE_DECIMALS), `The rate may have at most ${RATE_DECIMALS} decimals`),
  rounding: z.enum(ROUNDINGS, { error: `Rounding is one of ${ROUNDINGS.join(', ')}` }),
  countries: z.array(countryCode).max(250, 'At most 250 countries'),
});

export const currencySettingsBody = z
  .strictObject({
    base: currencyCode,
    presentment: z.array(presentmentCurrency).max(20, 'At most 20 currencies besides the base'),
  })
  .superRefine((body, ctx) => {
    const codes = new Set<string>([body.base]);
    const countries = new Map<string, string>();
    body.presentment.forEach((c, i) => {
      if (codes.has(c.code)) {
        const message = c.code === body.base ? `${c.code} is the base currency` : `${c.code} is listed twice`;
        ctx.addIssue({ code: 'custom', path: ['presentment', i, 'code'], message });
      }
      codes.add(c.code);
      c.countries.forEach((country, j) => {
        const other = countries.get(country);
        if (other !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['presentment', i, 'countries', j],
            message: `${countryName(country)} already gets ${other}`,
          });
        }
        countries.set(country, c.code);
      });
    });
  });
export type CurrencySettingsBody = z.infer<typeof currencySettingsBody>;

const currencyAnswer = z.object({ code: z.string(), name: z.string(), digits: z.number() });

/** GET/PUT /api/admin/currencies answer: the settings, and every currency the shop may choose from. */
export const currencySettingsAnswer = z.object({
  base: currencyAnswer,
  presentment: z.array(
    currencyAnswer.extend({ rate: z.number(), rounding: z.enum(ROUNDINGS), countries: z.array(z.string()) }),
  ),
  /** Whether the base may still change: only while the shop has no order. */
  base_locked: z.boolean(),
  choices: z.array(currencyAnswer),
});
export type CurrencySettingsAnswer = z.infer<typeof currencySettingsAnswer>;

/** The stored settings of a saved body (every code in it has passed `currencyCode`). */
export function currenciesFromWire(body: CurrencySettingsBody): CurrencySettings {
  const unit = (code: string) => ({ code, digits: isoCurrency(code)?.digits ?? 2 });
  return {
    base: unit(body.base),
    presentment: body.presentment.map(
      (c): PresentmentCurrency => ({ ...unit(c.code), rate: c.rate, rounding: c.rounding, countries: c.countries }),
    ),
  };
}

/** A currency as the answer names it: code, ISO name and minor units. */
const answerOf = (code: string) => {
  const iso = isoCurrency(code);
  return { code, name: iso?.name ?? code, digits: iso?.digits ?? 2 };
};

/** The answer of GET/PUT /api/admin/currencies: the stored settings, whether the base may change, every choice. */
export function currenciesToWire(settings: CurrencySettings, baseLocked: boolean): CurrencySettingsAnswer {
  return {
    base: answerOf(settings.base.code),
    presentment: settings.presentment.map((c) => ({
      ...answerOf(c.code),
      rate: c.rate,
      rounding: c.rounding,
      countries: [...c.countries],
    })),
    base_locked: baseLocked,
    choices: ISO_CURRENCIES.map((c) => ({ code: c.code, name: c.name, digits: c.digits })),
  };
}
