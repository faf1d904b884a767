import { WishlistView } from '../../features/wishlist/components/wishlist-view.tsx';
import type { Route } from './+types/wishlist';

/** The cart's actions load on the first 'Add to cart' (the first paint's budget, docs/architecture.md §9). */
const loadCartActions = () => import('../../features/cart/actions.ts');

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Wishlist · Shop' },
    { name: 'description', content: 'The products you saved for later.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** docs/product.md §2 wishlist: local for guests, on the server when signed in. */
export default function WishlistPage() {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <h1 className="mb-6 font-bold text-3xl tracking-tight">Wishlist</h1>
      <WishlistView
        onAddToCart={(p) =>
          void loadCartActions().then((m) =>
            m.addToCart({ id: p.id, name: p.name, sale_price: p.sale_price, image: p.image, slug: p.slug }, 1),
          )
        }
      />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
