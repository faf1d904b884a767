import { leadsTo } from '@shop/contracts/catalog';
import { richTextToText } from '@shop/contracts/rich-text';
import { Link, redirect } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { CategoryIcon } from '../../components/ui/category-icon.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { ProductListing } from '../../features/catalog/components/listing.tsx';
import { loadListing } from '../../features/catalog/listing.server.ts';
import { type ListingParams, listingSearch } from '../../features/catalog/listing-url.ts';
import { cn } from '../../lib/cn.ts';
import { pageCache } from '../../lib/page-cache.ts';
import { plural } from '../../lib/plural.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/category';

/** The same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

/** docs/product.md §2 products/category/{category}: the category's products; an unknown category is a 404 page. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const categories = await context.services.catalog.listCategories();
  const category = categories.find((c) => c.id === params.category);
  if (!category) {
    // A category's other names (the demo's `clothing`) and the addresses it had lead to its one page.
    const named = categories.find((c) => leadsTo(c, params.category));
    if (named) throw redirect(`/products/category/${encodeURIComponent(named.id)}${url.search}`, 301);
    throw new Response('Category not found', { status: 404, statusText: 'Not Found' });
  }

  const listing = await loadListing(context.services, request, { category: category.id });
  const { sort: _sort, ...indexed } = listing.params;
  const path = `/products/category/${encodeURIComponent(category.id)}`;
  return {
    ...listing,
    path,
    category: {
      id: category.id,
      name: category.name,
      icon: category.icon,
      count: category.count,
      description: category.description,
      seoTitle: category.seo_title,
      seoDescription: category.seo_description,
      subcategories: category.subcategories,
    },
    canonical: canonicalUrl(request, `${path}${listingSearch(indexed, ['category'])}`),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Category not found · Shop' }];
  const { category, names, params } = loaderData;
  const name = category.seoTitle || category.name;
  const title = names.subcategory ? `${names.subcategory} – ${name}` : name;
  const page = params.page > 1 ? ` – page ${params.page}` : '';
  return seoMeta({
    title: `${title}${page}`,
    // The owner's words for search engines, else the first paragraph of the description, else what it lists.
    description:
      category.seoDescription ||
      richTextToText(category.description).split('\n\n')[0]?.replace(/\s+/g, ' ') ||
      `Shop ${category.name}: ${plural(category.count, 'product', 'products')}${
        category.subcategories.length > 0 ? ` in ${category.subcategories.map((s) => s.name).join(', ')}` : ''
      }.`,
    url: loaderData.canonical,
  });
}

const chip =
  'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900';

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, params, path } = loaderData;
  const chipHref = (subcategory: string | undefined) => {
    const next: ListingParams = { ...params, page: 1 };
    if (subcategory) next.subcategory = subcategory;
    else delete next.subcategory;
    return `${path}${listingSearch(next, ['category'])}`;
  };
  return (
    <main>
      <Container className="py-10">
        <nav aria-label="Breadcrumb" className="text-slate-600 text-sm">
          <ol className="flex flex-wrap gap-2">
            <li>
              <Link to="/" className="hover:underline">
                Home
              </Link>
              <span aria-hidden="true"> /</span>
            </li>
            <li>
              <Link to="/categories" className="hover:underline">
                Categories
              </Link>
              <span aria-hidden="true"> /</span>
            </li>
            <li aria-current="page" className="text-slate-900">
              {category.name}
            </li>
          </ol>
        </nav>
        <h1 className="mt-4 flex items-center gap-3 font-bold text-3xl tracking-tight">
          <CategoryIcon name={category.icon} className="size-8" />
          {category.name}
        </h1>
        <p className="mt-2 text-slate-600">{plural(category.count, 'product', 'products')}</p>
        {category.description ? (
          <RichText
            html={category.description}
            className="mt-4 max-w-3xl text-slate-800"
            data-testid="category-description"
          />
        ) : null}
        {category.subcategories.length > 0 ? (
          <nav aria-label="Subcategories" className="mt-6">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to={chipHref(undefined)}
                  aria-current={params.subcategory ? undefined : 'page'}
                  className={cn(
                    chip,
                    params.subcategory
                      ? 'border-slate-300 hover:bg-slate-100'
                      : 'border-slate-900 bg-slate-900 text-white',
                  )}
                >
                  All
                </Link>
              </li>
              {category.subcategories.map((sub) => {
                const active = params.subcategory === sub.slug;
                return (
                  <li key={sub.slug}>
                    <Link
                      to={chipHref(sub.slug)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        chip,
                        active ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 hover:bg-slate-100',
                      )}
                    >
                      <CategoryIcon name={sub.icon} className="size-4" />
                      {sub.name} <span className={active ? 'text-slate-200' : 'text-slate-600'}>({sub.count})</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
        <ProductListing path={path} data={loaderData} fixed={['category']} />
      </Container>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
