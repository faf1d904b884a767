import { randomUUID } from 'node:crypto';
import { type UploadedImage, uploadUrl } from '@shop/contracts/admin-catalog';
import type { Db, Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { CatalogService } from '../catalog/index.ts';
import { insertUpload, selectStoredIds, selectUpload } from './repository.ts';
import { type Art, artKind, renderArt } from './svg.ts';
import { type EncodedVariant, encodeLogo, encodeUpload, type UploadFailure } from './uploads.ts';

/** Every picture that is not there — unknown, a draft's for the public, a bad file name — is this. */
export type ImageNotFound = Failure<'image_not_found'>;
export type { UploadFailure };

/** Product gallery views per product (the seed links 1–3; a few more are drawn on request). */
const MAX_VIEW = 6;
/** An upload's files: its webp variants, and a logo's PNGs (the variant is the name without its extension). */
const UPLOAD_FILE = /^(large|thumb)\.webp$|^(logo|icon-(?:32|180|192|512))\.png$/;

/** `name.svg` → `name`; anything else is not one of our pictures. */
const svgName = (file: string): string | undefined => /^(.+)\.svg$/.exec(file)?.[1] || undefined;

const drawn = (art: Art | undefined): Result<string, ImageNotFound> =>
  art ? ok(renderArt(art)) : fail('image_not_found');

/**
 * The shop's pictures: drawn locally from the catalogue (products, featured cards,
 * categories) or uploaded by staff. No image in the shop comes from another host. For the public a
 * draft's pictures do not exist — the same `image_not_found` as an unknown slug or id;
 * staff pass `drafts`.
 */
export function createMediaService({ db, clock }: Deps, { catalog }: { catalog: CatalogService }) {
  return {
    /** Checks and re-encodes an uploaded file (uploads.ts); nothing is stored. */
    encode(file: Buffer): Promise<Result<EncodedVariant[], UploadFailure>> {
      return encodeUpload(file);
    },

    /** Checks and encodes a store logo: the upload's variants, its PNG and its icons (uploads.ts); nothing is stored. */
    encodeLogo(file: Buffer): Promise<Result<EncodedVariant[], UploadFailure>> {
      return encodeLogo(file);
    },

    /**
     * Stores the encoded variants of one upload under a new id (or `id`: an import names its pictures
     * after their URLs, and storing one that is already there changes nothing), in the caller's transaction.
     */
    async store(
      ex: Db | Tx,
      variants: EncodedVariant[],
      uploadedBy: string | null,
      id: string = randomUUID(),
    ): Promise<UploadedImage> {
      await insertUpload(ex, id, variants, uploadedBy, clock.now());
      const large = variants.find((v) => v.variant === 'large');
      return {
        id,
        url: uploadUrl(id, 'large'),
        thumb_url: uploadUrl(id, 'thumb'),
        width: large?.width ?? 0,
        height: large?.height ?? 0,
      };
    },

    /** Which of these upload ids are stored. */
    storedUploads(ids: readonly string[]): Promise<Set<string>> {
      return selectStoredIds(db, ids.filter(isUuid));
    },

    /** An uploaded picture: `large.webp` or `thumb.webp` of upload `id`. */
    async upload(
      id: string,
      file: string,
      { drafts }: { drafts: boolean },
    ): Promise<Result<{ contentType: string; data: Buffer }, ImageNotFound>> {
      const match = UPLOAD_FILE.exec(file);
      const variant = match?.[1] ?? match?.[2];
      if (!variant || !isUuid(id)) return fail('image_not_found');
      const image = await selectUpload(db, id, variant, { drafts });
      return image ? ok(image) : fail('image_not_found');
    },

    /** A product's drawn picture, view 1–6 (`<view>.svg`). */
    async productPicture(
      slug: string,
      file: string,
      { drafts }: { drafts: boolean },
    ): Promise<Result<string, ImageNotFound>> {
      const name = svgName(file);
      if (name === undefined) return fail('image_not_found');
      const view = Number(name);
      if (!Number.isInteger(view) || view < 1 || view > MAX_VIEW) return fail('image_not_found');
      const product = await catalog.getProductArt(slug, { drafts });
      return drawn(
        product && {
          seed: slug,
          kind: artKind(product.categoryId, product.subcategorySlug),
          title: product.name,
          subtitle: product.brandName,
          view,
        },
      );
    },

    /** A featured card's picture of the category menu (`<slug>.svg`). */
    async featuredPicture(file: string): Promise<Result<string, ImageNotFound>> {
      const slug = svgName(file);
      if (slug === undefined) return fail('image_not_found');
      for (const category of await catalog.listCategories()) {
        const card = category.featured.find((f) => f.slug === slug);
        if (card) {
          return drawn({
            seed: `featured:${slug}`,
            kind: artKind(category.id),
            title: card.name,
            subtitle: category.name,
            width: 800,
            height: 600,
          });
        }
      }
      return fail('image_not_found');
    },

    /** A category's picture (`<id>.svg`). */
    async categoryPicture(file: string): Promise<Result<string, ImageNotFound>> {
      const id = svgName(file);
      if (id === undefined) return fail('image_not_found');
      const category = (await catalog.listCategories()).find((c) => c.id === id);
      return drawn(
        category && { seed: `category:${id}`, kind: artKind(id), title: category.name, width: 800, height: 600 },
      );
    },

    /** A subcategory's picture (`<slug>.svg` under its category). */
    async subcategoryPicture(categoryId: string, file: string): Promise<Result<string, ImageNotFound>> {
      const slug = svgName(file);
      if (slug === undefined) return fail('image_not_found');
      const category = (await catalog.listCategories()).find((c) => c.id === categoryId);
      const sub = category?.subcategories.find((s) => s.slug === slug);
      if (!category || !sub) return fail('image_not_found');
      return drawn({
        seed: `subcategory:${category.id}/${slug}`,
        kind: artKind(category.id, slug),
        title: sub.name,
        subtitle: category.name,
        width: 800,
        height: 600,
      });
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
