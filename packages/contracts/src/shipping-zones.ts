import { z } from 'zod';
import { amountField } from './admin-common.ts';
import { countryName } from './countries.ts';
import { fromMinor, toMinor } from './currency.ts';
import { countryCode, methodCode } from './orders.ts';
import { regionsOf } from './regions.ts';
import type { RateRule, ShippingZone, ZoneMethod } from './shipping.ts';
import { stopAt } from './text.ts';

/**
 * Admin › Settings › Shipping on the wire (docs/adr/048-shipping-zones.md): the whole set of zones is
 * read and saved at once, so a rule between zones (a country in two of them) is judged on what is
 * saved. Amounts are decimals of the store currency like every admin amount; weights are grams.
 */

/** One line of text, trimmed, `min`–`max` characters. */
export const line = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max * 4, stopAt(`${label} must be at most ${max} characters`))
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !/[\r\n]/.test(v), `${label} must be one line`);

const grams = (label: string) =>
  z
    .number({ error: `${label} must be a number of grams` })
    .int(`${label} must be whole grams`)
    .min(0, `${label} must not be negative`)
    .max(1_000_000_000, `${label} must be at most 1000000000 grams`);

const weightBand = z.strictObject({
  from_grams: grams('From'),
  to_grams: grams('Up to').nullable(),
  price: amountField('Band price'),
});
const subtotalBand = z.strictObject({
  from: amountField('From'),
  to: amountField('Up to').nullable(),
  price: amountField('Band price'),
});

interface Band {
  from: number;
  to: number | null;
}

/**
 * Bands must be given in ascending order, each ending where or before the next starts, and only the
 * last may be open-ended: an order then falls in at most one band. One pass over the list.
 */
function checkBands(bands: readonly Band[], unit: string, ctx: z.core.$RefinementCtx) {
  for (let i = 0; i < bands.length; i++) {
    const band = bands[i] as Band;
    if (band.to !== null && band.to <= band.from) {
      ctx.addIssue({ code: 'custom', path: [i, 'to'], message: `A band must end above where it starts (${unit})` });
    }
    const previous = bands[i - 1];
    if (previous && (previous.to === null || band.from < previous.to)) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'from'],
        message: `Bands overlap: each band must start at or after the end of the one before (${unit})`,
      });
    }
  }
}

export const rateRule = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('flat'), price: amountField('Price') }),
    z.strictObject({
      kind: z.literal('weight'),
      bands: z
        .array(weightBand, { error: 'Weight bands must be a list' })
        .min(1, 'Add at least one weight band')
        .max(50, 'At most 50 bands')
        .superRefine((bands, ctx) =>
          checkBands(
            bands.map((b) => ({ from: b.from_grams, to: b.to_grams })),
            'grams',
            ctx,
          ),
        ),
    }),
    z.strictObject({
      kind: z.literal('subtotal'),
      bands: z
        .array(subtotalBand, { error: 'Subtotal bands must be a list' })
        .min(1, 'Add at least one subtotal band')
        .max(50, 'At most 50 bands')
        .superRefine((bands, ctx) => checkBands(bands, 'order value', ctx)),
    }),
  ],
  { error: 'Rate must be flat, by weight or by subtotal' },
);
export type RateRuleWire = z.infer<typeof rateRule>;

export const zoneMethod = z.strictObject({
  code: methodCode('Code must be lower-case letters, digits and dashes, like "express" or "pick-up"'),
  name: line('Name', 1, 60),
  estimate: line('Delivery estimate', 0, 60).default(''),
  rate: rateRule,
  /** Orders whose subtotal reaches this ship free; null = never free. */
  free_over: amountField('Free shipping threshold').nullable(),
  /** Whether the free threshold and subtotal bands judge the subtotal before or after a discount code. */
  free_over_basis: z.enum(['after_discount', 'before_discount'], {
    error: 'Judge the threshold before or after discounts',
  }),
});
export type ZoneMethodWire = z.infer<typeof zoneMethod>;

/** Compared with the address's postcode without its spaces, in capitals (`shipping.ts`). */
const postcodePrefix = z
  .string({ error: 'A postcode prefix must be text' })
  .max(10, stopAt('A postcode prefix must be at most 10 characters'))
  .trim()
  .toUpperCase()
  .min(1, 'A postcode prefix must not be empty')
  .regex(/^[A-Z0-9-]+$/, 'A postcode prefix is letters, digits and dashes, without spaces');

