/** An uploaded picture's small variant (`…/large.webp` → `…/thumb.webp`); other pictures as they are. */
export function thumbOf(src: string): string {
  return /^\/media\/uploads\/[^/]+\/large\.webp$/.test(src) ? src.replace(/large\.webp$/, 'thumb.webp') : src;
}
