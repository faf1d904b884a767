import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProductBody, percentOff, resolvePricing, slugify, updateProductBody } from './admin-catalog.ts';
import { discountedCents } from './money.ts';

describe('resolvePricing', () => {
  it('derives the sale price from a percentage as the catalogue does, and the percentage from a sale price', () => {
    expect(resolvePricing({ regularCents: 4999, percentage: 10 })).toEqual({ saleCents: 4499, percentage: 10 });
    expect(resolvePricing({ regularCents: 1999, saleCents: 1499 })).toEqual({ saleCents: 1499, percentage: 25 });
    expect(resolvePricing({ regularCents: 1000 })).toEqual({ saleCents: 1000, percentage: 0 });
    expect(resolvePricing({ regularCents: 1000, fallbackPercentage: 20 })).toEqual({ saleCents: 800, percentage: 20 });
  });

  it('refuses a sale price above the regular one and a pair that disagrees', () => {
    expect(resolvePricing({ regularCents: 1000, saleCents: 1001 })).toEqual({
      error: 'Sale price must not be greater than the regular price',
    });
    expect(resolvePricing({ regularCents: 1000, saleCents: 500, percentage: 10 })).toMatchObject({
      error: expect.stringMatching(/disagree/),
    });
  });

  it('always accepts the pair it derives itself (the form sends both)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100 }), (regular, pct) => {
        const sale = discountedCents(regular, pct);
        const back = resolvePricing({ regularCents: regular, saleCents: sale, percentage: percentOff(regular, sale) });
        expect(back).toEqual({ saleCents: sale, percentage: percentOff(regular, sale) });
        expect(sale).toBeLessThanOrEqual(regular);
      }),
    );
  });
});

describe('product bodies', () => {
  it('slugify makes URL-safe slugs', () => {
    expect(slugify('Blue Shirt (XL)')).toBe('blue-shirt-xl');
    expect(slugify('Crème brûlée — Set')).toBe('creme-brulee-set');
    expect(slugify('!!!')).toBe('product');
    expect(slugify('Ünïcødé')).toBe('unicode');
    expect(slugify('Smørrebrød Æble Straße Łódź Œuvre Þórr Iıđ')).toBe(
      'smorrebrod-aeble-strasse-lodz-oeuvre-thorr-iid',
    );
  });

  it('refuses unknown fields, negative prices and stock; PATCH refuses stock', () => {
    const ok = { name: 'A', category: 'home', regular_price: 1 };
    expect(createProductBody.safeParse(ok).success).toBe(true);
    expect(createProductBody.safeParse({ ...ok, id: 'x' }).success).toBe(false);
    expect(createProductBody.safeParse({ ...ok, regular_price: -1 }).success).toBe(false);
    expect(createProductBody.safeParse({ ...ok, available: -1 }).success).toBe(false);
    expect(updateProductBody.safeParse({ available: 3 }).success).toBe(false);
    expect(updateProductBody.safeParse({ sale_price: 5, regular_price: 4 }).success).toBe(false);
  });
});

describe('slugify over any text', () => {
  const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  const text = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...'Ünïcødé øæßđłœþı-- _ÀÉÎÕÜ'), maxLength: 60 }),
  );

  it('always gives a slug of ASCII letters and digits joined by single dashes, at most 80 long', () => {
    fc.assert(
      fc.property(text, (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(SLUG);
        expect(slug.length).toBeLessThanOrEqual(80);
      }),
    );
  });

  it('leaves a slug as it is', () => {
    fc.assert(
      fc.property(text, (name) => {
        expect(slugify(slugify(name))).toBe(slugify(name));
      }),
    );
  });

  it('folds a letter that NFKD keeps whole to ASCII, never to a dash', () => {
    fc.assert(
      fc.property(fc.constantFrom(...'øæßđłœþıØÆŁŒÞĐ'), (letter) => {
        expect(slugify(`a${letter}b`)).toMatch(/^a[a-z]+b$/);
      }),
    );
  });
});

describe('product form messages name the fields as the form labels them', () => {
  const SNAKE = /\b[a-z]+_[a-z_]+\b/;
  const numbers = ['regular_price', 'sale_price', 'percentage_discount', 'available'] as const;
  const bad = fc.oneof(fc.constant(-1), fc.constant(1.5), fc.constant(1e12), fc.constant('x'), fc.double());

  it('never shows a column name for a bad price, discount or stock', () => {
    fc.assert(
      fc.property(fc.constantFrom(...numbers), bad, (field, value) => {
        const body = { name: 'X', category: 'home', regular_price: 10, [field]: value };
        for (const issue of createProductBody.safeParse(body).error?.issues ?? []) {
          expect(issue.message).not.toMatch(SNAKE);
        }
      }),
    );
  });

  it('says Stock, Regular price and Sale price', () => {
    const messages = (body: object) =>
      createProductBody.safeParse({ name: 'X', category: 'home', ...body }).error?.issues.map((i) => i.message);
    expect(messages({ regular_price: -1 })).toContain('Regular price must not be negative');
    expect(messages({ regular_price: 10, sale_price: 12 })).toContain(
      'Sale price must not be greater than the regular price',
    );
    expect(messages({ regular_price: 10, available: -1 })).toContain('Stock must not be negative');
  });
});

describe('every product form field', () => {
  const SNAKE = /\b[a-z]+_[a-z_]+\b/;
  const fields = [
    'name',
    'slug',
    'description',
    'category',
    'regular_price',
    'sale_price',
    'percentage_discount',
    'images',
    'colors',
    'available_sizes',
    'features',
    'featured',
    'published',
    'meta_title',
    'meta_description',
    'available',
  ];
  const bad = fc.constantFrom<unknown>(-1, 1.5, 'x'.repeat(2000), 12, [''], ['a', 'A'], { a: 1 }, true, null);

  it('is refused in words the owner sees, never by its column name', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), bad, (field, value) => {
        const body = { name: 'X', category: 'home', regular_price: 10, [field]: value };
        for (const issue of createProductBody.safeParse(body).error?.issues ?? []) {
          expect([field, issue.message]).toEqual([field, expect.not.stringMatching(SNAKE)]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
