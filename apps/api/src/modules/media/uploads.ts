import { randomUUID } from 'node:crypto';
import { UPLOAD_VARIANTS, type UploadedImage, type UploadVariant, uploadUrl } from '@shop/contracts/admin-catalog';
import { and, arrayOverlaps, eq, exists } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client.ts';
import { products, uploadedImages } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';

/** What we decode: the content decides, never the file name or the declared type (issue 5). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** Refuse decompression bombs: a 5 MB file may still claim a gigantic canvas. */
const MAX_INPUT_PIXELS = 50_000_000;
const NOT_AN_IMAGE = 'The file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image';

export interface EncodedVariant {
  variant: UploadVariant;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the upload and re-encodes it as webp in every size of `UPLOAD_VARIANTS` (longest side at most
 * that many pixels, never enlarged). Orientation is applied and all metadata (EXIF, GPS, ICC) dropped.
 * Anything sharp cannot decode as one of the accepted formats is a 400.
 */
export async function encodeUpload(input: Buffer): Promise<EncodedVariant[]> {
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    compression = meta.compression;
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  // libvips reports AVIF as `heif` with av1 compression; plain HEIC is not a web format.
  if (!format || !ACCEPTED_FORMATS.has(format) || (format === 'heif' && compression !== 'av1')) {
    throw badRequest(NOT_AN_IMAGE);
  }
  try {
    return await Promise.all(
      (Object.entries(UPLOAD_VARIANTS) as [UploadVariant, number][]).map(async ([variant, size]) => {
        const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: variant === 'thumb' ? 78 : 82 })
          .toBuffer({ resolveWithObject: true });
        return { variant, data, width: info.width, height: info.height };
      }),
    );
  } catch {
    throw badRequest('The picture could not be read: the file is damaged or incomplete');
  }
}

/** Stores the encoded variants of one upload under a new id, in the caller's transaction. */
export async function storeUpload(
  tx: Db | Tx,
  variants: EncodedVariant[],
  uploadedBy: string | null,
  now: Date,
): Promise<UploadedImage> {
  const id = randomUUID();
  await tx.insert(uploadedImages).values(
    variants.map((v) => ({
      id,
      variant: v.variant,
      contentType: 'image/webp',
      width: v.width,
      height: v.height,
      data: v.data,
      uploadedBy,
      createdAt: now,
    })),
  );
  const large = variants.find((v) => v.variant === 'large');
  return {
    id,
    url: uploadUrl(id, 'large'),
    thumb_url: uploadUrl(id, 'thumb'),
    width: large?.width ?? 0,
    height: large?.height ?? 0,
  };
}

/**
 * One stored variant, or undefined. The public sees a picture only once a published product shows it
 * (issue 10 point 12): pictures of drafts, and uploads not yet on any product, are staff's (`drafts`).
 */
export async function readUpload(db: Db, id: string, variant: string, opts: { drafts?: boolean } = {}) {
  const urls = (Object.keys(UPLOAD_VARIANTS) as UploadVariant[]).map((v) => uploadUrl(id, v));
  const shownByPublishedProduct = exists(
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.published, true), arrayOverlaps(products.images, urls))),
  );
  const [row] = await db
    .select({ data: uploadedImages.data, contentType: uploadedImages.contentType })
    .from(uploadedImages)
    .where(
      and(
        eq(uploadedImages.id, id),
        eq(uploadedImages.variant, variant),
        opts.drafts ? undefined : shownByPublishedProduct,
      ),
    )
    .limit(1);
  return row;
}
