import { Link } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';
import { pageCache } from '../../lib/page-cache.ts';
import { formatCount, plural } from '../../lib/plural.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/categories';

/** The same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

/** docs/product.md §2 /categories ('View All Categories'): docs/product.md §10 makes it a real page with live counts. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const categories = await context.services.catalog.listCategories();
  return { categories, canonical: canonicalUrl(request, '/categories') };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'All categories · Shop' }];
  return seoMeta({
    title: 'All categories',
    description: `Browse ${loaderData.categories.map((c) => c.name).join(', ')}: every category and subcategory of our shop.`,
    url: loaderData.canonical,
  });
}

/** docs/product.md §2 link forms: /products?category={id}&subcategory={lowercased, URL-encoded name}, ?featured={…}. */
const subcategoryHref = (categoryId: string, slug: string) =>
  `/products?category=${encodeURIComponent(categoryId)}&subcategory=${encodeURIComponent(slug)}`;

export default function Categories({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <Container className="py-10">
        <h1 className="font-bold text-3xl tracking-tight">All categories</h1>
        <p className="mt-3 text-slate-700">
          Everything we sell, by category. The numbers show how many products each one holds.
        </p>
        <div className="mt-10 space-y-14">
          {loaderData.categories.map((category) => (
            <section key={category.id} aria-labelledby={`category-${category.id}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h2 id={`category-${category.id}`} className="flex items-center gap-3 font-semibold text-2xl">
                  <CategoryIcon name={category.icon} className="size-7" />
                  <Link to={`/products/category/${encodeURIComponent(category.id)}`} className="hover:underline">
                    {category.name}
                  </Link>
                </h2>
                <Link
                  to={`/products/category/${encodeURIComponent(category.id)}`}
                  className="text-sm underline underline-offset-4 hover:text-slate-700"
                >
                  Shop all {plural(category.count, 'product', 'products')}
                  <span className="sr-only"> in {category.name}</span>
                </Link>
              </div>
              {category.picture ? (
                // The owner's picture of the category; decorative beside its name, below the first screen.
                <img
                  src={category.picture}
                  alt=""
                  width={1200}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="mt-5 aspect-[3/1] h-auto w-full rounded-lg bg-slate-100 object-cover"
                />
              ) : null}
              {category.subcategories.length > 0 ? (
                <ul
                  aria-label={`${category.name} subcategories`}
                  className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
                >
                  {category.subcategories.map((sub) => (
                    <li key={sub.slug}>
                      <Link
                        to={subcategoryHref(category.id, sub.slug)}
                        className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
                      >
                        <CategoryIcon name={sub.icon} className="size-5 text-slate-700" />
                        <span className="font-medium">{sub.name}</span>
                        <span className="ml-auto text-slate-600 text-sm">
                          {formatCount(sub.count)}
                          <span className="sr-only"> products</span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              {category.featured.length > 0 ? (
                <ul aria-label={`Featured in ${category.name}`} className="mt-5 grid grid-cols-2 gap-4 md:grid-cols-4">
                  {category.featured.map((card) => (
                    <li key={card.slug}>
                      <Link
                        to={card.href}
                        className="group block overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
                      >
                        <img
                          src={card.image}
                          alt=""
                          width={400}
                          height={300}
                          loading="lazy"
                          decoding="async"
                          className="aspect-[4/3] h-auto w-full bg-slate-100 object-cover"
                        />
                        <span className="block px-3 py-2 font-medium text-sm group-hover:underline">{card.name}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      </Container>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
