import { z } from 'zod';
import { product } from './catalog.ts';
import { paged, pageQuery } from './common.ts';
import { hasAtMostDecimals, MAX_CURRENCY_DIGITS } from './currency.ts';
import { discountedCents, fromCents, hasAtMostTwoDecimals } from './money.ts';
import { methodCode } from './orders.ts';
import { richText } from './rich-text-field.ts';
import { STANDARD_CLASS } from './tax.ts';
import { stopAt } from './text.ts';
import { MAX_OPTIONS, MAX_VARIANTS, productOptions, SEO_LIMITS, sku } from './variants.ts';

/** Admin Products: the list, the product form, stock adjustments, sales and image uploads. */

export const ADMIN_PRODUCT_SORTS = ['name', 'price', 'stock', 'date_added', 'sold'] as const;
export const STOCK_FILTERS = ['in_stock', 'low', 'out'] as const;
export const MAX_PRICE = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_IMAGES = 10;
/** Uploads: the largest file accepted and the sizes it is re-encoded to (webp). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_VARIANTS = { large: 1200, thumb: 400 } as const;
export type UploadVariant = keyof typeof UPLOAD_VARIANTS;

const optionalText = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

export const adminProductListQuery = pageQuery.extend({
  q: optionalText('q', 200),
  category: optionalText('category', 50),
  published: z
    .enum(['true', 'false'], { error: 'published must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  stock: z.enum(STOCK_FILTERS, { error: `stock must be one of ${STOCK_FILTERS.join(', ')}` }).optional(),
  sort: z
    .enum(ADMIN_PRODUCT_SORTS, { error: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` })
    .default('date_added'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

/**
 * A variant as staff edit it: its own price and compare-at price, null when it takes the
 * product's sale and regular price; `options` are its values in the order of the product's options.
 */
export const adminVariant = z.object({
  id: z.string(),
  sku: z.string(),
  options: z.array(z.string()),
  price: z.number().nullable(),
  compare_at_price: z.number().nullable(),
  available: z.number().int(),
  sold_count: z.number().int(),
  image: z.string().nullable(),
  barcode: z.string().nullable(),
  weight_grams: z.number().int().nullable(),
  /** Its own tax class; null: the product's (docs/adr/049-tax-by-destination.md). */
  tax_class: z.string().nullable(),
});
export type AdminVariant = z.infer<typeof adminVariant>;

/**
 * A product as staff see it: the storefront's fields plus featured tags, units sold, its options and
 * variants and its SEO fields.
 */
