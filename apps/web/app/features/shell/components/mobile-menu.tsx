import type { MenuLink } from '@shop/contracts/admin-settings';
import { NavLink } from 'react-router';
import { MenuLinkTo } from './menu-link.tsx';
import { openSiteDialog } from './site-dialogs.tsx';

const linkClass =
  'block w-full rounded-md px-3 py-2.5 text-left font-medium text-base text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-slate-900 aria-[current=page]:bg-slate-100';

/**
 * docs/product.md §2 mobile menu panel: the navbar's links for narrow screens, Contact as a link to /contact.
 * The toggle lives in the navbar; this panel loads the first time it opens.
 */
export default function MobileMenu({
  id,
  isAuthenticated,
  onClose,
  onSignOut,
  extraLinks,
}: {
  id: string;
  isAuthenticated: boolean;
  onClose: () => void;
  onSignOut: () => void;
  /** The owner's header links, after the shop's own. */
  extraLinks: MenuLink[];
}) {
  const openDialog = (name: 'login' | 'signup') => {
    onClose();
    openSiteDialog(name);
  };
  const links: [string, string][] = [
    ['/', 'Home'],
    ['/categories', 'Categories'],
    ['/wishlist', 'Wishlist'],
    ['/contact', 'Contact'],
    ['/cart', 'Cart'],
    ...(isAuthenticated ? ([['/account', 'Account']] as [string, string][]) : []),
  ];
  return (
    <nav
      id={id}
      aria-label="Mobile"
      className="absolute inset-x-0 top-full z-40 border-slate-200 border-b bg-white px-[5%] py-3 shadow-lg"
    >
      <ul className="space-y-1">
        {links.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end={to === '/'} className={linkClass} onClick={onClose}>
              {label}
            </NavLink>
          </li>
        ))}
        {extraLinks.map((link, i) => (
          // The panel closes on the navigation itself (the toggle's useCloseOnNavigation).
          // biome-ignore lint/suspicious/noArrayIndexKey: the owner's ordered list
          <li key={`extra-${i}`}>
            <MenuLinkTo link={link} className={linkClass} />
          </li>
        ))}
        {isAuthenticated ? (
          <li>
            <button
              type="button"
              className={linkClass}
              onClick={() => {
                onClose();
                onSignOut();
              }}
            >
              Logout
            </button>
          </li>
        ) : (
          <>
            <li>
              <button type="button" className={linkClass} onClick={() => openDialog('login')}>
                Login
              </button>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => openDialog('signup')}>
                Sign Up
              </button>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
