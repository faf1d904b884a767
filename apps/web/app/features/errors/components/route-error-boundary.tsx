import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';

// The pages load on demand: every route exports this boundary, and the storefront's first paint must
// not carry the error pages' code (the initial JS budget of docs/architecture.md §9). Keep this file tiny.
const RouteErrorPage = lazy(() => import('./error-page.tsx').then((m) => ({ default: m.RouteErrorPage })));
const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

/**
 * The error boundary of every route (docs/product.md §2 'Route errors show a generic error page'; docs/product.md §10: the
 * variant follows the status). A 404 shows the 404 page; anything else the fitting error page variant.
 * Use it as a route's boundary: `export { RouteErrorBoundary as ErrorBoundary } from '…/route-error-boundary.tsx'`.
 * `documentTitle` renders a <title>, for boundaries whose route has no `meta` (the root).
 */
export function RouteErrorBoundary(props: { error?: unknown; documentTitle?: boolean }) {
  const routeError = useRouteError();
  const error = props.error ?? routeError;
  // The shop's own categories, from the storefront layout's menu (none outside the storefront).
  const shop = useRouteLoaderData('routes/shop/layout') as { categories?: { id: string; name: string }[] } | undefined;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<ErrorFallback title="Oops! Page Not Found" />}>
        {props.documentTitle ? <title>Page Not Found · Shop</title> : null}
        <NotFoundPage categories={(shop?.categories ?? []).slice(0, 4)} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<ErrorFallback title="Something went wrong" />}>
      <RouteErrorPage error={error} documentTitle={props.documentTitle} />
    </Suspense>
  );
}

/** Shown for the moment the page's code takes to arrive; it already says what happened. */
function ErrorFallback({ title }: { title: string }) {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-16 text-center">
      <h1 className="font-bold text-3xl">{title}</h1>
    </main>
  );
}
