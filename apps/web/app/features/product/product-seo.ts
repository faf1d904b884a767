import { richTextToText } from '@shop/contracts/rich-text';

/** What a product page's title and description are made of (contracts `productDetail`). */
export interface SeoProduct {
  name: string;
  /** Rich text: the page's description is its text, on one line. */
  description: string;
  brand_name: string | null;
  meta_title: string | null;
  meta_description: string | null;
}

/** Search engines show about this much of a description. */
const DESCRIPTION_MAX = 300;

/**
 * The `<title>` and meta description of a product page: the SEO title and description set in
 * admin when there are; otherwise the product's name (with the shop's name appended) and its brand and
 * description. An SEO title is the whole title, as written.
 */
export function productSeo(product: SeoProduct): { title: string; fullTitle: boolean; description: string } {
  const text = richTextToText(product.description).replace(/\s+/g, ' ');
  const fallback = `${product.brand_name ? `${product.brand_name} · ` : ''}${text}`;
  return {
    title: product.meta_title ?? product.name,
    fullTitle: product.meta_title !== null,
    description: (product.meta_description ?? fallback).slice(0, DESCRIPTION_MAX),
  };
}
