import { z } from 'zod';
import { paged, pageQuery } from './common.ts';

/** spec §2 filter lists. `clothing` is the filter name of the `fashion` category (DESIGN §7). */
export const FILTER_CATEGORIES = ['all', 'electronics', 'clothing', 'home', 'sports', 'books'] as const;
export const SORTS = ['popular', 'newest', 'price-low', 'price-high', 'rating'] as const;
export const FILTER_BRANDS = ['all', 'apple', 'samsung', 'nike', 'adidas'] as const;
export const CATEGORY_ALIASES: Record<string, string> = { clothing: 'fashion' };

export const product = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  subcategory: z.string().nullable(),
  brand: z.string().nullable(),
  sale_price: z.number(),
  regular_price: z.number(),
  percentage_discount: z.number().int(),
  images: z.array(z.string()),
  colors: z.array(z.string()),
  available_sizes: z.array(z.string()),
  features: z.array(z.string()),
  available: z.number().int(),
  in_stock: z.boolean(),
  published: z.boolean(),
  rating: z.number(),
  rating_count: z.number().int(),
  date_added: z.string(),
  modified_by: z.string().nullable(),
  modified_date: z.string(),
});
export type Product = z.infer<typeof product>;

/** An optional filter text; blank means "no filter" (undefined). */
const trimmedOptional = (name: string, max: number, lower = true) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? (lower ? v.toLowerCase() : v) : undefined));
/** Prices on the wire are decimals in currency units (DESIGN §6); the API compares them in cents. */
const price = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} must not be negative`)
    .max(10_000_000, `${name} must be at most 10000000`)
    .optional();

/**
 * GET products (spec §2 filter lists). `category` takes `all`, a category id or the alias `clothing`;
 * `brand` takes `all` or a brand id; `subcategory` and `featured` take the lowercased names the spec's
 * links carry. Without `sort`, a search ranks by relevance and a plain listing by popularity.
 */
export const productListQuery = pageQuery
  .extend({
    category: trimmedOptional('category', 50),
    subcategory: trimmedOptional('subcategory', 100),
    brand: trimmedOptional('brand', 50),
    featured: trimmedOptional('featured', 100),
    q: trimmedOptional('q', 200, false),
    min_price: price('min_price'),
    max_price: price('max_price'),
    in_stock: z
      .enum(['true', 'false'], { error: 'in_stock must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
    sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'min_price must not be greater than max_price',
    path: ['min_price'],
  });
export type ProductListQuery = z.infer<typeof productListQuery>;
/** What callers may pass in-process (server-side loaders): the query before defaults apply. */
export type ProductListInput = z.input<typeof productListQuery>;

/** GET products/:id takes the product's UUID or its slug. */
export const productIdParam = z.object({
  id: z.string().trim().min(1, 'id is required').max(200, 'id must be at most 200 characters'),
});

export const productList = paged(product);
export type ProductList = z.infer<typeof productList>;

export const subcategory = z.object({ name: z.string(), slug: z.string(), icon: z.string(), count: z.number().int() });
export const featuredCard = z.object({ name: z.string(), slug: z.string(), image: z.string() });
export const category = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  count: z.number().int(),
  subcategories: z.array(subcategory),
  featured: z.array(featuredCard),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.array(category);

export const brand = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export const brandList = z.array(brand);
