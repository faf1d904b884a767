import { z } from 'zod';
import { stopAt } from './text.ts';
import { optionIndex } from './variant-options.ts';

export { optionIndex };

/**
 * Options and variants (ADR 023). A product has up to three options, each a name and its
 * values in order; a variant is one combination of values, with its own SKU, stock and price. The
 * documented `colors` and `available_sizes` are the values of the options named Color (or Colour) and Size.
 */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 100;
/** At most this many variants per product (a grid a person can still edit). */
export const MAX_VARIANTS = 250;
/** Long enough for the demo's slug-and-values SKUs and what other shops export (Shopify allows 255). */
export const MAX_SKU_LENGTH = 200;
/** Search-result lengths, as Shopify's editor limits them: one limit for the editor and the importer. */
export const SEO_LIMITS = { metaTitle: 70, metaDescription: 320 } as const;

export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's option values, in the order of the product's options (null past their count). */
export type OptionValues = [string | null, string | null, string | null];

/** The documented lists of a product with these options. */
export function specLists(options: readonly ProductOption[]): { colors: string[]; sizes: string[] } {
  const c = optionIndex(options, 'color');
  const s = optionIndex(options, 'size');
  return { colors: c < 0 ? [] : [...options[c]!.values], sizes: s < 0 ? [] : [...options[s]!.values] };
}

/** The options of a product that only has the documented lists (the previous release, a plain form). */
export function optionsFromLists(colors: readonly string[], sizes: readonly string[]): ProductOption[] {
  const out: ProductOption[] = [];
  if (colors.length > 0) out.push({ name: 'Color', values: [...new Set(colors)] });
  if (sizes.length > 0) out.push({ name: 'Size', values: [...new Set(sizes)] });
  return out;
}

/** Every combination of the options' values, the first option varying slowest; one empty one without options. */
export function combinations(options: readonly ProductOption[]): OptionValues[] {
  let rows: (string | null)[][] = [[]];
  for (const option of options.slice(0, MAX_OPTIONS)) {
    rows = rows.flatMap((row) => option.values.map((v) => [...row, v]));
  }
  return rows.map((r) => [r[0] ?? null, r[1] ?? null, r[2] ?? null]);
}

/** `total` over `n` parts as evenly as whole numbers allow, the first parts taking the remainder. */
export function splitEvenly(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  const rest = total - base * n;
  return Array.from({ length: n }, (_, k) => base + (k < rest ? 1 : 0));
}

/** A SKU made of the product's slug and the variant's values: `tee`, `tee-red-m`. */
export function defaultSku(slug: string, values: readonly (string | null)[]): string {
  const suffix = values
    .filter((v): v is string => v !== null)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // One dash at most each end after the collapse above; a plain pattern keeps this linear (ADR 011).
    .replace(/^-|-$/g, '');
  return suffix ? `${slug}-${suffix}` : slug;
}

/** The same values, compared without regard to case or surrounding spaces. */
export function sameValue(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
}

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

/** A SKU: visible characters without spaces (what barcodes and warehouse systems take). */
export const sku = z
  .string({ error: 'sku must be text' })
  .trim()
  .min(1, 'sku is required')
  .max(MAX_SKU_LENGTH, stopAt(`sku must be at most ${MAX_SKU_LENGTH} characters`))
  .regex(/^[\x21-\x7e]+$/, 'sku must be visible characters without spaces');

export const productOption = z.strictObject({
  name: text('option name', 40),
  values: z
    .array(text('option value', 50), { error: 'option values must be a list' })
    .min(1, 'an option needs at least one value')
    .max(MAX_OPTION_VALUES, `an option has at most ${MAX_OPTION_VALUES} values`)
    .refine((vs) => new Set(vs.map((v) => v.toLowerCase())).size === vs.length, 'option values must differ'),
});

export const productOptions = z
  .array(productOption, { error: 'options must be a list' })
  .max(MAX_OPTIONS, `a product has at most ${MAX_OPTIONS} options`)
  .refine((os) => new Set(os.map((o) => o.name.toLowerCase())).size === os.length, 'option names must differ');

/** A variant as the storefront sees it (GET /api/products/:id/variants). Prices in currency units. */
export const publicVariant = z.object({
  id: z.string(),
  sku: z.string(),
  /** Values of the product's options, in order. */
  options: z.array(z.string()),
  price: z.number(),
  compare_at_price: z.number(),
  available: z.number().int(),
  in_stock: z.boolean(),
  image: z.string().nullable(),
  /** Its own tax class, else the product's. */
  tax_class: z.string(),
});
export type PublicVariant = z.infer<typeof publicVariant>;

export const productVariantsAnswer = z.object({
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(publicVariant),
});
export type ProductVariantsAnswer = z.infer<typeof productVariantsAnswer>;
