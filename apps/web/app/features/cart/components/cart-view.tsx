import { formatMinor } from '@shop/contracts/currency';
import { lineLimit } from '@shop/contracts/quantity';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { taxNote } from '../../../lib/presentment.ts';
import { useShopperCurrency } from '../../../lib/shopper-currency.ts';
import {
  type CartTotals,
  cartStore,
  cartTotalsIn,
  itemKey,
  type LocalCartItem,
  lineChoices,
  lineTotalIn,
  loadCartFromStorage,
  unitIn,
  useCart,
} from '../cart-store.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/** Loaded on first use, as the product page loads it: one way of importing keeps it out of the page's first JS. */
const actions = () => import('../actions.ts');

/** Where a cart line links to: the product page by slug when known (readable URLs), else by id. */
const productPath = (item: LocalCartItem) => `/products/${encodeURIComponent(item.product.slug || item.product.id)}`;

/**
 * The cart page's body (docs/product.md §4): lines, quantities, totals. The cart lives in the browser, so the
 * server renders a placeholder of the same size and the lines appear once the saved cart is read.
 */
export function CartView() {
  const loaded = useCart((s) => s.loaded);
  const items = useCart((s) => s.items);
  const summary = useCart((s) => s.summary);
  const shopper = useShopperCurrency();
  const [notices, setNotices] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    // The layout starts this too; whichever runs first loads the saved cart.
    // The saved cart shows at once; the sync (API client, TanStack Query) loads on first use like the actions.
    if (!cartStore.getState().loaded) loadCartFromStorage();
    void import('../cart-sync.ts')
      .then((m) => m.startCartSync())
      // Before checkout: lines above the stock now are lowered, with a notice (stock-check.ts).
      .then(() => import('../stock-check.ts'))
      .then((m) => m.checkCart(() => actions()))
      .then((found) => {
        if (live && found.length > 0) setNotices(found);
      });
    return () => {
      live = false;
    };
  }, []);

  if (!loaded) return <CartPlaceholder />;
  if (items.length === 0) return <EmptyCart />;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="cart-lines-heading">
        {notices.length > 0 ? (
          <div
            role="status"
            data-testid="stock-notice"
            className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
          >
            {notices.map((notice) => (
              <p key={notice}>{notice}</p>
            ))}
          </div>
        ) : null}
        <div className="flex items-center justify-between border-slate-200 border-b pb-3">
          <h2 id="cart-lines-heading" className="font-semibold text-lg">
            Items in your cart
          </h2>
          <button
            type="button"
            onClick={() => void actions().then((m) => m.clearCart())}
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'text-red-700 hover:text-red-800' })}
          >
            Clear cart
          </button>
        </div>
        <ul className="divide-y divide-slate-200">
          {items.map((item) => (
            <CartLine key={itemKey(item)} item={item} named={linesOf(items, item.product.id) > 1} />
          ))}
        </ul>
      </section>
      <CartSummary totals={cartTotalsIn({ items, summary }, shopper)} />
    </div>
  );
}

const linesOf = (items: LocalCartItem[], productId: string) => items.filter((i) => i.product.id === productId).length;

