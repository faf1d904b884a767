/**
 * The shop's brand colours and the contrast WCAG 2 asks of them (docs/adr/039-brand-colours.md): text of
 * normal size needs 4.5:1 against what it is written on (AA, success criterion 1.4.3).
 */

/** `#rrggbb`, lower case: the one form colours are stored and sent in. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** The smallest contrast AA allows for text of normal size. */
export const AA_CONTRAST = 4.5;

/** The demo's and a new shop's colours: the storefront as docs/product.md §2 describes it. */
export const DEFAULT_BRAND_COLORS = { primary: '#0f172a', primary_text: '#ffffff', accent: '#b91c1c' } as const;

/** WCAG's relative luminance of a `#rrggbb` colour (sRGB channels linearised, weighted). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colours, 1 (none) to 21 (black on white), whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it, never rounded up past the limit it missed: 4.499 is "4.49:1". */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
