import { z } from 'zod';
import { mediaPath } from './admin-catalog.ts';
import { categoryOffer } from './catalog.ts';
import { isPlainLine } from './invoices.ts';
import { richText } from './rich-text-field.ts';
import { stopAt } from './text.ts';

/**
 * The shop's categories as the owner manages them in admin Categories: a tree of categories and their
 * subcategories, each category with the content of its menu panel (docs/adr/035-owner-categories.md).
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A category's id in a path: ids are slugs (`electronics`, `garden-tools`), made from the first name. */
export const categoryIdParam = z.object({
  id: z
    .string()
    .max(50, stopAt('the category id must be at most 50 characters'))
    .regex(SLUG, 'the category id may contain only lowercase letters, digits and dashes'),
});

export const subcategoryParams = categoryIdParam.extend({
  subId: z.coerce
    .number({ error: 'the subcategory id must be a number' })
    .int('the subcategory id must be a whole number')
    .min(1, 'the subcategory id must be a number')
    .max(2_147_483_647, 'the subcategory id is too large'),
});

/** DELETE /api/admin/categories/:id?move_to=: where its products go when it has any. */
export const deleteCategoryQuery = z.strictObject({
  move_to: categoryIdParam.shape.id.optional(),
});

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(60, stopAt('name must be at most 60 characters'));

/** An icon of the storefront's set by its name (`Smartphone`, `Shirt`); one it does not know shows a tag. */
const icon = z
  .string({ error: 'icon must be text' })
  .trim()
  .max(40, stopAt('icon must be at most 40 characters'))
  .regex(/^[A-Za-z0-9]*$/, 'icon must be the name of an icon (letters and digits)');

