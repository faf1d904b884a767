import { discountedCents } from '@shop/contracts/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG_BASE_DATE, createRng, generateCatalog, slugify } from './catalog.ts';
import { CATEGORIES } from './catalog-data.ts';

const catalog = generateCatalog();
const { products } = catalog;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('demo catalogue generator', () => {
  it('is deterministic: two runs give identical rows, another seed gives other rows', () => {
    expect(generateCatalog()).toEqual(catalog);
    expect(generateCatalog(7).products.map((p) => p.id)).not.toEqual(products.map((p) => p.id));
  });

  it('has the spec categories in order, with subcategories and featured cards', () => {
    expect(catalog.categories.map((c) => [c.id, c.name])).toEqual([
      ['electronics', 'Electronics'],
      ['fashion', 'Fashion'],
      ['home', 'Home & Garden'],
      ['sports', 'Sports & Outdoors'],
      ['books', 'Books & Media'],
    ]);
    for (const c of catalog.categories) {
      const subs = catalog.subcategories.filter((s) => s.categoryId === c.id);
      expect(subs.length).toBeGreaterThanOrEqual(4);
      expect(subs.length).toBeLessThanOrEqual(6);
      for (const s of subs) expect(s.slug).toBe(s.name.toLowerCase());
      const cards = catalog.featuredCards.filter((f) => f.categoryId === c.id);
      expect(cards.length).toBeGreaterThanOrEqual(3);
      expect(cards.length).toBeLessThanOrEqual(4);
    }
    expect(catalog.featuredCards.find((f) => f.name === 'iPhone 15')?.slug).toBe('iphone 15');
  });

  it('makes at least 1,000 products with unique ids, slugs and names, from the spec brands', () => {
    expect(products.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
    const brandIds = new Set(catalog.brands.map((b) => b.id));
    for (const id of ['apple', 'samsung', 'nike', 'adidas']) {
      expect(brandIds.has(id)).toBe(true);
      expect(products.some((p) => p.brandId === id)).toBe(true);
    }
    for (const p of products) expect(brandIds.has(p.brandId)).toBe(true);
  });

  it('mixes stock and publication states the way a real shop looks', () => {
    const out = products.filter((p) => p.available === 0).length / products.length;
    const hidden = products.filter((p) => !p.published).length / products.length;
    expect(out).toBeGreaterThan(0.04);
    expect(out).toBeLessThan(0.13);
    expect(hidden).toBeGreaterThan(0.01);
    expect(hidden).toBeLessThan(0.06);
    expect(products.filter((p) => p.available >= 50).length / products.length).toBeGreaterThan(0.75);
  });

  it('keeps every product row coherent', () => {
    const cards = new Set(catalog.featuredCards.map((f) => f.slug));
    for (const p of products) {
      expect(p.slug).toBe(slugify(p.slug));
      expect(Number.isInteger(p.regularPriceCents) && p.regularPriceCents > 0).toBe(true);
      expect(p.salePriceCents).toBe(discountedCents(p.regularPriceCents, p.percentageDiscount));
      expect(p.features.length).toBeGreaterThanOrEqual(3);
      expect(p.features.length).toBeLessThanOrEqual(5);
      expect(p.ratingAverage).toBeGreaterThanOrEqual(0);
      expect(p.ratingAverage).toBeLessThanOrEqual(5);
      expect(p.ratingAverage === 0).toBe(p.ratingCount === 0);
      expect(p.dateAdded.getTime()).toBeLessThanOrEqual(CATALOG_BASE_DATE.getTime());
      expect(p.dateAdded.getTime()).toBeGreaterThan(CATALOG_BASE_DATE.getTime() - 366 * DAY_MS);
      expect(p.modifiedDate.getTime()).toBeGreaterThanOrEqual(p.dateAdded.getTime());
      expect(p.images.length).toBeGreaterThan(0);
      for (const url of p.images) expect(url).toMatch(/^\/media\/products\/[a-z0-9-]+\/\d\.svg$/);
      for (const tag of p.featured) expect(cards.has(tag)).toBe(true);
      if (p.categoryId === 'books') {
        expect(p.availableSizes).toEqual([]);
        expect(p.colors).toEqual([]);
      }
    }
    // Sizes only where they fit: clothes and shoes have them, electronics never do.
    const sized = (sub: string) => products.filter((p) => p.subcategorySlug === sub && p.availableSizes.length > 0);
    expect(sized("men's clothing").length).toBe(products.filter((p) => p.subcategorySlug === "men's clothing").length);
    expect(sized('shoes').length).toBe(products.filter((p) => p.subcategorySlug === 'shoes').length);
    expect(products.filter((p) => p.categoryId === 'electronics' && p.availableSizes.length > 0)).toEqual([]);
  });

  it('tags published products for every featured card', () => {
    for (const card of catalog.featuredCards) {
      expect(products.filter((p) => p.published && p.featured.includes(card.slug)).length).toBeGreaterThan(0);
    }
    for (const p of products.filter((x) => x.featured.includes('iphone 15'))) expect(p.name).toContain('iPhone 15');
  });

  it('produces as many products per subcategory as the data asks for', () => {
    for (const cat of CATEGORIES) {
      for (const sub of cat.subcategories) {
        const n = products.filter((p) => p.categoryId === cat.id && p.subcategorySlug === sub.name.toLowerCase());
        expect(n.length).toBe(sub.count);
      }
    }
  });
});

describe('slugify', () => {
  it('always yields lowercase ASCII words joined by single dashes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        expect(slugify(text)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
    expect(slugify('Levi\'s Poäng 13" Chair')).toBe('levis-poang-13-chair');
  });
});

describe('createRng', () => {
  it('repeats its stream for a seed and keeps int() within bounds', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (seed, min, span) => {
          const a = createRng(seed);
          const b = createRng(seed);
          for (let i = 0; i < 20; i++) {
            const x = a.int(min, min + span);
            expect(x).toBe(b.int(min, min + span));
            expect(x).toBeGreaterThanOrEqual(min);
            expect(x).toBeLessThanOrEqual(min + span);
          }
        },
      ),
    );
  });

  it('makes well-formed version 4 UUIDs', () => {
    const rng = createRng(1);
    for (let i = 0; i < 200; i++) {
      expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
