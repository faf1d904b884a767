import { Link } from 'react-router';
import { toCard } from '../../features/catalog/card.ts';
import { homeWords } from '../../features/catalog/home-words.ts';
import { ProductGrid } from '../../features/catalog/product-grid.tsx';
import { pageCache } from '../../lib/page-cache.ts';
import { plural } from '../../lib/plural.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/home';

/** Issue 16: the same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

/** Products per row of the home page. */
const ROW = 8;

export function meta({ loaderData }: Route.MetaArgs) {
  const words = loaderData?.words;
  return seoMeta({
    title: words?.title ?? 'Shop',
    fullTitle: true,
    description: words?.description ?? '',
    url: loaderData?.canonical ?? '/',
  });
}

/** Reads the catalogue in-process through the load context (DESIGN §3), never over HTTP. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // spec §2 says the home loader waits 1 s; DESIGN §7 keeps that wait for demos only.
  await context.demoDelay(request.signal);
  const { catalog } = context.services;
  const [store, categories, newest, popular] = await Promise.all([
    context.services.settings.profile(),
    catalog.listCategories(),
    catalog.listProducts({ page: 1, limit: ROW, sort: 'newest' }),
    catalog.listProducts({ page: 1, limit: ROW, sort: 'popular' }),
  ]);
  // Only what the page shows travels to the browser.
  return {
    words: homeWords(
      store.name,
      categories.map((c) => c.name),
    ),
    categories: categories.map((c) => ({ id: c.id, name: c.name, count: c.count })),
    // One featured collection per category: a varied first row.
    featured: categories.flatMap((c) => c.featured.slice(0, 1)),
    newArrivals: newest.items.map(toCard),
    bestSellers: popular.items.map(toCard),
    canonical: canonicalUrl(request, '/'),
  };
}

const heading = 'font-semibold text-2xl';

export default function Home({ loaderData }: Route.ComponentProps) {
  const { words, categories, featured, newArrivals, bestSellers } = loaderData;
  return (
    // spec §9: page container 90% wide, at most 1200px.
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <section className="rounded-2xl bg-slate-900 px-6 py-12 text-white sm:px-12 sm:py-16">
        <h1 className="max-w-2xl font-bold text-3xl tracking-tight sm:text-5xl">Everything you need, in one shop</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-200">{words.lead}</p>
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

      {categories.length > 0 ? (
        <section aria-labelledby="categories-heading" className="mt-12">
          <h2 id="categories-heading" className={heading}>
            Shop by category
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/products/category/${encodeURIComponent(c.id)}`}
                  className="block h-full rounded-lg border border-slate-200 bg-slate-50 px-4 py-5 hover:border-slate-400 hover:bg-white"
                >
                  <span className="block font-semibold">{c.name}</span>
                  <span className="mt-1 block text-slate-600 text-sm">{plural(c.count, 'product', 'products')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="mt-12">
          <h2 id="featured-heading" className={heading}>
            Featured
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {featured.map((card) => (
              <li key={card.slug}>
                <Link
                  to={`/products?featured=${encodeURIComponent(card.slug)}`}
                  className="group block overflow-hidden rounded-lg border border-slate-200"
                >
                  {/* The first row of pictures: loaded at once, boxes reserved (DESIGN §9 CLS). */}
                  <img
                    src={card.image}
                    alt=""
                    width={400}
                    height={300}
                    className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
                  />
                  <span className="block px-3 py-2 font-medium text-sm group-hover:underline">{card.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ProductRow id="new-heading" title="New arrivals" more="/products?sort=newest" products={newArrivals} />
      <ProductRow id="best-heading" title="Best sellers" more="/products?sort=popular" products={bestSellers} />
    </main>
  );
}

function ProductRow({
  id,
  title,
  more,
  products,
}: {
  id: string;
  title: string;
  more: string;
  products: Route.ComponentProps['loaderData']['bestSellers'];
}) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className={heading}>
          {title}
        </h2>
        <Link to={more} className="text-sm underline underline-offset-4 hover:text-slate-700">
          View all<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      <div className="mt-6">
        {products.length === 0 ? (
          <p className="text-slate-600">No products yet. Check back soon.</p>
        ) : (
          <ProductGrid products={products} />
        )}
      </div>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
