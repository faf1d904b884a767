import sharp from 'sharp';

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
