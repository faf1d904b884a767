import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { artKind, escapeXml, renderArt, wrapText } from './svg.ts';

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

describe('wrapText', () => {
  it('stays within the line count and width', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 30 }).filter((w) => !/\s/.test(w)),
          { maxLength: 20 },
        ),
        fc.integer({ min: 5, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (words, width, maxLines) => {
          const lines = wrapText(words.join(' '), width, maxLines);
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          for (const line of lines) {
            expect(line.length).toBeGreaterThan(0);
            expect(line.length).toBeLessThanOrEqual(width);
          }
          if (words.join(' ').length <= width && words.length > 0) expect(lines).toEqual([words.join(' ')]);
        },
      ),
    );
  });
});

describe('artKind', () => {
  it('picks by subcategory, then category, then a generic picture', () => {
    expect(artKind('electronics', 'cameras')).toBe('camera');
    expect(artKind('electronics', 'a new one')).toBe('phone');
    expect(artKind('unknown')).toBe('sparkle');
  });
});
