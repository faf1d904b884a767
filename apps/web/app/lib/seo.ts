import type { MetaDescriptor } from 'react-router';

/** The shop's name in titles and Open Graph tags. */
export const SITE_NAME = 'Shop';

export interface SeoInput {
  /** The page's own title; `· Shop` is appended unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** Absolute canonical URL of the page (canonicalUrl()). */
  url: string;
  /** Absolute URL of the picture link previews show. */
  image?: string;
  type?: 'website' | 'product' | 'article';
}

/**
 * Title, description, canonical link and Open Graph tags of one page. Every storefront
 * route's `meta` returns this, so search engines and link previews see the same facts as shoppers.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = input.fullTitle ? input.title : `${input.title} · ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: input.url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:url', content: input.url },
  ];
  if (input.image) tags.push({ property: 'og:image', content: input.image });
  return tags;
}

/**
 * The absolute URL of `path` on this shop. The request's origin is the shop's configured address
 * (PUBLIC_URL, else fixed at start): the API's web adapter builds every request URL on it, never on the
 * Host header.
 */
export function canonicalUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).href;
}

/**
 * JSON for an inline `<script type="application/ld+json">`: characters that could end the script
 * element or break a JavaScript parser (`<`, `>`, `&`, U+2028, U+2029) become \u escapes, which JSON
 * reads back as the same characters.
 */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
