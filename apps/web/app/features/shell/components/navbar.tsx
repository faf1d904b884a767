import type { MenuLink, StoreProfile } from '@shop/contracts/admin-settings';
import { DELAYS } from '@shop/contracts/constants';
import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { MenuCategory } from '../../../components/layout/category-menu.tsx';
import { Container } from '../../../components/layout/container.tsx';
import { CartIcon, ChevronDownIcon, CloseIcon, MenuIcon } from '../../../components/layout/nav-icons.tsx';
import { setAppNavigator } from '../../../lib/app-navigator.ts';
import { cn } from '../../../lib/cn.ts';
import { loadable, useLoadable } from '../../../lib/lazy-island.ts';
import { plural } from '../../../lib/plural.ts';
import { signOut, syncSessionFromStorage, useSession } from '../../auth/index.ts';
import { loadCartSync, totalItems, useCart } from '../../cart/index.ts';
import { loadWishlistSync } from '../../wishlist/index.ts';
import { CurrencySelect, type HeaderCurrency } from './currency-select.tsx';
import { MenuLinkTo } from './menu-link.tsx';
import { openSiteDialog, preloadSiteDialog, SiteDialogs } from './site-dialogs.tsx';

// Panels, toasts, dialogs and the API client load when first wanted.
const categoryMenu = loadable(() => import('../../../components/layout/category-menu.tsx').then((m) => m.CategoryMenu));
const mobileMenu = loadable(() => import('./mobile-menu.tsx').then((m) => m.default));
const toaster = loadable(() => import('../../../components/layout/toaster.tsx').then((m) => m.default));
type DialogName = 'login' | 'signup' | 'contact';
/** The pages with the dialogs' forms (routes.ts), where the controls lead before the dialogs can open. */
const DIALOG_PAGES: Record<DialogName, string> = { login: '/auth/login', signup: '/auth/signup', contact: '/contact' };

// Two classes for one property would be settled by the style sheet's order, not the class list's: the
// base has no colours, and each kind of item adds its own.
const itemBase =
  'inline-flex h-10 items-center gap-1 rounded-md px-3 font-medium text-sm focus-visible:outline-2 focus-visible:outline-slate-900';
const itemClass = `${itemBase} text-slate-800 hover:bg-slate-100 hover:text-slate-950`;
const iconButtonClass =
  'relative inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-slate-900';

/** Navbar Logout: the API client loads only now; then the user is signed out and sent home. */
function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    navigate('/');
  }, [navigate]);
}

/** Runs `close` on every navigation, the back button's included. */
function useCloseOnNavigation(close: () => void) {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => close(), [key]);
}

/**
 * The storefront's header and everything interactive around it: the navbar, its dialogs and the
 * toasts, the session sync of docs/product.md §2 and the background syncs. The layout loads it lazily — the server
 * renders it in full and the browser hydrates it as soon as its code arrives (React replays a click
 * that comes earlier) — so that the first paint's JavaScript stays within budget (docs/architecture.md §9).
 */
export default function StorefrontHeader({
  categories,
  store,
  currency,
}: {
  categories: MenuCategory[];
  store: HeaderStore;
  currency?: HeaderCurrency;
}) {
  const hydrated = useShellEffects();
  const AppToaster = useLoadable(toaster, hydrated);
  return (
    <>
      <Navbar categories={categories} store={store} currency={currency} />
      {hydrated ? <SiteDialogs /> : null}
      {AppToaster ? <AppToaster /> : null}
    </>
  );
}

