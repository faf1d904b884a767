import { z } from 'zod';
import { SORTS } from './categories.ts';
import { paged, pageQuery } from './common.ts';
import { stopAt } from './text.ts';

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
  /** The tax class its price is taxed in: a storefront that shows prices with tax adds the class's rate. */
  tax_class: z.string(),
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

/**
 * GET products/:id: the documented product plus what its page shows besides — the SEO title and
 * description (null: the page uses the name and description) and the brand's name and page slug.
 */
export const productDetail = product.extend({
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  brand_name: z.string().nullable(),
  brand_slug: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** An optional filter text; blank means "no filter" (undefined). */
const trimmedOptional = (name: string, max: number, lower = true) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? (lower ? v.toLowerCase() : v) : undefined));

/**
 * An optional id filter (category, brand): lowercase letters and digits in dash-separated words, like
 * the catalogue's ids (`apple`, `the-north-face`); blank means "no filter". The length is checked
 * first and stops there (ADR 011), so the pattern never reads more than 50 characters.
 */
const idFilter = (name: string) =>
  z
    .string()
    .trim()
    .max(50, stopAt(`${name} must be at most 50 characters`))
    .toLowerCase()
    .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, `${name} must be an id of lowercase letters, digits and dashes`)
    .optional()
    .transform((v) => v || undefined);

/** Prices on the wire are decimals in currency units (docs/architecture.md §6); the API compares them in cents. */
const price = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} must not be negative`)
    .max(10_000_000, `${name} must be at most 10000000`)
    .optional();

/**
 * The filters that narrow a listing, brand aside: what the brand facets (GET brands) are counted for.
 * `category` takes `all`, a category id or the alias `clothing`; `subcategory` and `featured` take
 * the lowercased names the documented links carry.
 */
const listingFilterFields = {
  category: idFilter('category'),
  subcategory: trimmedOptional('subcategory', 100),
  featured: trimmedOptional('featured', 100),
  /** One of the owner's product tags, as written. */
  tag: trimmedOptional('tag', 100),
  q: trimmedOptional('q', 200, false),
  min_price: price('min_price'),
  max_price: price('max_price'),
  in_stock: z
    .enum(['true', 'false'], { error: 'in_stock must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
};
const pricesInOrder = (q: { min_price?: number; max_price?: number }) =>
  q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price;
const pricesOutOfOrder = { message: 'min_price must not be greater than max_price', path: ['min_price'] };

/**
 * GET products (docs/product.md §2 filter lists): the listing filters plus `brand` (`all` or a brand id) and the
 * documented sort. Without `sort`, a search ranks by relevance and a plain listing by popularity.
 */
export const productListQuery = pageQuery
  .extend({
    ...listingFilterFields,
    brand: idFilter('brand'),
    sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).optional(),
  })
  .refine(pricesInOrder, pricesOutOfOrder);
export type ProductListQuery = z.infer<typeof productListQuery>;
/** What callers may pass in-process (server-side loaders): the query before defaults apply. */
export type ProductListInput = z.input<typeof productListQuery>;

/**
 * GET brands: the listing filters the brand counts are taken within (the brand
 * list is the current result's facets). A `brand` filter is not among them: the counts show what
 * choosing another brand would find.
 */
export const brandFacetQuery = z.object(listingFilterFields).refine(pricesInOrder, pricesOutOfOrder);
export type BrandFacetQuery = z.infer<typeof brandFacetQuery>;

/** GET products/:id takes the product's UUID or its slug. */
export const productIdParam = z.object({
  id: z.string().trim().min(1, 'id is required').max(200, 'id must be at most 200 characters'),
});

export const productList = paged(product);
export type ProductList = z.infer<typeof productList>;

export const subcategory = z.object({
  name: z.string(),
  slug: z.string(),
  /** Slugs it had before a rename: `?subcategory=` takes them for it. */
  former_slugs: z.array(z.string()),
  icon: z.string(),
  count: z.number().int(),
});
export const featuredCard = z.object({
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  /** Where the card leads: the owner's link, or the listing of its products (`/products?featured={slug}`). */
  href: z.string(),
});
/** The offer box of a category's menu panel, as the owner wrote it. */
export const categoryOffer = z.object({ title: z.string(), text: z.string(), link: z.string().nullable() });
export const category = z.object({
  id: z.string(),
  name: z.string(),
  /** Other names `?category=` takes for it; the first is its entry in the listing's filter list. */
  aliases: z.array(z.string()),
  /** The addresses it had before: `?category=` takes them, and its page answers a 301 to the current one. */
  former_ids: z.array(z.string()),
  icon: z.string(),
  count: z.number().int(),
  description: z.string(),
  subcategories: z.array(subcategory),
  featured: z.array(featuredCard),
  /** None unless the owner wrote one: the shop shows no promotion it was not given. */
  offer: categoryOffer.nullable(),
  /** The label beside the featured cards, or none. */
  badge: z.string().nullable(),
  /** A picture uploaded to the shop, or none. */
  picture: z.string().nullable(),
  /** The page's title and description for search engines, as the owner wrote them (empty: none). */
  seo_title: z.string(),
  seo_description: z.string(),
});
export type Category = z.infer<typeof category>;

/** Whether `name` is another name of the category, or an address it had: one that leads to it. */
export function leadsTo(category: Pick<Category, 'aliases' | 'former_ids'>, name: string): boolean {
  return category.aliases.includes(name) || category.former_ids.includes(name);
}
export const categoryList = z.array(category);

/**
 * A brand with its number of published products (matching the query's filters, when given), and the
 * slug of its page (/brands/{slug}).
 */
export const brand = z.object({ id: z.string(), name: z.string(), slug: z.string(), count: z.number().int() });
export const brandList = z.array(brand);

/** GET brands/:slug takes a brand's page slug; an unknown one is 404. */
export const brandSlugParam = z.object({
  slug: z.string().trim().min(1, 'slug is required').max(100, 'slug must be at most 100 characters'),
});

/** A brand's record as its page shows it. `logo` is a /media/… path or null. */
export const brandRecord = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
});
export type BrandRecord = z.infer<typeof brandRecord>;