export const adminProduct = product.extend({
  featured: z.array(z.string()),
  sold_count: z.number().int(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(adminVariant),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  /** The owner's tags (Shopify's Tags, kept by an import). */
  tags: z.array(z.string()),
  /** The owner's product type (Shopify's Type); empty when none. */
  product_type: z.string(),
  /** The product's tax class, one of Settings › Tax's (docs/adr/049-tax-by-destination.md). */
  tax_class: z.string(),
  /** Picture addresses an import could not fetch: `POST products/:id/missing-images/fetch` tries again. */
  missing_images: z.array(z.string()),
});
export type AdminProduct = z.infer<typeof adminProduct>;
export const adminProductList = paged(adminProduct);
export type AdminProductList = z.infer<typeof adminProductList>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Product pictures are served by the shop itself (`/media/…`, the CSP allows no other host); no `..`. */
const IMAGE_PATH = /^\/media\/[A-Za-z0-9._~\-/]+$/;
const IMAGE_MESSAGE = 'images must be pictures uploaded to the shop (/media/… addresses)';
/** A picture uploaded to the shop: a `/media/…` path without `..` (also brand logos and variant images). */
export const mediaPath = (message = IMAGE_MESSAGE) =>
  z
    .string({ error: message })
    .max(300, stopAt(message))
    .regex(IMAGE_PATH, message)
    .refine((path) => !path.includes('..'), message);

/**
 * A price in the base currency: the contract allows the most decimals any currency has; the server
 * refuses more than the base's own (docs/adr/050-currencies.md).
 */
const money = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} must not be negative`)
    .max(MAX_PRICE, `${name} must be at most ${MAX_PRICE}`)
    .refine(
      (v) => hasAtMostDecimals(v, MAX_CURRENCY_DIGITS),
      `${name} must have at most ${MAX_CURRENCY_DIGITS} decimals`,
    );

/** An SEO text: blank means none (null), so the page falls back to the name and description. */
function optionalSeo(name: string, max: number) {
  return z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null);
}

const textList = (name: string, maxItems: number, maxLength: number) =>
  z
    .array(
      z
        .string({ error: `${name} must be a list of texts` })
        .trim()
        .min(1, `${name} must not contain empty entries`)
        .max(maxLength, `each of ${name} must be at most ${maxLength} characters`),
      { error: `${name} must be a list of texts` },
    )
    .max(maxItems, `${name} may have at most ${maxItems} entries`)
    .refine((list) => new Set(list.map((v) => v.toLowerCase())).size === list.length, `${name} must not repeat`);

/** A product type is at most this long (Shopify's Type is 255; ours are short words like "Shirts"). */
export const PRODUCT_TYPE_CHARS = 100;

/** A product's tags (the owner's words, Shopify's Tags): at most this many, each at most TAG_CHARS long. */
export const MAX_TAGS = 50;
export const TAG_CHARS = 100;

/**
 * A tax class code as Settings › Tax names its classes ("standard", "reduced"); the store must have it
 * (docs/adr/049-tax-by-destination.md).
 */
export const taxClassCode = methodCode('Tax class must be a class code like "reduced"');

/** Every field staff may set. Unknown fields are refused (`strictObject`): no mass assignment. */
const productFields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(200, 'name must be at most 200 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(200, stopAt('slug must be at most 200 characters'))
    .regex(SLUG, 'slug may contain only lowercase letters, digits and single dashes'),
  /** Rich text: the server keeps only its allow-list (docs/adr/044-rich-text.md). */
  description: richText('description'),
  /** The owner's product type (Shopify's `Type`), free text. */
  product_type: z
    .string({ error: 'Product type must be text' })
    .trim()
    .max(PRODUCT_TYPE_CHARS, stopAt(`Product type must be at most ${PRODUCT_TYPE_CHARS} characters`)),
  tax_class: taxClassCode,
  category: z.string({ error: 'category is required' }).trim().min(1, 'category is required').max(50),
  subcategory: z.string().trim().min(1).max(100).nullable(),
  brand: z.string().trim().min(1).max(50).nullable(),
  regular_price: money('Regular price'),
  sale_price: money('Sale price'),
  percentage_discount: z
    .number({ error: 'Discount (%) must be a whole number' })
    .int('Discount (%) must be a whole number')
    .min(0, 'Discount (%) must not be negative')
    .max(100, 'Discount (%) must be at most 100'),
  images: z
    .array(mediaPath())
    .max(MAX_IMAGES, `A product may have at most ${MAX_IMAGES} pictures`)
    .refine((list) => new Set(list).size === list.length, 'Pictures must not repeat'),
  colors: textList('Colours', 30, 50),
  available_sizes: textList('Sizes', 30, 30),
  features: textList('Features', 30, 300),
  featured: textList('Featured in', 20, 100),
  tags: textList('Tags', MAX_TAGS, TAG_CHARS),
  published: z.boolean({ error: 'Published must be on or off' }),
  options: productOptions,
  meta_title: optionalSeo('Meta title', SEO_LIMITS.metaTitle),
  meta_description: optionalSeo('Meta description', SEO_LIMITS.metaDescription),
};

const stock = z
  .number({ error: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock must not be negative')
  .max(MAX_STOCK, `Stock must be at most ${MAX_STOCK}`);

const stockOf = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must not be negative`)
    .max(MAX_STOCK, `${name} must be at most ${MAX_STOCK}`);

/**
 * One row of the variants grid. `options` are its values in the order of the product's
 * options. `id` names a stored variant (without it, a stored variant with the same values is meant).
 * Stock is optimistic: to change an existing variant's `available`, send `expected_available`, the stock
 * the editor loaded; when an order took stock in between the change is refused (409), never overwritten.
 * `available` left out keeps the stored stock (0 for a new variant).
 */
