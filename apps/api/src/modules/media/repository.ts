import { UPLOAD_VARIANTS, type UploadVariant, uploadUrl } from '@shop/contracts/admin-catalog';
import { and, arrayOverlaps, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  brands,
  categories,
  featuredCards,
  homePage,
  products,
  productVariants,
  storeSettings,
  uploadedImages,
} from '../../db/schema.ts';
import type { EncodedVariant } from './uploads.ts';

/** The uploaded pictures' SQL: one row per (upload id, variant). */

/** Stores the encoded variants of one upload under `id`, in the caller's transaction (once: a stored id stays as it is). */
export async function insertUpload(
  tx: Db | Tx,
  id: string,
  variants: EncodedVariant[],
  uploadedBy: string | null,
  now: Date,
): Promise<void> {
  await tx
    .insert(uploadedImages)
    .values(
      variants.map((v) => ({
        id,
        variant: v.variant,
        contentType: v.contentType ?? 'image/webp',
        width: v.width,
        height: v.height,
        data: v.data,
        uploadedBy,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Which of `ids` have a stored upload. */
export async function selectStoredIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: uploadedImages.id })
    .from(uploadedImages)
    .where(inArray(uploadedImages.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/**
 * One stored variant, or undefined. The public sees a picture only once a published product shows it:
 * pictures of drafts, and uploads not yet on any product, are staff's (`drafts`).
 */
export async function selectUpload(db: Db, id: string, variant: string, opts: { drafts?: boolean } = {}) {
  const urls = (Object.keys(UPLOAD_VARIANTS) as UploadVariant[]).map((v) => uploadUrl(id, v));
  // Public once the shop shows it: a published product's picture, a variant picture of one, a brand's
  // logo (brand pages are public whatever their products), the store's logo, a shown category's picture or
  // one of its featured cards', or a saved home page section's. Anything else is a staff draft.
  const shownPublicly = or(
    exists(
      db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.published, true), arrayOverlaps(products.images, urls))),
    ),
    exists(
      db
        .select({ id: productVariants.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(products.published, true), inArray(productVariants.image, urls))),
    ),
    exists(db.select({ id: brands.id }).from(brands).where(inArray(brands.logo, urls))),
    exists(db.select({ id: storeSettings.id }).from(storeSettings).where(eq(storeSettings.logo, id))),
    exists(
      db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.hidden, false), inArray(categories.picture, urls))),
    ),
    exists(
      db
        .select({ id: featuredCards.id })
        .from(featuredCards)
        .innerJoin(categories, eq(categories.id, featuredCards.categoryId))
        .where(and(eq(categories.hidden, false), inArray(featuredCards.image, urls))),
    ),
    // A picture of a saved home page section (a hero's, a banner's): its address is in the saved list.
    exists(
      db
        .select({ id: homePage.id })
        .from(homePage)
        .where(sql`${homePage.sections}::text like ${`%/media/uploads/${id}/%`}`),
    ),
  );
  const [row] = await db
    .select({ data: uploadedImages.data, contentType: uploadedImages.contentType })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.id, id), eq(uploadedImages.variant, variant), opts.drafts ? undefined : shownPublicly))
    .limit(1);
  return row;
}
