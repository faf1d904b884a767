import { trimEndChar } from '@shop/contracts/text';
import { Link } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { formatLongDate } from '../../lib/long-date.ts';
import { pageCache } from '../../lib/page-cache.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/content-page';

/** The same for every visitor; served from the page cache until the catalogue, settings or content change. */
export const handle = pageCache('content');

/**
 * The footer's pages (docs/product.md §2: /about … /accessibility), one module for all: the path is the page's
 * slug, its text comes from the content service in-process (docs/architecture.md §3, §7).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const path = trimEndChar(new URL(request.url).pathname, '/');
  const page = await context.services.content.getPage(path.slice(1));
  // docs/product.md §2: an unknown page is the router's 404, answered with the not-found page.
  if (!page.ok) throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return { page: page.value, canonical: canonicalUrl(request, `/${page.value.slug}`) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Page not found · Shop' }];
  return seoMeta({
    title: loaderData.page.title,
    description: loaderData.page.description,
    url: loaderData.canonical,
    type: 'article',
  });
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main>
      <Container className="py-10">
        <article className="max-w-3xl">
          <h1 className="font-bold text-3xl tracking-tight">{page.title}</h1>
          {/* Point 13: the date staff last changed the text; a page still as installed has none. */}
          {page.updated_at ? (
            <p className="mt-2 text-slate-600 text-sm">
              Last updated <time dateTime={page.updated_at}>{formatLongDate(page.updated_at)}</time>
            </p>
          ) : null}
          {/* Rich text as the server sanitized it on save (docs/adr/044-rich-text.md). */}
          <RichText
            html={page.body}
            className="mt-8 text-slate-700 leading-relaxed [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-slate-900"
          />
          <p className="mt-12 border-slate-200 border-t pt-6 text-slate-700">
            Still have a question?{' '}
            <Link to="/contact" className="font-medium underline underline-offset-4">
              Contact us
            </Link>{' '}
            or visit the{' '}
            <Link to="/help" className="font-medium underline underline-offset-4">
              Help Center
            </Link>
            .
          </p>
        </article>
      </Container>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
