import { formatMoney, toCents } from '@shop/contracts/money';
import { Link } from 'react-router';
import { demoDelay } from '../../lib/load-context.ts';
import type { Route } from './+types/home';

/** How many popular products the home page shows. */
const HOME_PRODUCTS = 8;
/** Cards in the first row of the widest grid load eagerly: they are likely the largest paint. */
const EAGER_IMAGES = 4;

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Shop · Electronics, fashion, home, sports and books' },
    {
      name: 'description',
      content: 'Shop electronics, fashion, home and garden, sports and outdoors, and books and media.',
    },
  ];
}

/** Reads the catalogue in-process through the load context (DESIGN §3), never over HTTP. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // spec §2 says the home loader waits 1 s; DESIGN §7 keeps that wait for demos only.
  await demoDelay(context.loaderDelayMs, request.signal);
  const { items } = await context.services.catalog.listProducts({ page: 1, limit: HOME_PRODUCTS, sort: 'popular' });
  // Only what the cards show travels to the browser.
  return {
    products: items.map((p) => ({
      id: p.id,
      name: p.name,
      image: p.images[0] ?? null,
      saleCents: toCents(p.sale_price),
      regularCents: toCents(p.regular_price),
      discount: p.percentage_discount,
    })),
  };
}

type CardProduct = Route.ComponentProps['loaderData']['products'][number];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    // spec §9: page container 90% wide, at most 1200px.
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <section className="rounded-2xl bg-slate-900 px-6 py-12 text-white sm:px-12 sm:py-16">
        <h1 className="max-w-2xl font-bold text-3xl tracking-tight sm:text-5xl">Everything you need, in one shop</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-200">
          Electronics, fashion, home and garden, sports and outdoors, books and media: picked with care and delivered to
          your door.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/products"
            className="rounded-md bg-white px-5 py-2.5 font-medium text-slate-900 hover:bg-slate-100"
          >
            Shop all products
          </Link>
          <Link
            to="/categories"
            className="rounded-md border border-white/40 px-5 py-2.5 font-medium text-white hover:bg-white/10"
          >
            Browse categories
          </Link>
        </div>
      </section>

      <section aria-labelledby="popular-heading" className="mt-12">
        <h2 id="popular-heading" className="font-semibold text-2xl">
          Popular right now
        </h2>
        {loaderData.products.length === 0 ? (
          <p className="mt-4 text-slate-600">No products yet. Check back soon.</p>
        ) : (
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
            {loaderData.products.map((product, i) => (
              <li key={product.id}>
                <ProductCard product={product} eager={i < EAGER_IMAGES} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function ProductCard({ product, eager }: { product: CardProduct; eager: boolean }) {
  return (
    <Link
      to={`/products/${product.id}`}
      className="group block overflow-hidden rounded-lg border border-slate-200 transition-shadow hover:shadow-md"
    >
      {product.image ? (
        // Fixed width/height reserve the box before the image arrives (no layout shift).
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
        <p className="mt-1 flex items-baseline gap-2">
          <span className="font-semibold">{formatMoney(product.saleCents)}</span>
          {product.discount > 0 && product.regularCents > product.saleCents ? (
            <span className="text-slate-500 text-sm line-through">
              <span className="sr-only">was </span>
              {formatMoney(product.regularCents)}
            </span>
          ) : null}
        </p>
      </div>
    </Link>
  );
}
