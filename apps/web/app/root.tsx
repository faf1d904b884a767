// Before anything that may build a zod schema (see the module).
import './lib/zod-jitless.ts';
import type { StoreProfile } from '@shop/contracts/admin-settings';
import type { ReactNode } from 'react';
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { LoadingFallback } from './components/loading/route-loading-screen.tsx';
import { RouteErrorBoundary } from './features/errors/index.ts';
import { useNonce } from './lib/nonce.ts';
import { QueryRoot } from './lib/query-root.tsx';

/** The document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  // Inline scripts carry the response's CSP nonce: the policy allows no other inline script.
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The one stylesheet is all the first paint waits for. With a precedence React writes it
            ahead of the module preloads <Scripts> adds to the head (18 on `/`, over 30 on a product page), so
            it is requested first rather than queued behind them on the connections to the shop. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
        <StoreIcons />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {/* The one TanStack Query client of the tab: admin, account and order pages share it. */}
        <QueryRoot>{children}</QueryRoot>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * In maintenance mode (an admin setting; the server decides per path, the admin
 * area stays open) every page answers 503, which the error boundary shows as 'Under Maintenance'.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // An address the server could not decode gets the error page with its status.
  if (context.pageError) {
    const { status, code, message } = context.pageError;
    throw data({ message, code }, { status });
  }
  if (context.maintenance) {
    throw data(
      { message: 'The shop is under maintenance and will be back shortly.', code: 'SERVICE_UNAVAILABLE' },
      { status: 503, headers: { 'retry-after': '300' } },
    );
  }
  // Staff previewing the storefront during maintenance see a banner saying so.
  // The icons made from the store's logo; a page drawn while the settings cannot be read keeps the default.
  let icons: StoreProfile['icons'] = [];
  try {
    icons = (await context.services.settings.profile()).icons;
  } catch {
    // The default icon, as the page itself says what went wrong.
  }
  return { maintenancePreview: context.maintenancePreview === true, icons };
}

/** The tab's and home screens' icons: the store's logo once it has one (docs/adr/040-store-logo.md). */
function StoreIcons() {
  const icons = useRouteLoaderData<typeof loader>('root')?.icons ?? [];
  const tab = icons.find((icon) => icon.size === 32);
  const apple = icons.find((icon) => icon.size === 180);
  return (
    <>
      {tab ? (
        <link rel="icon" href={tab.url} type="image/png" sizes="32x32" />
      ) : (
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      )}
      {apple ? <link rel="apple-touch-icon" href={apple.url} /> : null}
      <link rel="manifest" href="/manifest.webmanifest" />
    </>
  );
}

/** The check above belongs to the document request; client navigations never re-run it. */
export function shouldRevalidate() {
  return false;
}

export default function App() {
  return <Outlet />;
}

/**
 * docs/product.md §2: errors no route caught. A 404 shows the 404 page, anything else the error page variant that
 * fits its status (docs/product.md §10); errors that are not HTTP answers keep the router's generic text.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} documentTitle />;
}

/** docs/product.md §2: the full-page loading screen while a client-rendered route loads its data on first load. */
export function HydrateFallback() {
  return <LoadingFallback />;
}