/** `named`: the product has other lines (other variants), so the line's controls name its values too. */
function CartLine({ item, named }: { item: LocalCartItem; named: boolean }) {
  const shopper = useShopperCurrency();
  const { product } = item;
  const line = { variantId: item.variantId ?? null, color: item.color ?? null, size: item.size ?? null };
  const choices = lineChoices(item);
  const chosen = choices.join(' · ');
  // Two variants of one product are two lines: each stepper names its variant for screen readers.
  const label = named && choices.length > 0 ? `${product.name} (${choices.join(', ')})` : product.name;
  return (
    <li
      className="flex gap-4 py-4"
      data-testid="cart-line"
      data-product-id={product.id}
      data-variant-id={item.variantId ?? undefined}
    >
      <Link to={productPath(item)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {product.image ? (
          <img
            src={product.image}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className="h-24 w-24 rounded-md bg-slate-100 object-cover"
          />
        ) : (
          <div className="h-24 w-24 rounded-md bg-slate-100" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Link to={productPath(item)} className="font-medium hover:underline">
            {product.name}
          </Link>
          {chosen ? (
            <p className="text-slate-600 text-sm" data-testid="line-choices">
              {chosen}
            </p>
          ) : null}
          {item.missing?.length ? (
            // A line saved before colours and sizes were required cannot be bought as it is.
            <p className="mt-1 text-amber-800 text-sm" data-testid="missing-choice">
              No {item.missing.map((m) => (m === 'color' ? 'colour' : 'size')).join(' or ')} chosen.{' '}
              <Link to={productPath(item)} className="font-medium underline underline-offset-4">
                Choose on the product page
              </Link>{' '}
              and remove this line.
            </p>
          ) : null}
          <p className="mt-1 text-slate-700 text-sm">
            <span className="sr-only">Unit price: </span>
            <span data-testid="unit-price">{formatMinor(unitIn(item, shopper), shopper.presentment)}</span> each
          </p>
          <QuantityStepper
            className="mt-2"
            value={item.quantity}
            label={label}
            max={Math.max(1, lineLimit(item.available))}
            stock={item.available}
            onChange={(quantity) => void actions().then((m) => m.updateQuantity(product.id, quantity, line))}
          />
        </div>
        <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
          <p className="font-semibold">
            <span className="sr-only">Line total: </span>
            <span data-testid="line-total">{formatMinor(lineTotalIn(item, shopper), shopper.presentment)}</span>
          </p>
          <button
            type="button"
            onClick={() => void actions().then((m) => m.removeFromCart(product.id))}
            className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'text-slate-700' })}
            aria-label={`Remove ${product.name} from cart`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

/** Signed in, the totals are the server's (its cart answers them); a guest's are summed here. */
function CartSummary({ totals }: { totals: CartTotals }) {
  const shopper = useShopperCurrency();
  const tax = taxNote(shopper);
  return (
    <aside aria-labelledby="cart-summary-heading" className="h-fit rounded-lg border border-slate-200 p-5">
      <h2 id="cart-summary-heading" className="font-semibold text-lg">
        Order summary
      </h2>
      {/* Read out when quantities change, so a screen reader hears the new totals. */}
      <dl className="mt-4 space-y-2 text-sm" aria-live="polite">
        <div className="flex justify-between">
          <dt>Total items</dt>
          <dd data-testid="cart-total-items">{totals.items}</dd>
        </div>
        <div className="flex justify-between border-slate-200 border-t pt-2 font-semibold text-base">
          <dt>Total price</dt>
          <dd className="text-right">
            <span data-testid="cart-total-price">{formatMinor(totals.priceCents, shopper.presentment)}</span>
            {tax ? (
              <span className="block font-normal text-slate-600 text-xs" data-testid="tax-note">
                {tax}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      <Link to="/checkout" className={buttonVariants({ size: 'lg', className: 'mt-5 w-full' })}>
        Proceed to checkout
      </Link>
      <Link to="/products" className={buttonVariants({ variant: 'link', className: 'mt-2 w-full' })}>
        Continue shopping
      </Link>
    </aside>
  );
}

function EmptyCart() {
  return (
    <div className="flex min-h-72 flex-col items-center justify-center rounded-lg border border-slate-300 border-dashed px-6 py-12 text-center">
      <ShoppingCart aria-hidden="true" className="h-10 w-10 text-slate-500" />
      <h2 className="mt-4 font-semibold text-lg">Your cart is empty</h2>
      <p className="mt-1 text-slate-600">Products you add to your cart will show up here.</p>
      <Link to="/products" className={buttonVariants({ className: 'mt-6' })}>
        Continue shopping
      </Link>
    </div>
  );
}

/** Same footprint as the empty state, so nothing jumps when the saved cart appears. */
function CartPlaceholder() {
  return (
    <div className="min-h-72 animate-pulse rounded-lg bg-slate-100" role="status" aria-live="polite">
      <span className="sr-only">Loading your cart…</span>
    </div>
  );
}
