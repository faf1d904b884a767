import { cardIn } from '../../features/catalog/card-in.ts';
import { homeWords } from '../../features/catalog/home-words.ts';
import { HomeSections, toHomeView } from '../../features/home/index.ts';
import { pageCache } from '../../lib/page-cache.ts';
import { shopperCurrency } from '../../lib/presentment.server.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/home';

/**
 * The same for every visitor; served from the page cache until the catalogue or settings change
 * (saving the home page's sections counts as a settings change: docs/adr/043-home-page-sections.md).
 */
export const handle = pageCache();

export function meta({ loaderData }: Route.MetaArgs) {
  const words = loaderData?.words;
  return seoMeta({
    title: words?.title ?? 'Shop',
    fullTitle: true,
    description: words?.description ?? '',
    url: loaderData?.canonical ?? '/',
  });
}

/**
 * Reads the owner's sections and what they show in-process through the load context (docs/architecture.md), never
 * over HTTP; the sections are the owner's data (docs/adr/043-home-page-sections.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // docs/product.md §2 says the home loader waits 1 s; docs/product.md §10 keeps that wait for demos only.
  await context.demoDelay(request.signal);
  const { catalog, homePage, settings } = context.services;
  const [store, categories, sections, shopper] = await Promise.all([
    settings.profile(),
    catalog.listCategories(),
    homePage.sections().then((list) => homePage.resolve(list)),
    shopperCurrency(request, context.services),
  ]);
  // Only what the page shows travels to the browser.
  return {
    words: homeWords(
      store.name,
      categories.map((c) => c.name),
    ),
    storeName: store.name,
    sections: toHomeView(sections, cardIn(shopper)),
    canonical: canonicalUrl(request, '/'),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    // docs/product.md §9: page container 90% wide, at most 1200px.
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <HomeSections sections={loaderData.sections} storeName={loaderData.storeName} />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
