import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../db/seed/catalog.ts';
import { artKind, escapeXml, fitText, renderArt, TEXT_WIDTH_SHARE, textWidth } from './svg.ts';

describe('renderArt', () => {
  it('is a deterministic SVG document per seed and view', () => {
    const art = { seed: 'sony-pulse-wireless-headphones', kind: 'headphones' as const, title: 'Sony Pulse Wireless' };
    const one = renderArt(art);
    expect(one).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(renderArt(art)).toBe(one);
    expect(renderArt({ ...art, view: 2 })).not.toBe(one);
    expect(renderArt({ ...art, seed: 'other' })).not.toBe(one);
  });

  it('never lets the title or subtitle open markup, and loads nothing external', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 30 }), (title, subtitle) => {
        const svg = renderArt({ seed: title, kind: 'book', title, subtitle });
        const tags = svg.match(/<\/?([a-zA-Z]+)/g)?.map((t) => t.replace(/[</]/g, '')) ?? [];
        for (const tag of tags) {
          expect(['svg', 'title', 'defs', 'linearGradient', 'stop', 'rect', 'circle', 'g', 'path', 'text']).toContain(
            tag,
          );
        }
        expect(svg).not.toMatch(/href|<script|url\((?!#g\))/i);
      }),
    );
  });
});

describe('escapeXml', () => {
  it('leaves no markup characters', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(escapeXml(text)).not.toMatch(/[<>"']|&(?!#\d+;)/);
      }),
    );
  });
});

/** Every <text> of a picture with where it starts and ends, measured with the widest font we allow for. */
function textBoxes(svg: string) {
  return [
    ...svg.matchAll(/<text x="([\d.]+)"[^>]*font-size="(\d+)"[^>]*?(?:letter-spacing="(\d+)")?>([^<]*)<\/text>/g),
  ].map(([, x, size, spacing, escaped]) => {
    const text = (escaped ?? '').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
    const w = textWidth(text, Number(size), Number(spacing ?? 0));
    return { text, left: Number(x) - w / 2, right: Number(x) + w / 2 };
  });
}

describe('picture text (art never clips a name)', () => {
  const catalog = generateCatalog();
  const brandName = new Map(catalog.brands.map((b) => [b.id, b.name]));
  const longest = [...catalog.products].sort((a, b) => textWidth(b.name, 48) - textWidth(a.name, 48));

  it('keeps every line of every demo product inside the picture, and shows the whole name', () => {
    // 'Samsung Galaxy Watch6 41mm' was drawn on one 48 px line wider than the picture ("amsung…").
    const names = [...longest.slice(0, 40), ...catalog.products.filter((p) => p.name.includes('Galaxy Watch6'))];
    for (const p of names) {
      for (const size of [
        { width: 800, height: 800 },
        { width: 800, height: 600 },
      ]) {
        const svg = renderArt({
          seed: p.slug,
          kind: 'watch',
          title: p.name,
          subtitle: brandName.get(p.brandId),
          ...size,
        });
        const boxes = textBoxes(svg);
        expect(boxes.length).toBeGreaterThanOrEqual(2);
        for (const box of boxes) {
          expect(box.left, `${box.text} in ${size.width}`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${box.text} in ${size.width}`).toBeLessThanOrEqual(size.width);
          expect(box.text).not.toContain('…');
        }
        expect(
          boxes
            .slice(0, -1)
            .map((b) => b.text)
            .join(' '),
        ).toBe(p.name);
      }
    }
  });

  it('fits any text inside the margins, cutting with … only what cannot fit at the smallest size', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.string({ maxLength: 40 }), (title, subtitle) => {
        for (const box of textBoxes(renderArt({ seed: 's', kind: 'book', title, subtitle }))) {
          expect(box.left).toBeGreaterThanOrEqual(800 * ((1 - TEXT_WIDTH_SHARE) / 2) - 0.001);
          expect(box.right).toBeLessThanOrEqual(800 * (1 - (1 - TEXT_WIDTH_SHARE) / 2) + 0.001);
        }
      }),
    );
    const short = fitText('Sony WH-1000XM5', { maxWidth: 688, fontSize: 48, minFontSize: 32, maxLines: 2 });
    expect(short).toEqual({ lines: ['Sony WH-1000XM5'], fontSize: 48 });
    const long = fitText('Apple AirPods Pro (2nd generation) Noise Cancelling Earbuds', {
      maxWidth: 688,
      fontSize: 48,
      minFontSize: 32,
      maxLines: 2,
    });
    expect(long.fontSize).toBeLessThan(48);
    expect(long.lines.join(' ')).toBe('Apple AirPods Pro (2nd generation) Noise Cancelling Earbuds');
    const huge = fitText('word '.repeat(200), { maxWidth: 300, fontSize: 40, minFontSize: 20, maxLines: 2 });
    expect(huge.lines).toHaveLength(3);
    expect(huge.lines[2]).toMatch(/…$/);
  });
});

describe('artKind', () => {
  it('picks by subcategory, then category, then a generic picture', () => {
    expect(artKind('electronics', 'cameras')).toBe('camera');
    expect(artKind('electronics', 'a new one')).toBe('phone');
    expect(artKind('unknown')).toBe('sparkle');
  });
});