export const regionCodeField = z
  .string({ error: 'A region must be text' })
  .max(10, stopAt('A region is a code like "TX"'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, 'A region is a code like "TX"');

export const shippingZone = z
  .strictObject({
    /** Absent for a zone added in this save. */
    id: z.uuid({ error: 'id must be a zone id' }).optional(),
    name: line('Zone name', 1, 60),
    countries: z.array(countryCode, { error: 'Countries must be a list' }).max(250, 'At most 250 countries'),
    regions: z.array(regionCodeField).max(100, 'At most 100 regions').default([]),
    postcode_prefixes: z.array(postcodePrefix).max(100, 'At most 100 postcode prefixes').default([]),
    /** The zone for every country no other zone lists ("Rest of world"). */
    everywhere_else: z.boolean({ error: 'everywhere_else must be true or false' }).default(false),
    methods: z
      .array(zoneMethod, { error: 'Methods must be a list' })
      .min(1, 'Add at least one shipping method')
      .max(20, 'At most 20 methods per zone'),
  })
  .superRefine((zone, ctx) => {
    if (zone.everywhere_else && zone.countries.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['countries'], message: 'The "everywhere else" zone lists no countries' });
    }
    if (!zone.everywhere_else && zone.countries.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['countries'], message: 'Choose at least one country' });
    }
    const narrowed = zone.regions.length > 0 || zone.postcode_prefixes.length > 0;
    if (narrowed && zone.countries.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['countries'],
        message: 'A zone narrowed to regions or postcodes covers exactly one country',
      });
    }
    const seen = new Set<string>();
    zone.countries.forEach((c, i) => {
      if (seen.has(c))
        ctx.addIssue({ code: 'custom', path: ['countries', i], message: `${countryName(c)} is listed twice` });
      seen.add(c);
    });
    const [only] = zone.countries;
    const known = only && zone.countries.length === 1 ? regionsOf(only) : null;
    if (known) {
      zone.regions.forEach((r, i) => {
        if (!known.some(([code]) => code === r)) {
          ctx.addIssue({
            code: 'custom',
            path: ['regions', i],
            message: `${r} is not a region of ${countryName(only as string)}`,
          });
        }
      });
    }
    const codes = new Set<string>();
    zone.methods.forEach((m, i) => {
      if (codes.has(m.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['methods', i, 'code'],
          message: `Two methods of this zone have the code ${m.code}`,
        });
      }
      codes.add(m.code);
    });
  });
export type ShippingZoneWire = z.infer<typeof shippingZone>;

/** What a zone claims, one key each: a whole country, or a country's region × postcode prefix. */
function claims(zone: ShippingZoneWire): string[] {
  if (zone.regions.length === 0 && zone.postcode_prefixes.length === 0) return zone.countries;
  const [country] = zone.countries;
  const regions = zone.regions.length > 0 ? zone.regions : ['*'];
  const prefixes = zone.postcode_prefixes.length > 0 ? zone.postcode_prefixes : ['*'];
  return regions.flatMap((r) => prefixes.map((p) => `${country}|${r}|${p}`));
}

/** A claim as the owner reads it in a message. */
function claimText(key: string): string {
  const [country = '', region = '*', prefix = '*'] = key.split('|');
  const parts = [countryName(country)];
  if (region !== '*') parts.push(region);
  if (prefix !== '*') parts.push(`postcodes ${prefix}…`);
  return parts.join(', ');
}

/** PUT /api/admin/shipping: every zone, in the order checkout tries them. */
export const shippingSettings = z
  .strictObject({
    zones: z.array(shippingZone, { error: 'Zones must be a list' }).max(50, 'At most 50 zones'),
  })
  .superRefine(({ zones }, ctx) => {
    const owner = new Map<string, string>();
    let everywhere = false;
    zones.forEach((zone, i) => {
      if (zone.everywhere_else) {
        if (everywhere) {
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'everywhere_else'],
            message: 'Only one zone can be "everywhere else"',
          });
        }
        everywhere = true;
      }
      for (const key of claims(zone)) {
        const first = owner.get(key);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'countries'],
            message: `${claimText(key)} is already in the zone ${first}`,
          });
          return;
        }
        owner.set(key, zone.name);
      }
    });
  });
export type ShippingSettings = z.infer<typeof shippingSettings>;

/** GET /api/admin/shipping: the zones as saved, each with its id. */
export const shippingSettingsAnswer = z.object({
  zones: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      countries: z.array(z.string()),
      regions: z.array(z.string()),
      postcode_prefixes: z.array(z.string()),
      everywhere_else: z.boolean(),
      methods: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          estimate: z.string(),
          rate: z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('flat'), price: z.number() }),
            z.object({
              kind: z.literal('weight'),
              bands: z.array(z.object({ from_grams: z.number(), to_grams: z.number().nullable(), price: z.number() })),
            }),
            z.object({
              kind: z.literal('subtotal'),
              bands: z.array(z.object({ from: z.number(), to: z.number().nullable(), price: z.number() })),
            }),
          ]),
          free_over: z.number().nullable(),
          free_over_basis: z.enum(['after_discount', 'before_discount']),
        }),
      ),
    }),
  ),
});
export type ShippingSettingsAnswer = z.infer<typeof shippingSettingsAnswer>;

