import type { Route } from './+types/robots';

/** Areas that are personal or transactional: nothing there belongs in a search index. */
const DISALLOWED = ['/admin', '/account', '/cart', '/checkout', '/auth'] as const;

/** robots.txt: everything else may be crawled; the sitemap is named by its absolute URL. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
