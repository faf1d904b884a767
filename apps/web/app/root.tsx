import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { useNonce } from './lib/nonce.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  // Inline scripts carry the response's CSP nonce: the policy allows no other inline script.
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** spec §2: unknown paths show the 404 page; other route errors the router's generic text. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="mx-auto w-[90%] max-w-[1200px] py-16 text-center">
        <title>Page not found · Shop</title>
        <p className="font-semibold text-7xl text-slate-300" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 font-bold text-3xl">Oops! Page Not Found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link
          to="/"
          className="mt-8 inline-block rounded-md bg-slate-900 px-5 py-2.5 font-medium text-white hover:bg-slate-700"
        >
          Go to Homepage
        </Link>
        <p className="mt-12 text-slate-500 text-sm">Error Code: 404 | Page Not Found</p>
      </main>
    );
  }
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-16 text-center">
      <title>Error · Shop</title>
      <h1 className="font-bold text-3xl">Unexpected Application Error!</h1>
      <p className="mt-3 text-slate-600">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong.'}
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-slate-900 px-5 py-2.5 font-medium text-white hover:bg-slate-700"
      >
        Go to Homepage
      </Link>
    </main>
  );
}
