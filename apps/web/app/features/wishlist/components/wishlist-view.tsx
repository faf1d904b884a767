import { toCents } from '@shop/contracts/money';
import { STANDARD_CLASS } from '@shop/contracts/tax';
import { Heart, ShoppingCart, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { shelfPrices } from '../../../lib/presentment.ts';
import { loginHref } from '../../../lib/safe-next.ts';
import { useShopperCurrency } from '../../../lib/shopper-currency.ts';
import { useSession } from '../../auth/index.ts';
import {
  loadWishlistFromStorage,
  needsChoice,
  useWishlist,
  type WishlistProduct,
  wishlistStore,
} from '../wishlist-store.ts';

/** Loaded on first use, as the product page loads it: one way of importing keeps it out of the page's first JS. */
const actions = () => import('../actions.ts');

const productPath = (p: WishlistProduct) => `/products/${encodeURIComponent(p.slug || p.id)}`;

/**
 * The wishlist page's body: the saved products with 'Add to cart' and remove. The list lives in the
 * browser (a guest's) or comes from the server (signed in), so it appears after hydration. A product
 * with colours or sizes is never added without them: its button leads to the
 * product page, where the shopper chooses.
 */
export function WishlistView({ onAddToCart }: { onAddToCart: (product: WishlistProduct) => void }) {
  const loaded = useWishlist((s) => s.loaded);
  const items = useWishlist((s) => s.items);
  const guest = !useSession((s) => s.isAuthenticated);
  useEffect(() => {
    // The saved list shows at once; the sync (API client, TanStack Query) loads on first use like the actions.
    if (!wishlistStore.getState().loaded) loadWishlistFromStorage();
    void import('../wishlist-sync.ts').then((m) => m.startWishlistSync());
  }, []);

  if (!loaded) {
    return (
      <div className="min-h-72 animate-pulse rounded-lg bg-slate-100" role="status" aria-live="polite">
        <span className="sr-only">Loading your wishlist…</span>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex min-h-72 flex-col items-center justify-center rounded-lg border border-slate-300 border-dashed px-6 py-12 text-center">
        <Heart aria-hidden="true" className="h-10 w-10 text-slate-500" />
        <h2 className="mt-4 font-semibold text-lg">Your wishlist is empty</h2>
        <p className="mt-1 text-slate-600">Save products you love and find them here later.</p>
        <Link to="/products" className={buttonVariants({ className: 'mt-6' })}>
          Browse products
        </Link>
      </div>
    );
  }
  return (
    <>
      {guest ? (
        <p className="mb-6 text-slate-700 text-sm">
          {/* Point 7: the sign-in page brings the shopper back here. */}
          <Link to={loginHref('/wishlist')} className="font-medium text-slate-900 underline underline-offset-4">
            Sign in
          </Link>{' '}
          to keep your wishlist on every device.
        </p>
      ) : null}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((product) => (
          <li
            key={product.id}
            className="flex flex-col overflow-hidden rounded-lg border border-slate-200"
            data-testid="wishlist-item"
            data-product-id={product.id}
          >
            <Link to={productPath(product)} tabIndex={-1} aria-hidden="true">
              {product.image ? (
                <img
                  src={product.image}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square h-auto w-full bg-slate-100 object-cover"
                />
              ) : (
                <div className="aspect-square w-full bg-slate-100" />
              )}
            </Link>
            <div className="flex flex-1 flex-col p-4">
              <Link to={productPath(product)} className="font-medium hover:underline">
                {product.name}
              </Link>
              <WishlistPrice
                salePrice={product.sale_price}
                regularPrice={product.regular_price}
                taxClass={product.tax_class ?? STANDARD_CLASS}
              />
              {product.in_stock === false ? <p className="mt-1 text-red-700 text-sm">Out of stock</p> : null}
              <div className="mt-auto flex gap-2 pt-4">
                {needsChoice(product) && product.in_stock !== false ? (
                  <Link
                    to={productPath(product)}
                    className={buttonVariants({ className: 'flex-1' })}
                    aria-label={`Choose options for ${product.name}`}
                  >
                    <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
                    Choose options
                  </Link>
                ) : (
                  <Button
                    className="flex-1"
                    disabled={product.in_stock === false}
                    onClick={() => onAddToCart(product)}
                    aria-label={`Add ${product.name} to cart`}
                  >
                    <ShoppingCart aria-hidden="true" className="h-4 w-4" />
                    Add to cart
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="icon"
                  onClick={() => void actions().then((m) => m.removeFromWishlist(product.id))}
                  aria-label={`Remove ${product.name} from wishlist`}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A saved product's price in the shopper's currency, and its regular price struck through when higher. */
function WishlistPrice({
  salePrice,
  regularPrice,
  taxClass,
}: {
  salePrice: number;
  regularPrice: number | undefined;
  taxClass: string;
}) {
  const shopper = useShopperCurrency();
  const sale = toCents(salePrice);
  const shown = shelfPrices(sale, regularPrice === undefined ? sale : toCents(regularPrice), 1, taxClass, shopper);
  return (
    <p className="mt-1 flex items-baseline gap-2">
      <span className="font-semibold">{shown.sale}</span>
      {shown.regular ? (
        <span className="text-slate-600 text-sm line-through">
          <span className="sr-only">was </span>
          {shown.regular}
        </span>
      ) : null}
    </p>
  );
}
