import type { StoreSettings } from '@shop/contracts/orders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  ClipboardList,
  Coins,
  CreditCard,
  FileClock,
  FolderTree,
  House,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Megaphone,
  Package,
  Percent,
  Receipt,
  Settings,
  ShoppingBag,
  Tags,
  Truck,
  Users,
} from 'lucide-react';
import { Fragment, lazy, type ReactNode, Suspense } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { DemoModeBanner } from '../../../components/ui/demo-mode-banner.tsx';
import { cn } from '../../../lib/cn.ts';
import { logout, useSession } from '../../auth/index.ts';
import { ADMIN_LOGIN_PATH, isAdmin } from '../access.ts';
import { storeSettingsQuery } from '../api/store-settings.ts';
import { timeZoneQuery } from '../api/time-zone.ts';
import { setAdminTimeZone } from '../format.ts';
import { QueryState } from './query-state.tsx';

/** Loaded on demand, as the storefront's navbar loads it. */
const AppToaster = lazy(() => import('../../../components/layout/toaster.tsx'));

interface NavItem {
  to: string;
  label: string;
  icon: typeof Package;
  adminOnly?: boolean;
  /** A page within the section listed before it (Settings › Shipping): shown indented under it. */
  sub?: boolean;
}

/** The sections of the admin area (docs/product.md §2 Admin), in the documented order, plus the audit log. */
const NAV: NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/customers', label: 'Customers', icon: Users },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/brands', label: 'Brands', icon: Tags },
  { to: '/admin/categories', label: 'Categories', icon: FolderTree },
  { to: '/admin/home-page', label: 'Home page', icon: House },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingBag },
  { to: '/admin/pay-later', label: 'Pay later', icon: Receipt },
  { to: '/admin/transactions', label: 'Transactions', icon: CreditCard },
  { to: '/admin/reports', label: 'Reports', icon: BarChart3 },
  { to: '/admin/marketing', label: 'Marketing', icon: Megaphone },
  { to: '/admin/settings', label: 'Settings', icon: Settings, adminOnly: true },
  { to: '/admin/settings/shipping', label: 'Shipping', icon: Truck, adminOnly: true, sub: true },
  { to: '/admin/settings/tax', label: 'Tax', icon: Percent, adminOnly: true, sub: true },
  { to: '/admin/settings/currencies', label: 'Currencies', icon: Coins, adminOnly: true, sub: true },
  { to: '/admin/support', label: 'Support', icon: LifeBuoy },
  { to: '/admin/audit-log', label: 'Audit log', icon: FileClock },
];

const cardProviderOf = (settings: StoreSettings) => settings.payments.card;

/** The admin frame: section navigation, who is signed in, sign out (the root provides the query client). */
export function AdminShell({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const items = NAV.filter((item) => !item.adminOnly || isAdmin(user));
  // Staff see on every page that cards are not really charged.
  const cardProvider = useQuery({ ...storeSettingsQuery, select: cardProviderOf }).data;

  function signOut() {
    logout();
    client.clear();
    navigate(ADMIN_LOGIN_PATH);
  }

  return (
    <>
      <div className="min-h-screen bg-slate-100 md:flex">
        <a
          href="#admin-main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        {/*
          On a desktop the sidebar is a column as tall as the page (its white reaches the bottom of a
          long page), and its contents stick to the top of the window. On a phone it
          is a bar above the page whose links scroll sideways inside it.
        */}
        <aside
          aria-label="Admin sidebar"
          className="border-slate-200 border-b bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0"
        >
          <div className="md:sticky md:top-0 md:max-h-screen md:overflow-y-auto">
            <div className="flex items-center gap-2 px-4 py-4">
              <ClipboardList aria-hidden className="h-5 w-5 text-slate-700" />
              <span className="font-bold text-slate-900">Shop admin</span>
            </div>
            <nav aria-label="Admin sections" className="px-2 pb-4">
              <ul className="flex gap-1 overflow-x-auto md:flex-col">
                {items.map(({ to, label, icon: Icon, sub }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      // A section with pages of its own listed below it is current only on its own page.
                      end={items.some((other) => other.to.startsWith(`${to}/`))}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-slate-700 text-sm hover:bg-slate-100',
                          sub && 'md:ml-6',
                          isActive && 'bg-slate-900 text-white hover:bg-slate-800',
                        )
                      }
                    >
                      <Icon aria-hidden className="h-4 w-4" />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </aside>
        <div className="min-w-0 flex-1">
          <header className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 border-slate-200 border-b bg-white px-4 py-3 text-sm md:px-6">
            <span className="min-w-0 break-all text-slate-700">
              {user?.email}{' '}
              <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700 text-xs">{user?.role}</span>
            </span>
            <button
              type="button"
              onClick={signOut}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100"
            >
              <LogOut aria-hidden className="h-4 w-4" /> Sign out
            </button>
          </header>
          {/* Grid cells may shrink below their content's width, so a wide table scrolls in its card
              instead of widening the page. */}
          <main id="admin-main" className="p-4 md:p-6 [&_.grid>*]:min-w-0">
            {cardProvider === 'demo' ? <DemoModeBanner className="mb-4" audience="staff" /> : null}
            <InStoreSettings>{children}</InStoreSettings>
          </main>
        </div>
      </div>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}

/**
 * Renders the page once the store's time zone and base currency are known, with every admin time
 * formatted in the zone and every amount in the base. A new zone (saved in Settings) renders the page
 * anew. Should the zone not load, times fall back to UTC; should the settings not load, amounts fall
 * back to US dollars: what is shown then says so.
 */
function InStoreSettings({ children }: { children: ReactNode }) {
  const query = useQuery(timeZoneQuery);
  const settings = useQuery(storeSettingsQuery);
  const zone = query.data?.time_zone ?? (query.isError ? 'UTC' : undefined);
  if (zone === undefined) return <QueryState query={query}>{() => null}</QueryState>;
  if (settings.data === undefined && !settings.isError) return <QueryState query={settings}>{() => null}</QueryState>;
  // Idempotent, and it must happen before the children render: they format with it.
  setAdminTimeZone(zone);
  return <Fragment key={zone}>{children}</Fragment>;
}