function rateFromWire(rate: RateRuleWire, digits: number): RateRule {
  const minor = (amount: number) => toMinor(amount, digits);
  if (rate.kind === 'flat') return { kind: 'flat', priceCents: minor(rate.price) };
  if (rate.kind === 'weight') {
    return {
      kind: 'weight',
      bands: rate.bands.map((b) => ({ from: b.from_grams, to: b.to_grams, priceCents: minor(b.price) })),
    };
  }
  return {
    kind: 'subtotal',
    bands: rate.bands.map((b) => ({
      from: minor(b.from),
      to: b.to === null ? null : minor(b.to),
      priceCents: minor(b.price),
    })),
  };
}

function rateToWire(rate: RateRule, digits: number): RateRuleWire {
  const amount = (minor: number) => fromMinor(minor, digits);
  if (rate.kind === 'flat') return { kind: 'flat', price: amount(rate.priceCents) };
  if (rate.kind === 'weight') {
    return {
      kind: 'weight',
      bands: rate.bands.map((b) => ({ from_grams: b.from, to_grams: b.to, price: amount(b.priceCents) })),
    };
  }
  return {
    kind: 'subtotal',
    bands: rate.bands.map((b) => ({
      from: amount(b.from),
      to: b.to === null ? null : amount(b.to),
      price: amount(b.priceCents),
    })),
  };
}

const methodFromWire = (m: ZoneMethodWire, digits: number): ZoneMethod => ({
  code: m.code,
  name: m.name,
  estimate: m.estimate,
  rate: rateFromWire(m.rate, digits),
  freeOverCents: m.free_over === null ? null : toMinor(m.free_over, digits),
  afterDiscount: m.free_over_basis === 'after_discount',
});

/** A decimal amount of a save and the field that carries it (`zones.0.methods.1.rate.price`). */
export interface ShippingAmount {
  path: string;
  amount: number | null;
}

/**
 * Every amount of a save with its field: the server checks each against the base currency's digits
 * (docs/adr/050-currencies.md), the schema only against the most any currency has.
 */
export function shippingAmounts(settings: ShippingSettings): ShippingAmount[] {
  return settings.zones.flatMap((z, zi) =>
    z.methods.flatMap((m, mi): ShippingAmount[] => {
      const at = `zones.${zi}.methods.${mi}`;
      const rate: ShippingAmount[] =
        m.rate.kind === 'flat'
          ? [{ path: `${at}.rate.price`, amount: m.rate.price }]
          : m.rate.kind === 'weight'
            ? m.rate.bands.map((b, bi) => ({ path: `${at}.rate.bands.${bi}.price`, amount: b.price }))
            : m.rate.bands.flatMap((b, bi) => [
                { path: `${at}.rate.bands.${bi}.from`, amount: b.from },
                { path: `${at}.rate.bands.${bi}.to`, amount: b.to },
                { path: `${at}.rate.bands.${bi}.price`, amount: b.price },
              ]);
      return [...rate, { path: `${at}.free_over`, amount: m.free_over }];
    }),
  );
}

/**
 * The zones to store from a validated save; `newId` names a zone added in it. Amounts are decimals of
 * the base currency, which has `digits` (docs/adr/050-currencies.md).
 */
export function zonesFromWire(settings: ShippingSettings, newId: () => string, digits: number): ShippingZone[] {
  return settings.zones.map((z) => ({
    id: z.id ?? newId(),
    name: z.name,
    countries: z.countries,
    regions: z.regions,
    postcodePrefixes: z.postcode_prefixes,
    everywhereElse: z.everywhere_else,
    methods: z.methods.map((m) => methodFromWire(m, digits)),
  }));
}

/** The stored zones as GET /api/admin/shipping answers them, amounts in the base currency of `digits`. */
export function zonesToWire(zones: readonly ShippingZone[], digits: number): ShippingSettingsAnswer {
  return {
    zones: zones.map((z) => ({
      id: z.id,
      name: z.name,
      countries: z.countries,
      regions: z.regions,
      postcode_prefixes: z.postcodePrefixes,
      everywhere_else: z.everywhereElse,
      methods: z.methods.map((m) => ({
        code: m.code,
        name: m.name,
        estimate: m.estimate,
        rate: rateToWire(m.rate, digits),
        free_over: m.freeOverCents === null ? null : fromMinor(m.freeOverCents, digits),
        free_over_basis: m.afterDiscount ? 'after_discount' : 'before_discount',
      })),
    })),
  };
}
