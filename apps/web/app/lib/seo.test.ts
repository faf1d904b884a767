import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, jsonLdString, seoMeta } from './seo.ts';

describe('seoMeta', () => {
  it('gives title, description, canonical and Open Graph tags', () => {
    const tags = seoMeta({
      title: 'Lamp',
      description: 'A lamp.',
      url: 'https://shop.example/products/lamp',
      image: 'https://shop.example/media/lamp.svg',
      type: 'product',
    });
    expect(tags).toEqual([
      { title: 'Lamp · Shop' },
      { name: 'description', content: 'A lamp.' },
      { tagName: 'link', rel: 'canonical', href: 'https://shop.example/products/lamp' },
      { property: 'og:site_name', content: 'Shop' },
      { property: 'og:title', content: 'Lamp' },
      { property: 'og:description', content: 'A lamp.' },
      { property: 'og:type', content: 'product' },
      { property: 'og:url', content: 'https://shop.example/products/lamp' },
      { property: 'og:image', content: 'https://shop.example/media/lamp.svg' },
    ]);
  });

  it('keeps a full title as given and leaves og:image out without a picture', () => {
    const tags = seoMeta({ title: 'Shop · All', fullTitle: true, description: 'd', url: 'https://x.test/' });
    expect(tags[0]).toEqual({ title: 'Shop · All' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'website' });
    expect(tags.some((t) => 'property' in t && t.property === 'og:image')).toBe(false);
  });
});

describe('canonicalUrl', () => {
  it('is absolute on the origin of the request, whatever its own path and query', () => {
    const request = new Request('https://shop.example:8443/products?sort=newest&x=1');
    expect(canonicalUrl(request, '/products/lamp')).toBe('https://shop.example:8443/products/lamp');
    expect(canonicalUrl(request, '/products?category=books')).toBe('https://shop.example:8443/products?category=books');
  });
});

describe('jsonLdString', () => {
  it('cannot end the script element it is written into', () => {
    const text = jsonLdString({ name: '</script><script>alert(1)</script>', note: 'a & b > c' });
    expect(text).not.toMatch(/[<>&]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', note: 'a & b > c' });
  });

  it('reads back as the same value for any JSON data, with no raw < > & or line separators', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = jsonLdString(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
