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

const trimmedOptional = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
const price = z.coerce.number().finite('price must be a number').min(0, 'price must not be negative').max(10_000_000);

export const productListQuery = pageQuery.extend({
  category: trimmedOptional(50).transform((v) => (v ? v.toLowerCase() : v)),
  subcategory: trimmedOptional(100).transform((v) => (v ? v.toLowerCase() : v)),
  brand: trimmedOptional(50).transform((v) => (v ? v.toLowerCase() : v)),
  featured: trimmedOptional(100).transform((v) => (v ? v.toLowerCase() : v)),
  q: trimmedOptional(200),
  min_price: price.optional(),
  max_price: price.optional(),
  in_stock: z
    .enum(['true', 'false'], { error: 'in_stock must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).default('popular'),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

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
