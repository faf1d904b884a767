import { z } from 'zod';
import { countryName } from './countries.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { countryCode, methodCode } from './orders.ts';
import { line, regionCodeField } from './shipping-zones.ts';
import { STANDARD_CLASS, type TaxSettings } from './tax.ts';

/**
 * Admin › Settings › Tax on the wire (docs/adr/049-tax-by-destination.md): classes, rates per zone ×
 * class, and how prices are entered, read and saved as one document. Rates are percentages with up to
 * two decimals (6.25); stored as basis points.
 */

const MAX_ZONE_NAMES = 100;

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(100, `${label} must be at most 100 %`)
    .refine(hasAtMostTwoDecimals, `${label} must have at most two decimal places`);

const classCode = methodCode('A class code is lower-case letters, digits and dashes, like "reduced"');

const taxClass = z.strictObject({
  code: classCode,
  name: line('Class name', 1, 40),
  /** Where no zone rate applies. */
  rate_percent: percent('Rate'),
});

const taxRate = z.strictObject({
  zone_id: z.uuid({ error: 'Choose a shipping zone' }),
  class_code: classCode,
  /** null: every country of the zone. */
  country: countryCode.nullable(),
  /** A state or province of `country` (US, Canada); null: the whole country. */
  region: regionCodeField.nullable(),
  rate_percent: percent('Rate'),
  reverse_charge: z.boolean({ error: 'reverse_charge must be true or false' }),
});

export const taxSettingsBody = z
  .strictObject({
    prices_include_tax: z.boolean({ error: 'Say whether prices include tax' }),
    name: line('Tax name', 1, 30),
    origin_country: countryCode.nullable(),
    shipping_class: classCode,
    classes: z.array(taxClass).min(1, 'Keep the standard class').max(20, 'At most 20 classes'),
    rates: z.array(taxRate).max(500, 'At most 500 rates'),
    /** Zones whose shoppers see prices with tax when they are entered without it; left out: none. */
    inclusive_zones: z
      .array(z.uuid({ error: 'Choose a shipping zone' }))
      .max(100, 'At most 100 zones')
      .optional(),
    /** Per zone id, what receipts there call the tax; left out: `name` everywhere. */
    zone_names: z
      .record(z.uuid({ error: 'Choose a shipping zone' }), line('Tax name in a zone', 1, 30))
      .refine((names) => Object.keys(names).length <= MAX_ZONE_NAMES, `At most ${MAX_ZONE_NAMES} zone names`)
      .optional(),
  })
  .superRefine((tax, ctx) => {
    const codes = new Set<string>();
    tax.classes.forEach((c, i) => {
      if (codes.has(c.code)) {
        ctx.addIssue({ code: 'custom', path: ['classes', i, 'code'], message: `Two classes have the code ${c.code}` });
      }
      codes.add(c.code);
    });
    if (!codes.has(STANDARD_CLASS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['classes'],
        message: 'Keep the standard class: products without a class are in it',
      });
    }
    if (!codes.has(tax.shipping_class)) {
      ctx.addIssue({ code: 'custom', path: ['shipping_class'], message: `There is no class ${tax.shipping_class}` });
    }
    const seen = new Set<string>();
    tax.rates.forEach((r, i) => {
      if (!codes.has(r.class_code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'class_code'],
          message: `There is no class ${r.class_code}`,
        });
      }
      if (r.region !== null && r.country === null) {
        ctx.addIssue({ code: 'custom', path: ['rates', i, 'country'], message: 'Choose the country of the region' });
      }
      const key = `${r.zone_id}|${r.class_code}|${r.country ?? '*'}|${r.region ?? '*'}`;
      if (seen.has(key)) {
        const where = r.country ? ` in ${countryName(r.country)}${r.region ? `, ${r.region}` : ''}` : '';
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i],
          message: `This zone already has a rate for ${r.class_code}${where}`,
        });
      }
      seen.add(key);
    });
  });
export type TaxSettingsBody = z.infer<typeof taxSettingsBody>;

/** GET/PUT /api/admin/tax answer. */
export const taxSettingsAnswer = z.object({
  prices_include_tax: z.boolean(),
  name: z.string(),
  origin_country: z.string().nullable(),
  shipping_class: z.string(),
  classes: z.array(z.object({ code: z.string(), name: z.string(), rate_percent: z.number() })),
  rates: z.array(
    z.object({
      zone_id: z.string(),
      class_code: z.string(),
      country: z.string().nullable(),
      region: z.string().nullable(),
      rate_percent: z.number(),
      reverse_charge: z.boolean(),
    }),
  ),
  inclusive_zones: z.array(z.string()),
  zone_names: z.record(z.string(), z.string()).optional(),
});
export type TaxSettingsAnswer = z.infer<typeof taxSettingsAnswer>;

const basisPoints = (percentage: number) => Math.round(percentage * 100);

export function taxFromWire(body: TaxSettingsBody): TaxSettings {
  return {
    pricesIncludeTax: body.prices_include_tax,
    inclusiveZones: [...new Set(body.inclusive_zones ?? [])],
    name: body.name,
    ...(body.zone_names && Object.keys(body.zone_names).length > 0 ? { zoneNames: { ...body.zone_names } } : {}),
    originCountry: body.origin_country,
    shippingClass: body.shipping_class,
    classes: body.classes.map((c) => ({ code: c.code, name: c.name, rateBasisPoints: basisPoints(c.rate_percent) })),
    rates: body.rates.map((r) => ({
      zoneId: r.zone_id,
      classCode: r.class_code,
      country: r.country,
      region: r.region,
      rateBasisPoints: basisPoints(r.rate_percent),
      reverseCharge: r.reverse_charge,
    })),
  };
}

export function taxToWire(tax: TaxSettings): TaxSettingsAnswer {
  return {
    prices_include_tax: tax.pricesIncludeTax,
    inclusive_zones: tax.inclusiveZones,
    name: tax.name,
    ...(tax.zoneNames ? { zone_names: tax.zoneNames } : {}),
    origin_country: tax.originCountry,
    shipping_class: tax.shippingClass,
    classes: tax.classes.map((c) => ({ code: c.code, name: c.name, rate_percent: c.rateBasisPoints / 100 })),
    rates: tax.rates.map((r) => ({
      zone_id: r.zoneId,
      class_code: r.classCode,
      country: r.country,
      region: r.region,
      rate_percent: r.rateBasisPoints / 100,
      reverse_charge: r.reverseCharge,
    })),
  };
}
