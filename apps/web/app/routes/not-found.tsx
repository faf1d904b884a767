import { RouteErrorBoundary } from '../features/errors/index.ts';
import type { Route } from './+types/not-found';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Page Not Found · Shop' },
    { name: 'description', content: 'The page you are looking for does not exist or has moved.' },
    // A missing page must not end up in search results.
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * docs/product.md §2: any other path shows the 404 page. The loader throws so the server answers HTTP 404 (not a
 * 200 that merely looks like an error); this route's boundary renders the page inside the storefront
 * layout (navbar and footer stay).
 */
export function loader(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/** Never rendered: the loader always throws. It keeps this a page route rather than a resource route. */
export default function NotFound() {
  return null;
}

/** The 404 page, loaded on demand like every route's boundary loads it. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