function useShellEffects(): boolean {
  const [hydrated, setHydrated] = useState(false);
  const navigate = useNavigate();
  const { key } = useLocation();

  useEffect(() => {
    setHydrated(true);
    // Tests and scripts wait for this before they click: the header answers clicks from now on.
    document.documentElement.dataset.hydrated = 'true';
    // Another tab signing in or out shows here at once, not only on the next navigation.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'auth') syncSessionFromStorage();
    };
    window.addEventListener('storage', onStorage);
    // The cart and wishlist syncs belong to their feature; a missing one must not break the shell.
    loadCartSync()
      .then((m) => m.startCartSync())
      .catch(() => undefined);
    loadWishlistSync()
      .then((m) => m.startWishlistSync())
      .catch(() => undefined);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  useEffect(() => setAppNavigator((to) => navigate(to)), [navigate]);
  // docs/product.md §2: on every route change the stored auth is read and used to log in, or log out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => syncSessionFromStorage(), [key]);
  return hydrated;
}

/** What the header shows of the store: its name or logo, and the owner's links after its own. */
export type HeaderStore = Pick<StoreProfile, 'name' | 'logo' | 'headerMenu'>;

/** The header's logo is this tall (CSS pixels); its width follows the picture. */
const LOGO_HEIGHT = 32;

/** docs/product.md §2 navbar. */
export function Navbar({
  categories,
  store,
  currency,
}: {
  categories: MenuCategory[];
  store: HeaderStore;
  currency?: HeaderCurrency | undefined;
}) {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const cartCount = useCart((s) => totalItems(s.items));
  const signOut = useSignOut();
  // Real links to the pages of the same forms, which the dialogs enhance: a click made before this
  // header's code has loaded (a slow phone) still gets there, and once loaded the dialog opens instead.
  // Named buttons, as that is what they are once the page's code runs.
  const dialogButton = (name: DialogName, label: string, className = itemClass) => (
    // biome-ignore lint/a11y/useSemanticElements: a link before the code loads, a dialog's button after
    <a
      href={DIALOG_PAGES[name]}
      role="button"
      className={className}
      onClick={(event) => {
        // A new tab or window asked for: the page, as the link says.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openSiteDialog(name);
      }}
      onKeyDown={(event) => {
        // Space presses a button (Enter already clicks a link).
        if (event.key !== ' ') return;
        event.preventDefault();
        openSiteDialog(name);
      }}
      onPointerEnter={() => preloadSiteDialog(name)}
    >
      {label}
    </a>
  );

  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center font-bold text-slate-950 text-xl tracking-tight">
          {store.logo ? (
            <img
              src={store.logo.url}
              alt={store.name}
              height={LOGO_HEIGHT}
              width={Math.round((store.logo.width / store.logo.height) * LOGO_HEIGHT)}
              className="h-8 w-auto max-w-48 object-contain"
            />
          ) : (
            store.name
          )}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to="/" end className={itemClass}>
                Home
              </NavLink>
            </li>
            <li>
              <CategoriesItem categories={categories} />
            </li>
            <li>
              <NavLink to="/wishlist" className={itemClass}>
                Wishlist
              </NavLink>
            </li>
            <li>{dialogButton('contact', 'Contact')}</li>
            {store.headerMenu.map((link, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the owner's ordered list
              <li key={i}>
                <MenuLinkTo link={link} className={itemClass} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          {currency ? <CurrencySelect {...currency} /> : null}
          <div className="hidden items-center gap-1 md:flex">
            {isAuthenticated ? (
              <>
                <NavLink to="/account" className={itemClass}>
                  Account
                </NavLink>
                <button type="button" className={itemClass} onClick={() => void signOut()}>
                  Logout
                </button>
              </>
            ) : (
              <>
                {dialogButton('login', 'Login')}
                {dialogButton('signup', 'Sign Up', `${itemBase} bg-brand text-brand-text hover:bg-brand/85`)}
              </>
            )}
          </div>
          <Link to="/cart" aria-label={`Cart, ${plural(cartCount, 'item', 'items')}`} className={iconButtonClass}>
            <CartIcon className="size-5" />
            <span
              data-testid="cart-count"
              aria-hidden="true"
              data-empty={cartCount === 0 || undefined}
              // docs/product.md §2 shows the count, 0 too; an empty cart is no alarm, so 0 is a
              // quiet grey and a count the shop's dark ink, never red.
              className={cn(
                'absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 font-semibold text-[11px]',
                cartCount === 0 ? 'bg-slate-200 text-slate-700' : 'bg-slate-900 text-white',
              )}
            >
              {cartCount}
            </span>
          </Link>
          <MobileMenuToggle
            isAuthenticated={isAuthenticated}
            onSignOut={() => void signOut()}
            extraLinks={store.headerMenu}
          />
        </div>
      </Container>
    </header>
  );
}

/** docs/product.md §2: the mobile menu toggles; Escape closes it and returns focus to the toggle. */
function MobileMenuToggle({
  isAuthenticated,
  onSignOut,
  extraLinks,
}: {
  isAuthenticated: boolean;
  onSignOut: () => void;
  extraLinks: MenuLink[];
}) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnNavigation(close);
  const MobileMenu = useLoadable(mobileMenu, open);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape handling for the disclosure inside
    <div
      className="md:hidden"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          close();
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={() => void mobileMenu.preload().catch(() => undefined)}
        className={iconButtonClass}
      >
        {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
      </button>
      {MobileMenu ? (
        <MobileMenu
          id={panelId}
          isAuthenticated={isAuthenticated}
          onClose={close}
          onSignOut={onSignOut}
          extraLinks={extraLinks}
        />
      ) : null}
    </div>
  );
}

/**
 * docs/product.md §2 Categories: hover or click opens the menu; it closes 200 ms after the pointer leaves (and
 * coming back in time keeps it open). Keyboard: Enter, Space or ArrowDown open it, Escape closes it
 * and returns focus to the trigger; tabbing out of it closes it.
 */
function CategoriesItem({ categories }: { categories: MenuCategory[] }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [focusPanel, setFocusPanel] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = (withFocus = false) => {
    clearTimeout(closeTimer.current);
    setFocusPanel(withFocus);
    setOpen(true);
  };
  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    setOpen(false);
  }, []);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useCloseOnNavigation(close);
  const CategoryMenu = useLoadable(categoryMenu, open);
  const preloadPanel = () => void categoryMenu.preload().catch(() => undefined);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === trigger.current) {
      event.preventDefault();
      show(true);
    }
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and key handling for the disclosure inside
    <div
      onMouseEnter={() => show()}
      onMouseLeave={() => {
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(close, DELAYS.menuCloseMs);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={trigger}
        type="button"
        className={itemClass}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onFocus={preloadPanel}
        onPointerEnter={preloadPanel}
        // A pointer that clicks has already opened the menu by hovering: only keyboard clicks toggle.
        onClick={(event) => (open && event.detail === 0 ? close() : show())}
      >
        Categories
        <ChevronDownIcon className={open ? 'size-4 rotate-180' : 'size-4'} />
      </button>
      {CategoryMenu ? (
        <CategoryMenu id={panelId} categories={categories} onNavigate={close} autoFocus={focusPanel} />
      ) : null}
    </div>
  );
}
