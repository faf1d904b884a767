import { UPLOAD_VARIANTS, type UploadVariant } from '@shop/contracts/admin-catalog';
import sharp from 'sharp';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';

/** What we decode: the content decides, never the file name or the declared type (issue 5). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** Refuse decompression bombs: a 5 MB file may still claim a gigantic canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Why an upload was refused: not a picture we take, or a picture that cannot be decoded whole. */
export type UploadFailure = Failure<'not_an_image'> | Failure<'damaged_picture'>;

export interface EncodedVariant {
  variant: UploadVariant;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the upload and re-encodes it as webp in every size of `UPLOAD_VARIANTS` (longest side at most
 * that many pixels, never enlarged). Orientation is applied and all metadata (EXIF, GPS, ICC) dropped.
 * Anything sharp cannot decode as one of the accepted formats is `not_an_image`.
 */
export async function encodeUpload(input: Buffer): Promise<Result<EncodedVariant[], UploadFailure>> {
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    compression = meta.compression;
  } catch {
    return fail('not_an_image');
  }
  // libvips reports AVIF as `heif` with av1 compression; plain HEIC is not a web format.
  if (!format || !ACCEPTED_FORMATS.has(format) || (format === 'heif' && compression !== 'av1')) {
    return fail('not_an_image');
  }
  try {
    const variants = await Promise.all(
      (Object.entries(UPLOAD_VARIANTS) as [UploadVariant, number][]).map(async ([variant, size]) => {
        const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: variant === 'thumb' ? 78 : 82 })
          .toBuffer({ resolveWithObject: true });
        return { variant, data, width: info.width, height: info.height };
      }),
    );
    return ok(variants);
  } catch {
    return fail('damaged_picture');
  }
}
