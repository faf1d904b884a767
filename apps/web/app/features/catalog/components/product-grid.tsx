import type { CardProduct } from '../card.ts';
import { ProductCard } from './product-card.tsx';

/** Cards of the first row of the widest grid load eagerly: they are likely the largest paint. */
export const EAGER_CARDS = 4;

/** A responsive grid of product cards; `eager` says how many pictures load at once (the rest lazily). */
export function ProductGrid({ products, eager = 0 }: { products: CardProduct[]; eager?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}
