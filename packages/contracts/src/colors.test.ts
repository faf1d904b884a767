import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, DEFAULT_BRAND_COLORS, formatRatio } from './colors.ts';

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('contrastRatio', () => {
  it('gives WCAG’s figures for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('is the same either way round, 1 for a colour against itself, and between 1 and 21', () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b);
        expect(r).toBe(contrastRatio(b, a));
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(21 + 1e-9);
        expect(contrastRatio(a, a)).toBe(1);
      }),
    );
  });

  it('passes the default colours at AA', () => {
    expect(contrastRatio(DEFAULT_BRAND_COLORS.primary, DEFAULT_BRAND_COLORS.primary_text)).toBeGreaterThan(AA_CONTRAST);
    expect(contrastRatio(DEFAULT_BRAND_COLORS.accent, '#ffffff')).toBeGreaterThan(AA_CONTRAST);
  });
});

describe('formatRatio', () => {
  it('never rounds a ratio up past the limit it missed', () => {
    expect(formatRatio(4.499)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});
