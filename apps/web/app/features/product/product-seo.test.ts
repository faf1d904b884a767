import { describe, expect, it } from 'vitest';
import { productSeo } from './product-seo.ts';

const product = {
  name: 'Trail Runner 2',
  description: 'Light and grippy.',
  brand_name: 'Nike',
  meta_title: null,
  meta_description: null,
};

describe('productSeo', () => {
  it('uses the SEO title and description when set, the title as written', () => {
    expect(
      productSeo({ ...product, meta_title: 'Trail Runner 2 – Free returns', meta_description: 'Run further.' }),
    ).toEqual({ title: 'Trail Runner 2 – Free returns', fullTitle: true, description: 'Run further.' });
  });

  it('falls back to the name, and to the brand with the description', () => {
    expect(productSeo(product)).toEqual({
      title: 'Trail Runner 2',
      fullTitle: false,
      description: 'Nike · Light and grippy.',
    });
    expect(productSeo({ ...product, brand_name: null, meta_title: 'Runner' })).toEqual({
      title: 'Runner',
      fullTitle: true,
      description: 'Light and grippy.',
    });
  });

  it('keeps a description to 300 characters', () => {
    expect(productSeo({ ...product, meta_description: 'x'.repeat(400) }).description).toHaveLength(300);
  });
});