export const variantInput = z.strictObject({
  id: z.uuid('a variant id must be a UUID').optional(),
  sku: sku.optional(),
  options: z
    .array(z.string({ error: 'option values must be text' }).trim().min(1, 'an option value is required').max(50), {
      error: 'options must be a list of option values',
    })
    .max(MAX_OPTIONS, `a variant has at most ${MAX_OPTIONS} option values`)
    .default([]),
  price: money('Price').nullable().default(null),
  compare_at_price: money('Compare-at price').nullable().default(null),
  available: stockOf('Stock').optional(),
  expected_available: stockOf('Expected stock').optional(),
  image: mediaPath('a variant image must be a picture uploaded to the shop (/media/… address)')
    .nullable()
    .default(null),
  barcode: z
    .string({ error: 'barcode must be text' })
    .trim()
    .max(64, 'barcode must be at most 64 characters')
    .nullable()
    .default(null)
    .transform((v) => v || null),
  weight_grams: z
    .number({ error: 'Weight (g) must be a whole number' })
    .int('Weight (g) must be a whole number')
    .min(0, 'Weight (g) must not be negative')
    .max(1_000_000, 'Weight (g) must be at most 1000000')
    .nullable()
    .default(null),
  /** Its own tax class; null: the product's; left out: as stored (the product's for a new variant). */
  tax_class: taxClassCode.nullable().optional(),
});
export type VariantInput = z.infer<typeof variantInput>;
export type VariantInputFields = z.input<typeof variantInput>;

const variantList = z
  .array(variantInput, { error: 'variants must be a list' })
  .min(1, 'a product has at least one variant')
  .max(MAX_VARIANTS, `a product has at most ${MAX_VARIANTS} variants`);

/** The documented lists follow the options: a request gives one or the other. */
const listsOrOptions = (p: { options?: unknown; colors?: unknown; available_sizes?: unknown }) =>
  p.options === undefined || (p.colors === undefined && p.available_sizes === undefined);
const listsIssue = {
  message: 'colors and available_sizes follow the options: give options or the lists, not both',
  path: ['options'],
};

/** A sale price not above the regular one (both in the same request, or one with the stored other). */
const salePriceRule = (p: { regular_price?: number; sale_price?: number }) =>
  p.regular_price === undefined || p.sale_price === undefined || p.sale_price <= p.regular_price;
const saleIssue = { message: 'Sale price must not be greater than the regular price', path: ['sale_price'] };

/** POST /api/admin/products. Without a slug one is made from the name; stock starts at `available`. */
export const createProductBody = z
  .strictObject({
    name: productFields.name,
    slug: productFields.slug.optional(),
    description: productFields.description.default(''),
    product_type: productFields.product_type.default(''),
    tax_class: productFields.tax_class.default(STANDARD_CLASS),
    category: productFields.category,
    subcategory: productFields.subcategory.default(null),
    brand: productFields.brand.default(null),
    regular_price: productFields.regular_price,
    sale_price: productFields.sale_price.optional(),
    percentage_discount: productFields.percentage_discount.optional(),
    images: productFields.images.default([]),
    /** The documented lists, for a product made without `options` (they become the Color and Size options). */
    colors: productFields.colors.optional(),
    available_sizes: productFields.available_sizes.optional(),
    features: productFields.features.default([]),
    featured: productFields.featured.default([]),
    tags: productFields.tags.default([]),
    published: productFields.published.default(false),
    /** Without `variants`: the stock, split evenly over the generated variants. */
    available: stock.optional(),
    options: productFields.options.optional(),
    /** Without it every combination of the options is generated (one variant when there are none). */
    variants: variantList.optional(),
    meta_title: productFields.meta_title.optional(),
    meta_description: productFields.meta_description.optional(),
  })
  .refine(salePriceRule, saleIssue)
  .refine(listsOrOptions, listsIssue)
  .refine((p) => p.available === undefined || p.variants === undefined, {
    message: 'give the stock per variant (variants[].available) or available, not both',
    path: ['available'],
  });
export type CreateProductBody = z.infer<typeof createProductBody>;
export type CreateProductInput = z.input<typeof createProductBody>;

/** PATCH /api/admin/products/:id: any of the fields; stock changes only by an adjustment with a reason. */
export const updateProductBody = z
  .strictObject({
    name: productFields.name.optional(),
    slug: productFields.slug.optional(),
    description: productFields.description.optional(),
    product_type: productFields.product_type.optional(),
    tax_class: productFields.tax_class.optional(),
    category: productFields.category.optional(),
    subcategory: productFields.subcategory.optional(),
    brand: productFields.brand.optional(),
    regular_price: productFields.regular_price.optional(),
    sale_price: productFields.sale_price.optional(),
    percentage_discount: productFields.percentage_discount.optional(),
    images: productFields.images.optional(),
    colors: productFields.colors.optional(),
    available_sizes: productFields.available_sizes.optional(),
    features: productFields.features.optional(),
    featured: productFields.featured.optional(),
    tags: productFields.tags.optional(),
    published: productFields.published.optional(),
    /**
     * New options: stored variants carry over to the combinations where their values still exist; without
     * `variants` every other combination is added with no stock. A variant left without a place that has
     * stock or sales refuses the change (409) rather than vanish.
     */
    options: productFields.options.optional(),
    /** The whole list of variants (the grid); stored ones not in it are removed, unless they have stock or sales. */
    variants: variantList.optional(),
    meta_title: productFields.meta_title.optional(),
    meta_description: productFields.meta_description.optional(),
  })
  .refine(salePriceRule, saleIssue)
  .refine(listsOrOptions, listsIssue);
