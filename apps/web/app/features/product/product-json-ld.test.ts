import { describe, expect, it } from 'vitest';
import { productJsonLd } from './product-json-ld.ts';

const product = {
  id: '0b6f8f0e-3c1a-4c5e-9d7a-2f1e0a9b8c7d',
  name: 'Apple iPhone 15 128GB',
  description: 'A phone.',
  images: ['/media/products/apple-iphone-15/1.svg', '/media/products/apple-iphone-15/2.svg'],
  sale_price: 799,
  in_stock: true,
  rating: 4.37,
  rating_count: 120,
};
const url = 'https://shop.example/products/apple-iphone-15';

describe('productJsonLd', () => {
  it('describes the product, its brand and its offer for search engines', () => {
    expect(productJsonLd(product, { url, origin: 'https://shop.example', brandName: 'Apple' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Apple iPhone 15 128GB',
      image: [
        'https://shop.example/media/products/apple-iphone-15/1.svg',
        'https://shop.example/media/products/apple-iphone-15/2.svg',
      ],
      description: 'A phone.',
      sku: product.id,
      brand: { '@type': 'Brand', name: 'Apple' },
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'USD',
        price: '799.00',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.37,
        reviewCount: 120,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });

  it('says OutOfStock, and leaves out the rating nobody gave and the brand nobody named', () => {
    const data = productJsonLd(
      { ...product, in_stock: false, rating: 0, rating_count: 0, sale_price: 12.5 },
      { url, origin: 'https://shop.example', brandName: null },
    );
    expect(data.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock', price: '12.50' });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('brand');
  });
});
