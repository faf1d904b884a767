import { randomBytes } from 'node:crypto';
import { combinations, defaultSku, type ProductOption, specLists } from '@shop/contracts/variants';
import sharp from 'sharp';
import { categories, products, productVariants } from '../src/db/schema.ts';
import type { TestApp } from './helpers.ts';

/** A real PNG of the given size (a colour gradient), made with sharp. */
export async function pngImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF metadata (camera make), to check that uploads drop it. */
export async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'private' } })
    .toBuffer();
}

/**
 * A multipart/form-data body with one file, encoded by hand (the test sends exactly these bytes, as a
 * browser's FormData would).
 */
export function multipartFile(
  data: Buffer,
  opts: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shopTestBoundary${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'picture.png'}"\r\nContent-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A product with real variants (stock lives on the variants, the roll-up trigger sums it into
 * the product). Without options it has one variant holding `stock[0]`; with options one variant per
 * combination, in order, holding `stock[i]` (0 when not given) and `sold[i]`.
 */
export async function createVariantProduct(
  t: TestApp,
  opts: {
    options?: ProductOption[];
    stock?: number[];
    sold?: number[];
    overrides?: Partial<typeof products.$inferInsert>;
  } = {},
) {
  await t.db.insert(categories).values({ id: 'electronics', name: 'Electronics', icon: 'cpu' }).onConflictDoNothing();
  const n = randomBytes(5).toString('hex');
  const options = opts.options ?? [];
  const { colors, sizes } = specLists(options);
  const [product] = await t.db
    .insert(products)
    .values({
      slug: `variant-product-${n}`,
      name: `Variant product ${n}`,
      categoryId: 'electronics',
      regularPriceCents: 2499,
      salePriceCents: 1999,
      percentageDiscount: 20,
      options,
      colors,
      availableSizes: sizes,
      ...opts.overrides,
      available: 0,
      soldCount: 0,
    })
    .returning();
  if (!product) throw new Error('product not created');
  const variants = await t.db
    .insert(productVariants)
    .values(
      combinations(options).map((values, position) => ({
        productId: product.id,
        sku: defaultSku(product.slug, values),
        option1: values[0],
        option2: values[1],
        option3: values[2],
        available: opts.stock?.[position] ?? 0,
        soldCount: opts.sold?.[position] ?? 0,
        position,
      })),
    )
    .returning();
  return { ...product, variants };
}
