import { z } from 'zod';
import { mediaPath } from './admin-catalog.ts';
import { stopAt } from './text.ts';

/** Brands as records: managed in admin Brands, picked in the product form. */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugMessage = 'slug may contain only lowercase letters, digits and single dashes';

export const brandSlug = z
  .string({ error: 'slug must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'slug is required')
  .max(50, stopAt('slug must be at most 50 characters'))
  .regex(SLUG, slugMessage);

/** The brand's id in a path: the catalogue's ids are slugs too (`apple`, `the-north-face`). */
export const brandIdParam = z.object({
  id: z
    .string()
    .max(50, stopAt('the brand id must be at most 50 characters'))
    .regex(SLUG, 'the brand id may contain only lowercase letters, digits and dashes'),
});

const brandFields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(80, 'name must be at most 80 characters'),
  slug: brandSlug,
  logo: mediaPath('the logo must be a picture uploaded to the shop (/media/… address)').nullable(),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(2000, 'description must be at most 2000 characters'),
};

/** POST /api/admin/brands. Without a slug one is made from the name; the slug is also the brand's id. */
export const createBrandBody = z.strictObject({
  name: brandFields.name,
  slug: brandFields.slug.optional(),
  logo: brandFields.logo.default(null),
  description: brandFields.description.default(''),
});
export type CreateBrandBody = z.infer<typeof createBrandBody>;
export type CreateBrandInput = z.input<typeof createBrandBody>;

/** PATCH /api/admin/brands/:id: any of the fields (the id stays; the slug is the brand page's address). */
export const updateBrandBody = z.strictObject({
  name: brandFields.name.optional(),
  slug: brandFields.slug.optional(),
  logo: brandFields.logo.optional(),
  description: brandFields.description.optional(),
});
export type UpdateBrandBody = z.infer<typeof updateBrandBody>;
export type UpdateBrandInput = z.input<typeof updateBrandBody>;

export const adminBrand = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  /** How many products (drafts included) name it: a brand in use cannot be deleted. */
  product_count: z.number().int(),
});
export type AdminBrand = z.infer<typeof adminBrand>;
export const adminBrandList = z.object({ items: z.array(adminBrand) });
export type AdminBrandList = z.infer<typeof adminBrandList>;
