import type { StoreProfile } from '@shop/contracts/admin-settings';
import { Suspense } from 'react';
import { Outlet, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from 'react-router';
import type { MenuCategory } from '../../components/layout/category-menu.tsx';
import { RouteLoadingScreen } from '../../components/loading/route-loading-screen.tsx';
import { lazyIsland } from '../../lib/lazy-island.ts';
import { shipToChoices, shopperCurrency } from '../../lib/presentment.server.ts';
import type { loader as rootLoader } from '../../root.tsx';
import type { Route } from './+types/layout';

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

// Header and footer are rendered in full on the server; the browser hydrates each as soon as its code
// arrives (it starts loading with this module). Their code is thus not part of the JavaScript the
// first paint waits for (docs/architecture.md §9: 120 kB for `/`).
const StorefrontHeader = lazyIsland(() => import('../../features/shell/components/navbar.tsx'));
const Footer = lazyIsland(() => import('../../features/shell/components/footer.tsx'));

/**
 * The menu's categories, read in-process (docs/architecture.md §3); only what the menu shows goes to the
 * browser. And the shopper's currency, which every price on every page is shown in (lib/shopper-currency.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [categories, store, currency, settings] = await Promise.all([
    context.services.catalog.listCategories(),
    context.services.settings.profile(),
    shopperCurrency(request, context.services),
    context.services.settings.get(),
  ]);
  return {
    currency,
    // The header's "Ship to" choices.
    countries: shipToChoices(settings.shippingZones),
    // The footer's store profile (name, contact details, social links from admin Settings).
    store,
    categories: categories.map(
      (c): MenuCategory => ({
        id: c.id,
        name: c.name,
        icon: c.icon,
        subcategories: c.subcategories.map((s) => ({ name: s.name, icon: s.icon, count: s.count })),
        featured: c.featured.map((f) => ({ name: f.name, image: f.image, href: f.href })),
        offer: c.offer,
        badge: c.badge,
      }),
    ),
  };
}

/** The menu does not change from page to page: reload it only after a form was submitted. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** The storefront layout: navbar, page, footer (docs/product.md §2). */
export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <BrandColors colors={loaderData.store.colors} />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <MaintenancePreviewBanner />
      {/* The fallback has the header's height: nothing moves when it streams in. */}
      <Suspense fallback={<div className="h-16 border-slate-200 border-b" />}>
        <StorefrontHeader
          categories={loaderData.categories}
          store={loaderData.store}
          currency={{
            offered: loaderData.currency.offered,
            current: loaderData.currency.presentment.code,
            countries: loaderData.countries,
            shipTo: loaderData.currency.country,
          }}
        />
      </Suspense>
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <Suspense fallback={null}>
        <Footer store={loaderData.store} />
      </Suspense>
      <RouteLoadingScreen />
    </div>
  );
}

/**
 * The owner's colours as the custom properties the theme reads (app.css). The values are `#rrggbb`, checked
 * when saved and again when read, so nothing else can reach the style sheet.
 */
function BrandColors({ colors }: { colors: StoreProfile['colors'] }) {
  const css = `:root{--shop-primary:${colors.primary};--shop-primary-text:${colors.primaryText};--shop-accent:${colors.accent}}`;
  return <style>{css}</style>;
}

/**
 * Staff previewing the storefront during maintenance are told that shoppers see
 * something else (the server lets their browser through, ADR 016).
 */
function MaintenancePreviewBanner() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (!root?.maintenancePreview) return null;
  return (
    <div role="note" aria-label="Maintenance preview" className="bg-sky-900 px-4 py-2 text-center text-sm text-white">
      Maintenance mode is on — shoppers see the maintenance page.{' '}
      <a href="/admin/settings" className="font-medium underline underline-offset-4">
        Settings
      </a>
    </div>
  );
}
