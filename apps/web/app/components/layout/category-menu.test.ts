import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryHref, defaultCategoryId, subcategoryHref } from './category-menu.tsx';

/** docs/product.md §2 link forms of the category menu. */
describe('category menu links', () => {
  it('match the documented examples', () => {
    expect(categoryHref('electronics')).toBe('/products?category=electronics');
    expect(subcategoryHref('fashion', "Men's Clothing")).toBe(
      "/products?category=fashion&subcategory=men's%20clothing",
    );
  });

  it('carry any name lowercased and intact through the query string', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), fc.string({ minLength: 1 }), (id, name) => {
        const sub = new URL(subcategoryHref(id, name), 'http://shop.test');
        expect(sub.pathname).toBe('/products');
        expect(sub.searchParams.get('category')).toBe(id);
        expect(sub.searchParams.get('subcategory')).toBe(name.toLowerCase());
        expect([...sub.searchParams.keys()]).toEqual(['category', 'subcategory']);
      }),
    );
  });

  it('opens on the first category of the menu, whichever it is', () => {
    const c = (id: string) => ({ id, name: id, icon: '', subcategories: [], featured: [], offer: null, badge: null });
    expect(defaultCategoryId([c('electronics'), c('books')])).toBe('electronics');
    expect(defaultCategoryId([c('books'), c('electronics')])).toBe('books');
    expect(defaultCategoryId([])).toBeUndefined();
  });
});