export type UpdateProductBody = z.infer<typeof updateProductBody>;

/** The percentage a sale price takes off, as the catalogue shows it (whole percent). */
export function percentOff(regularCents: number, saleCents: number): number {
  if (regularCents <= 0 || saleCents >= regularCents) return 0;
  return Math.min(100, Math.max(0, Math.round(((regularCents - saleCents) * 100) / regularCents)));
}

/**
 * Sale price and percentage discount kept consistent the way the catalogue computes them
 * (`sale = discountedCents(regular, percentage)`): a percentage alone sets the sale price; a sale
 * price alone sets the percentage (rounded); both must agree; neither keeps `fallbackPercentage`.
 * Returns an error message when they disagree or the sale price is above the regular one.
 */
export function resolvePricing(input: {
  regularCents: number;
  saleCents?: number;
  percentage?: number;
  fallbackPercentage?: number;
}): { saleCents: number; percentage: number } | { error: string } {
  const { regularCents, saleCents, percentage } = input;
  if (saleCents !== undefined && saleCents > regularCents) {
    return { error: 'Sale price must not be greater than the regular price' };
  }
  if (saleCents !== undefined && percentage !== undefined) {
    if (saleCents === discountedCents(regularCents, percentage) || percentOff(regularCents, saleCents) === percentage) {
      return { saleCents, percentage };
    }
    return {
      error: `Sale price and discount (%) disagree: ${percentage}% off gives ${fromCents(discountedCents(regularCents, percentage)).toFixed(2)}`,
    };
  }
  if (saleCents !== undefined) return { saleCents, percentage: percentOff(regularCents, saleCents) };
  const pct = percentage ?? input.fallbackPercentage ?? 0;
  return { saleCents: discountedCents(regularCents, pct), percentage: pct };
}

