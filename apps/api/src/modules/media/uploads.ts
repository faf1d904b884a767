import { UPLOAD_VARIANTS, type UploadVariant } from '@shop/contracts/admin-catalog';
import { LOGO_ICON_SIZES } from '@shop/contracts/admin-settings';
import sharp from 'sharp';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';

/** What we decode: the content decides, never the file name or the declared type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** Refuse decompression bombs: a 5 MB file may still claim a gigantic canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

/** Why an upload was refused: not a picture we take, or a picture that cannot be decoded whole. */
export type UploadFailure = Failure<'not_an_image'> | Failure<'damaged_picture'>;

export interface EncodedVariant {
  /** An upload variant (`large`, `thumb`) or, for a logo, the name of its PNG file without `.png`. */
  variant: UploadVariant | LogoVariant;
  contentType?: 'image/png';
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
  if (!(await isAcceptedPicture(input))) return fail('not_an_image');
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

/** Whether sharp reads the file as one of the accepted formats (by its content). */
async function isAcceptedPicture(input: Buffer): Promise<boolean> {
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    compression = meta.compression;
  } catch {
    return false;
  }
  // libvips reports AVIF as `heif` with av1 compression; plain HEIC is not a web format.
  return Boolean(format && ACCEPTED_FORMATS.has(format) && (format !== 'heif' || compression === 'av1'));
}

/** A logo's PNG files (contracts `LOGO_FILES`), by name without `.png`. */
export type LogoVariant = 'logo' | `icon-${(typeof LOGO_ICON_SIZES)[number]}`;
/** The mails' and invoices' logo fits in this box; mail clients and PDF readers take PNG where WebP fails. */
const LOGO_PNG_BOX = { width: 600, height: 200 };

/**
 * A store logo: the upload's webp variants (the header shows `thumb`), a PNG for mails and invoices, and
 * square PNG icons — the logo centred on transparency, on white for Apple's home screen, which shows
 * transparency as black.
 */
export async function encodeLogo(input: Buffer): Promise<Result<EncodedVariant[], UploadFailure>> {
  const upload = await encodeUpload(input);
  if (!upload.ok) return upload;
  try {
    const png = (pipeline: sharp.Sharp) => pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const logo = await png(source().resize({ ...LOGO_PNG_BOX, fit: 'inside', withoutEnlargement: true }));
    const icons = await Promise.all(
      LOGO_ICON_SIZES.map(async (size) => {
        const background = size === 180 ? '#ffffff' : { r: 0, g: 0, b: 0, alpha: 0 };
        const { data, info } = await png(source().resize({ width: size, height: size, fit: 'contain', background }));
        return {
          variant: `icon-${size}` as const,
          contentType: 'image/png' as const,
          data,
          width: info.width,
          height: info.height,
        };
      }),
    );
    return ok([
      ...upload.value,
      { variant: 'logo', contentType: 'image/png', data: logo.data, width: logo.info.width, height: logo.info.height },
      ...icons,
    ]);
  } catch {
    return fail('damaged_picture');
  }
}
