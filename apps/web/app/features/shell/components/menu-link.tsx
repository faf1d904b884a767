import type { MenuLink } from '@shop/contracts/admin-settings';
import { Link } from 'react-router';

/**
 * A link of an owner's menu: a path of the shop navigates in the app; an address elsewhere is a plain link
 * that tells the other site nothing of this one. The contract allows nothing else (`isMenuHref`).
 */
export function MenuLinkTo({ link, className }: { link: MenuLink; className?: string }) {
  if (link.href.startsWith('/')) {
    return (
      <Link to={link.href} className={className}>
        {link.label}
      </Link>
    );
  }
  return (
    <a href={link.href} rel="noopener noreferrer" className={className}>
      {link.label}
    </a>
  );
}
