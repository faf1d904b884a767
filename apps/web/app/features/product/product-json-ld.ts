import { richTextToText } from '@shop/contracts/rich-text';

/** The product facts structured data needs (a subset of contracts `Product`). */
export interface JsonLdProduct {
  id: string;
  name: string;
  /** Rich text: structured data carries its text. */
  description: string;
  images: string[];
  sale_price: number;
  in_stock: boolean;
  rating: number;
  rating_count: number;
}

/**
 * schema.org Product of a product page: name, pictures, description, sku (our id), brand,
 * the offer (price in USD, availability, URL) and, once somebody rated it, the aggregate rating.
 * `origin` makes the picture paths absolute; `url` is the page's canonical URL.
 */
export function productJsonLd(
  product: JsonLdProduct,
  opts: { url: string; origin: string; brandName: string | null },
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: product.images.map((src) => new URL(src, opts.origin).href),
    description: richTextToText(product.description),
    sku: product.id,
  };
  if (opts.brandName) data.brand = { '@type': 'Brand', name: opts.brandName };
  data.offers = {
    '@type': 'Offer',
    url: opts.url,
    priceCurrency: 'USD',
    price: product.sale_price.toFixed(2),
    availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  };
  if (product.rating_count > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.rating_count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}
