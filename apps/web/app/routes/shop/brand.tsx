import { Link, redirect } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { ProductListing } from '../../features/catalog/components/listing.tsx';
import { loadListing } from '../../features/catalog/listing.server.ts';
import { listingSearch } from '../../features/catalog/listing-url.ts';
import { pageCache } from '../../lib/page-cache.ts';
import { plural } from '../../lib/plural.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/brand';

/** The same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

/**
 * /brands/{slug}: a brand's name, logo and description, and its products as a listing with
 * the brand fixed (filters, sort and pages as on /products). An unknown brand is the 404 page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const found = await context.services.catalog.getBrand(params.slug);
  if (!found.ok) throw new Response('Brand not found', { status: 404, statusText: 'Not Found' });
  const brand = found.value;
  const url = new URL(request.url);
  const path = `/brands/${encodeURIComponent(brand.slug)}`;
  // One brand, one URL: a slug typed in capitals goes to the page's own address.
  if (params.slug !== brand.slug) throw redirect(`${path}${url.search}`, 301);

  const listing = await loadListing(context.services, request, { brand: brand.id });
  // Sort order is not a different page for search engines; filters and the page number are.
  const { sort: _sort, ...indexed } = listing.params;
  return { ...listing, path, brand, canonical: canonicalUrl(request, `${path}${listingSearch(indexed, ['brand'])}`) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Brand not found · Shop' }];
  const { brand, params, total } = loaderData;
  const page = params.page > 1 ? ` – page ${params.page}` : '';
  return seoMeta({
    title: `${brand.name}${page}`,
    description: (
      brand.description || `Shop ${brand.name}: ${plural(total, 'product', 'products')} in our shop.`
    ).slice(0, 300),
    url: loaderData.canonical,
  });
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, path } = loaderData;
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
              <Link to="/products" className="hover:underline">
                Products
              </Link>
              <span aria-hidden="true"> /</span>
            </li>
            <li aria-current="page" className="text-slate-900">
              {brand.name}
            </li>
          </ol>
        </nav>
        <header className="mt-4 flex items-start gap-4">
          {brand.logo ? (
            // The name is the heading beside it: the logo adds nothing to read out.
            <img
              src={brand.logo}
              alt=""
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-md border border-slate-200 bg-white object-contain p-1"
            />
          ) : null}
          <div className="min-w-0">
            <h1 className="font-bold text-3xl tracking-tight">{brand.name}</h1>
            {brand.description ? (
              <p className="mt-2 max-w-prose whitespace-pre-line text-slate-700" data-testid="brand-description">
                {brand.description}
              </p>
            ) : null}
          </div>
        </header>
        <ProductListing path={path} data={loaderData} fixed={['brand']} />
      </Container>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
