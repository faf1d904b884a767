import { Container } from '../../components/layout/container.tsx';
import { ProductListing } from '../../features/catalog/components/listing.tsx';
import { loadListing } from '../../features/catalog/listing.server.ts';
import { listingSearch } from '../../features/catalog/listing-url.ts';
import { pageCache } from '../../lib/page-cache.ts';
import { plural } from '../../lib/plural.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/products';

/** The same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

/** Every filter comes from the URL query and is read here, on the server. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const listing = await loadListing(context.services, request);
  // Sort order is not a different page for search engines; filters and the page number are.
  const { sort: _sort, ...indexed } = listing.params;
  return { ...listing, canonical: canonicalUrl(request, `/products${listingSearch(indexed)}`) };
}

/** The heading: the category, subcategory or featured collection the listing is about. */
function headingOf(data: Route.ComponentProps['loaderData']): string {
  if (data.names.featured) return data.names.featured;
  if (data.names.subcategory) return data.names.subcategory;
  if (data.names.category) return data.names.category;
  if (data.params.category && data.params.category !== 'all') return data.params.category;
  return 'All products';
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Products · Shop' }];
  const heading = headingOf(loaderData);
  const page = loaderData.params.page > 1 ? ` – page ${loaderData.params.page}` : '';
  return seoMeta({
    title: `${heading}${page}`,
    description: `${heading}: ${plural(loaderData.total, 'product', 'products')} in our shop, with prices, discounts and stock at a glance.`,
    url: loaderData.canonical,
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <Container className="py-10">
        <h1 className="font-bold text-3xl tracking-tight">{headingOf(loaderData)}</h1>
        <ProductListing path="/products" data={loaderData} />
      </Container>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