/** A path of this shop (`/products?sale=1`) or an https:// address: nothing that runs, nothing protocol-relative. */
export function isOfferLink(value: string): boolean {
  if (/\s/.test(value) || value.includes('\\')) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https:\/\/[^/?#.]+\.[^/?#]+/i.test(value);
}

/** A link of the menu panel (its offer's, a featured card's): empty or null is none. */
const panelLink = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(300, stopAt(`${what} must be at most 300 characters`))
    .refine(
      (v) => v === '' || isOfferLink(v),
      `${what} must be a path of this shop (starting with /) or an https:// address`,
    )
    .transform((v) => (v === '' ? null : v))
    .nullable();

const offer = z.strictObject({
  title: z
    .string({ error: 'the offer title is required' })
    .trim()
    .min(1, 'the offer title is required')
    .max(60, stopAt('the offer title must be at most 60 characters')),
  text: z
    .string({ error: 'the offer text is required' })
    .trim()
    .min(1, 'the offer text is required')
    .max(200, stopAt('the offer text must be at most 200 characters')),
  link: panelLink('the offer link').default(null),
});

const badge = z
  .string({ error: 'badge must be text' })
  .trim()
  .max(30, stopAt('badge must be at most 30 characters'))
  .transform((v) => (v === '' ? null : v))
  .nullable();

/** Rich text: the server keeps only its allow-list (docs/adr/044-rich-text.md). */
const description = richText('description');

/** What search engines show for the category's page; empty: made from its name and description. */
const seoTitle = z
  .string({ error: 'the search title must be text' })
  .trim()
  .max(70, stopAt('the search title must be at most 70 characters'))
  .refine(isPlainLine, 'the search title must be one plain line');
const seoDescription = z
  .string({ error: 'the search description must be text' })
  .trim()
  .max(160, stopAt('the search description must be at most 160 characters'))
  .refine(isPlainLine, 'the search description must be one plain line');
/** A picture uploaded to the shop, or none. */
const picture = mediaPath('the picture must be one uploaded to the shop (/media/… address)').nullable();

/** POST /api/admin/categories. Its id is made from the name (and kept when the name changes). */
export const createCategoryBody = z.strictObject({
  name,
  icon: icon.default(''),
  description: description.default(''),
  /** The menu panel's offer box: none unless written. */
  offer: offer.nullable().default(null),
  badge: badge.default(null),
  /** Hidden from shoppers: nowhere in the shop, its page not found; its products stay listed. */
  hidden: z.boolean({ error: 'hidden must be true or false' }).default(false),
  picture: picture.default(null),
  seo_title: seoTitle.default(''),
  seo_description: seoDescription.default(''),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBody>;
export type CreateCategoryInput = z.input<typeof createCategoryBody>;

/**
 * PATCH /api/admin/categories/:id: any of the fields; `offer: null` turns the offer box off. A new `id` is a
 * new address: products and subcategories follow, and the old address answers a 301 to it.
 */
export const updateCategoryBody = z.strictObject({
  id: categoryIdParam.shape.id.optional(),
  name: name.optional(),
  icon: icon.optional(),
  description: description.optional(),
  offer: offer.nullable().optional(),
  badge: badge.optional(),
  hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
  picture: picture.optional(),
  seo_title: seoTitle.optional(),
  seo_description: seoDescription.optional(),
  /** Other names its links may use (`clothing` for `fashion`); the first names its entry in the filter list. */
  aliases: z
    .array(categoryIdParam.shape.id, { error: 'aliases must be a list of names' })
    .max(10, stopAt('at most 10 aliases'))
    .refine((list) => new Set(list).size === list.length, 'each alias may appear once')
    .optional(),
});
export type UpdateCategoryBody = z.infer<typeof updateCategoryBody>;
export type UpdateCategoryInput = z.input<typeof updateCategoryBody>;

/** PUT …/order: the new order, every id once. */
export const categoryOrderBody = z.strictObject({
  ids: z
    .array(categoryIdParam.shape.id, { error: 'ids must be a list of category ids' })
    .max(200, stopAt('at most 200 categories'))
    .refine((ids) => new Set(ids).size === ids.length, 'each category may appear once'),
});
export type CategoryOrderBody = z.infer<typeof categoryOrderBody>;

export const subcategoryOrderBody = z.strictObject({
  ids: z
    .array(subcategoryParams.shape.subId, { error: 'ids must be a list of subcategory ids' })
    .max(500, stopAt('at most 500 subcategories'))
    .refine((ids) => new Set(ids).size === ids.length, 'each subcategory may appear once'),
});
export type SubcategoryOrderBody = z.infer<typeof subcategoryOrderBody>;

/** POST /api/admin/categories/:id/subcategories. Its address is its name in lower case. */
export const createSubcategoryBody = z.strictObject({ name, icon: icon.default('') });
export type CreateSubcategoryBody = z.infer<typeof createSubcategoryBody>;

/** PATCH …/subcategories/:subId: rename, change the icon, or move it (its products with it) to another category. */
export const updateSubcategoryBody = z.strictObject({
  name: name.optional(),
  icon: icon.optional(),
  category_id: categoryIdParam.shape.id.optional(),
});
export type UpdateSubcategoryBody = z.infer<typeof updateSubcategoryBody>;

export const featuredCardParams = categoryIdParam.extend({
  cardId: z.coerce
    .number({ error: 'the card id must be a number' })
    .int('the card id must be a whole number')
    .min(1, 'the card id must be a number')
    .max(2_147_483_647, 'the card id is too large'),
});

/** A card's label; no comma: its slug is a product's featured tag, and files list those separated by commas. */
const cardName = z
  .string({ error: 'the card label is required' })
  .trim()
  .min(1, 'the card label is required')
  .max(40, stopAt('the card label must be at most 40 characters'))
  .refine((v) => !v.includes(','), 'the card label may not contain a comma');
const cardImage = mediaPath('the card picture must be one uploaded to the shop (/media/… address)');

/**
 * POST …/featured: a featured card at the end of the category's panel. Its slug (what products carry in
 * `featured`) is made from the label and kept when it is renamed; without a link it leads to its products.
 */
export const createFeaturedCardBody = z.strictObject({
  name: cardName,
  image: cardImage,
  link: panelLink('the card link').default(null),
});
export type CreateFeaturedCardBody = z.infer<typeof createFeaturedCardBody>;
export type CreateFeaturedCardInput = z.input<typeof createFeaturedCardBody>;

/** PATCH …/featured/:cardId: a new label, picture or link (`null` or empty: its products again). */
export const updateFeaturedCardBody = z.strictObject({
  name: cardName.optional(),
  image: cardImage.optional(),
  link: panelLink('the card link').optional(),
});
export type UpdateFeaturedCardBody = z.infer<typeof updateFeaturedCardBody>;

export const featuredOrderBody = z.strictObject({
  ids: z
    .array(featuredCardParams.shape.cardId, { error: 'ids must be a list of card ids' })
    .max(100, stopAt('at most 100 cards'))
    .refine((ids) => new Set(ids).size === ids.length, 'each card may appear once'),
});
export type FeaturedOrderBody = z.infer<typeof featuredOrderBody>;

export const adminFeaturedCard = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  /** The owner's link, or null: the card leads to its products (`/products?featured={slug}`). */
  link: z.string().nullable(),
});
export type AdminFeaturedCard = z.infer<typeof adminFeaturedCard>;

export const adminSubcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  icon: z.string(),
  /** Products in it, drafts included. */
  product_count: z.number().int(),
});
export type AdminSubcategory = z.infer<typeof adminSubcategory>;

export const adminCategory = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  offer: categoryOffer.nullable(),
  badge: z.string().nullable(),
  hidden: z.boolean(),
  picture: z.string().nullable(),
  seo_title: z.string(),
  seo_description: z.string(),
  /** Other names its links may use; the first names its entry in the listing's filter list. */
  aliases: z.array(z.string()),
  /** The addresses it had before, oldest first: each leads to it with a 301. */
  former_ids: z.array(z.string()),
  /** Products in it, drafts included: a category with products is deleted only by moving them. */
  product_count: z.number().int(),
  subcategories: z.array(adminSubcategory),
  /** The menu panel's featured cards, in order. */
  featured: z.array(adminFeaturedCard),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryList = z.object({ items: z.array(adminCategory) });
export type AdminCategoryList = z.infer<typeof adminCategoryList>;
