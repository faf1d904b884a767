import { Link } from 'react-router';
import { type CardProduct, productPath } from '../card.ts';
import { Price } from './price.tsx';

/** One product in a grid: picture, name, price; links to the product page. */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  return (
    <Link
      to={productPath(product)}
      className="group block h-full overflow-hidden rounded-lg border border-slate-200 transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
    >
      {product.image ? (
        // Fixed width/height reserve the box before the picture arrives (no layout shift, docs/architecture.md §9).
        <img
          src={product.image}
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-square h-auto w-full bg-slate-100 object-cover"
        />
      ) : (
        <div className="aspect-square w-full bg-slate-100" />
      )}
      <div className="p-3">
        <h3 className="line-clamp-2 font-medium text-sm group-hover:underline">{product.name}</h3>
        <Price
          className="mt-1"
          sale={product.sale}
          regular={product.regular}
          discount={product.discount}
          taxNote={product.taxNote}
        />
        {product.inStock ? null : <p className="mt-1 font-medium text-red-700 text-xs">Out of stock</p>}
      </div>
    </Link>
  );
}
