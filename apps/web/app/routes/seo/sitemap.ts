import type { Route } from './+types/sitemap';

/** Products fetched per database round trip while the sitemap streams. */
const PRODUCT_BATCH = 500;

/** Pages of the storefront that are not in the catalogue or the content table. */
const STATIC_PATHS = ['/', '/products', '/categories', '/contact'];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function entry(origin: string, path: string, lastmod?: string): string {
  const loc = `<loc>${escapeXml(new URL(path, origin).href)}</loc>`;
  return `<url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
}

/**
 * sitemap.xml: home, the static and content pages, every category, every brand with
 * published products and every published product. Products are read and written batch by
 * batch as the response streams, so the catalogue's size costs neither memory nor time to first byte.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const { catalog, content } = context.services;
  const [categories, brands, pages] = await Promise.all([
    catalog.listCategories(),
    catalog.listBrands(),
    content.listPages(),
  ]);
  const encoder = new TextEncoder();
  let page = 0;
  let done = false;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let head =
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
      for (const path of STATIC_PATHS) head += entry(origin, path);
      // A page never edited since install has no honest change date: no lastmod.
      for (const p of pages) head += entry(origin, `/${p.slug}`, p.updated_at ?? undefined);
      for (const c of categories) head += entry(origin, `/products/category/${encodeURIComponent(c.id)}`);
      // A brand without published products has an empty page: not worth a search engine's visit.
      for (const b of brands) if (b.count > 0) head += entry(origin, `/brands/${encodeURIComponent(b.slug)}`);
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (done) return;
      page += 1;
      // Newest first: a product added while this streams shifts the rest by one, which repeats a URL
      // rather than skipping one.
      const { items, total } = await catalog.listProducts({ page, limit: PRODUCT_BATCH, sort: 'newest' });
      let chunk = '';
      for (const p of items) chunk += entry(origin, `/products/${encodeURIComponent(p.slug)}`, p.modified_date);
      if (items.length < PRODUCT_BATCH || page * PRODUCT_BATCH >= total) {
        done = true;
        chunk += '</urlset>\n';
        controller.enqueue(encoder.encode(chunk));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