/** A product name as a URL slug: `Blue Shirt (XL)` → `blue-shirt-xl`. */
/** Letters NFKD leaves whole (they are not a base letter plus a mark), spelt as ASCII. */
const LETTERS_WITHOUT_DECOMPOSITION: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(LETTERS_WITHOUT_DECOMPOSITION).join('')}]`, 'g');

/**
 * Latin letters folded to ASCII: accents split off (NFKD) and dropped, and the letters NFKD keeps
 * whole spelt out ('Ünïcødé' → 'unicode', not 'unic-de'). Lower-cased; one pass each, linear.
 */
export function foldToAscii(text: string): string {
  return text
    .toLowerCase()
    .replace(UNDECOMPOSED, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

export function slugify(name: string): string {
  return (
    foldToAscii(name)
      .replace(/[^a-z0-9]+/g, '-')
      // Runs are single dashes by now: one at either end at most (not `-+$`, quadratic on long runs).
      .replace(/^-|-$/g, '')
      .slice(0, 80)
      .replace(/-$/, '') || 'product'
  );
}

export const bulkPublishBody = z.strictObject({
  ids: z
    .array(z.uuid('ids must be product UUIDs'), { error: 'ids must be a list of product UUIDs' })
    .min(1, 'choose at least one product')
    .max(200, 'at most 200 products at a time'),
  published: z.boolean({ error: 'published must be true or false' }),
});
export type BulkPublishBody = z.infer<typeof bulkPublishBody>;
export const bulkPublishResult = z.object({ updated: z.number().int() });

/** Bulk edit: at most this many products at once. */
export const MAX_BULK = 500;
export const MAX_PERCENT_CHANGE = 1000;

/**
 * POST /api/admin/products/bulk: one or more changes over a selection, in one transaction.
 * - `price`: `set` gives every product this regular price (its discount kept) and clears its variants'
 *   own prices, so they all cost it; `percent` moves the product's and its variants' own prices by ±n %.
 * - `stock`: every variant of each product to this figure (recorded as adjustments).
 * - `category`: moves them (subcategory and featured tags of the old category are dropped).
 * - `published`: publishes or unpublishes them.
 */
export const bulkEditBody = z
  .strictObject({
    ids: z
      .array(z.uuid('ids must be product UUIDs'), { error: 'ids must be a list of product UUIDs' })
      .min(1, 'choose at least one product')
      .max(MAX_BULK, `at most ${MAX_BULK} products at a time`),
    price: z
      .discriminatedUnion(
        'mode',
        [
          z.strictObject({ mode: z.literal('set'), value: money('Price') }),
          z.strictObject({
            mode: z.literal('percent'),
            value: z
              .number({ error: 'the percentage must be a number' })
              .finite('the percentage must be a number')
              .min(-99, 'a price can go down by at most 99 %')
              .max(MAX_PERCENT_CHANGE, `a price can go up by at most ${MAX_PERCENT_CHANGE} %`)
              .refine(hasAtMostTwoDecimals, 'the percentage must have at most 2 decimals')
              .refine((v) => v !== 0, 'the percentage must not be 0'),
          }),
        ],
        { error: 'price.mode must be set or percent' },
      )
      .optional(),
    stock: stockOf('Stock').optional(),
    category: productFields.category.optional(),
    published: productFields.published.optional(),
  })
  .refine(
    (b) => b.price !== undefined || b.stock !== undefined || b.category !== undefined || b.published !== undefined,
    { message: 'choose a change: price, stock, category or published', path: ['ids'] },
  );
export type BulkEditBody = z.infer<typeof bulkEditBody>;
export type BulkEditInput = z.input<typeof bulkEditBody>;
export const bulkEditResult = z.object({ updated: z.number().int() });
export type BulkEditResult = z.infer<typeof bulkEditResult>;

export const stockAdjustmentBody = z.strictObject({
  /** Which variant. Left out: the product's (added to its first variant, removed from its variants in order). */
  variant_id: z.uuid('variant_id must be a UUID').optional(),
  delta: z
    .number({ error: 'delta must be a whole number' })
    .int('delta must be a whole number')
    .min(-MAX_STOCK, `delta must be at least -${MAX_STOCK}`)
    .max(MAX_STOCK, `delta must be at most ${MAX_STOCK}`)
    .refine((v) => v !== 0, 'delta must not be 0'),
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(500, 'reason must be at most 500 characters'),
});
export type StockAdjustmentBody = z.infer<typeof stockAdjustmentBody>;

export const STOCK_REASONS = ['order', 'order_cancelled', 'payment_declined', 'payment_expired', 'adjustment'] as const;
export const stockMovement = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  note: z.string().nullable(),
  variant_id: z.string().nullable(),
  sku: z.string().nullable(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  actor_email: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;
export const stockMovementList = paged(stockMovement);
export type StockMovementList = z.infer<typeof stockMovementList>;

/**
 * `available` is the product's stock (all its variants); `variants` the ones changed (one, unless a whole
 * product's stock was removed over several), each with its movement in `movements`; `movement` is the first.
 */
export const stockAdjustmentResult = z.object({
  available: z.number().int(),
  variants: z.array(
    z.object({ id: z.string(), sku: z.string(), available: z.number().int(), delta: z.number().int() }),
  ),
  movement: stockMovement,
  movements: z.array(stockMovement),
});
export type StockAdjustmentResult = z.infer<typeof stockAdjustmentResult>;

export const productSaleLine = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total: z.number(),
  created_at: z.string(),
});
export const productSales = z.object({
  units_sold: z.number().int(),
  revenue: z.number(),
  orders_count: z.number().int(),
  recent: z.array(productSaleLine),
});
export type ProductSales = z.infer<typeof productSales>;

export const uploadedImage = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

/** `/media/uploads/{id}/{variant}.webp`: where an uploaded picture is served. */
export const uploadUrl = (id: string, variant: UploadVariant) => `/media/uploads/${id}/${variant}.webp`;

/** The form's choices: categories with their subcategories, brands and featured tags. */
export const productFormOptions = z.object({
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      subcategories: z.array(z.object({ slug: z.string(), name: z.string() })),
      featured: z.array(z.object({ slug: z.string(), name: z.string() })),
    }),
  ),
  brands: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ProductFormOptions = z.infer<typeof productFormOptions>;
