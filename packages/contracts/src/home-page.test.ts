import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { homePage, homeSection, isHomeLink, MAX_SECTIONS } from './home-page.ts';

const hero = { type: 'hero', title: 'Welcome' } as const;

describe('isHomeLink', () => {
  it('takes paths of this shop and http(s) addresses', () => {
    for (const ok of [
      '/',
      '/products?tag=red',
      '/products/category/books#top',
      'https://example.com',
      'http://a.b/c',
    ]) {
      expect(isHomeLink(ok), ok).toBe(true);
    }
  });

  it('refuses protocol-relative, script, other schemes, credentials and backslashes', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'mailto:a@b.c',
      'https://user@evil.example',
      'products',
      '',
      ' /products',
      'https:/x',
    ]) {
      expect(isHomeLink(bad), bad).toBe(false);
    }
  });

  it('a path starting with one slash is always taken; with two never (property)', () => {
    const tail = fc.stringMatching(/^[A-Za-z0-9._~\-/?#=&%]*$/);
    fc.assert(
      fc.property(tail, (rest) => {
        expect(isHomeLink(`/${rest}`)).toBe(!rest.startsWith('/'));
      }),
    );
  });

  it('nothing that does not start with /, http:// or https:// is taken (property)', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const taken = isHomeLink(value);
        if (taken) expect(value.startsWith('/') || /^https?:\/\//i.test(value)).toBe(true);
        if (taken && value.startsWith('/')) expect(value.startsWith('//')).toBe(false);
      }),
    );
  });
});

describe('homePage', () => {
  it('fills the defaults of a section', () => {
    expect(homePage.parse({ sections: [hero, { type: 'product_rail', title: 'New', source: 'new' }] })).toEqual({
      sections: [
        { type: 'hero', title: 'Welcome', text: '', image: null, buttons: [] },
        { type: 'product_rail', title: 'New', source: 'new', limit: 8 },
      ],
    });
  });

  it('takes every rail source', () => {
    for (const source of [
      'new',
      'best_sellers',
      'on_sale',
      { category: 'books' },
      { tag: 'red' },
      { products: ['a'] },
    ]) {
      expect(homeSection.safeParse({ type: 'product_rail', title: 'R', source }).success, JSON.stringify(source)).toBe(
        true,
      );
    }
  });

  it('refuses unknown keys, unknown types, bad links, too many buttons, sections or products', () => {
    const bad: unknown[] = [
      { sections: [{ ...hero, colour: 'red' }] },
      { sections: [{ type: 'video', title: 'x' }] },
      { sections: [{ ...hero, buttons: [{ label: 'Go', href: '//evil.example' }] }] },
      { sections: [{ ...hero, buttons: [{ label: 'Go', href: 'javascript:alert(1)' }] }] },
      { sections: [{ ...hero, buttons: Array.from({ length: 3 }, () => ({ label: 'Go', href: '/' })) }] },
      { sections: [{ ...hero, image: 'https://elsewhere.example/a.png' }] },
      { sections: [{ ...hero, title: '   ' }] },
      { sections: Array.from({ length: MAX_SECTIONS + 1 }, () => hero) },
      { sections: [{ type: 'product_rail', title: 'R', source: 'all' }] },
      { sections: [{ type: 'product_rail', title: 'R', source: { tag: 'a', category: 'b' } }] },
      { sections: [{ type: 'product_rail', title: 'R', source: 'new', limit: 3 }] },
      { sections: [{ type: 'product_rail', title: 'R', source: 'new', limit: 13 }] },
      { sections: [{ type: 'product_rail', title: 'R', source: { products: Array.from({ length: 13 }, () => 'a') } }] },
      { sections: [{ type: 'banner', title: 'B', href: 'ftp://x.example' }] },
      { sections: [{ type: 'rich_text', text: 'x'.repeat(20_001) }] },
      { sections: [{ type: 'rich_text', text: '  ' }] },
      { sections: [], extra: true },
    ];
    for (const body of bad) expect(homePage.safeParse(body).success, JSON.stringify(body).slice(0, 120)).toBe(false);
  });

  it('stops at the length of a very long text (linear validation)', () => {
    const result = homePage.safeParse({ sections: [{ ...hero, title: 'a'.repeat(1_000_000) }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The hero title must be at most 120 characters');
  });
});
