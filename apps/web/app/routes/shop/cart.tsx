import { CartView } from '../../features/cart/components/cart-view.tsx';
import { CartChangesNotice } from '../../features/checkout/components/cart-changes-notice.tsx';
import type { Route } from './+types/cart';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Shopping cart · Shop' },
    { name: 'description', content: 'The products in your shopping cart, their quantities and the total price.' },
    // A shopper's own cart: nothing for search engines.
    { name: 'robots', content: 'noindex' },
  ];
}

/** docs/product.md §2 cart: the lines, quantities and totals of docs/product.md §4. */
export default function CartPage() {
  return (
    // docs/product.md §9: page container 90% wide, at most 1200px.
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <h1 className="mb-6 font-bold text-3xl tracking-tight">Shopping Cart</h1>
      {/* Why checkout sent the shopper back here (prices or stock moved). */}
      <CartChangesNotice />
      <CartView />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
