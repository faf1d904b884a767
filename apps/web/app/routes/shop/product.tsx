import { toCents } from '@shop/contracts/money';
import { Star } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { loadNotifyMe } from '../../features/back-in-stock/index.ts';
import { productPath } from '../../features/catalog/card.ts';
import { cardIn } from '../../features/catalog/card-in.ts';
import { Price } from '../../features/catalog/components/price.tsx';
import { ProductGrid } from '../../features/catalog/components/product-grid.tsx';
import { Gallery } from '../../features/product/components/gallery.tsx';
import { type PurchaseOptions, PurchasePanel } from '../../features/product/components/purchase-panel.tsx';
import { productJsonLd } from '../../features/product/product-json-ld.ts';
import { productSeo } from '../../features/product/product-seo.ts';
import { useVariantChoice } from '../../features/product/use-variant-choice.ts';
import { choiceStock, discountPercent } from '../../features/product/variant-choice.ts';
import { loadReviewsSection } from '../../features/reviews/index.ts';
import { lazyIsland } from '../../lib/lazy-island.ts';
import { useNonce } from '../../lib/nonce.ts';
import { pageCache } from '../../lib/page-cache.ts';
import { plural } from '../../lib/plural.ts';
import { shopperCurrency } from '../../lib/presentment.server.ts';
import { shelfPrices, taxNote } from '../../lib/presentment.ts';
import { canonicalUrl, jsonLdString, seoMeta } from '../../lib/seo.ts';
import { useShopperCurrency } from '../../lib/shopper-currency.ts';
import type { Route } from './+types/product';

/** The same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

/** How many products of the same subcategory the page suggests. */
const RELATED = 4;

// Reviews and 'Notify me' are server-rendered but their code is not part of the first paint.
const ReviewsSection = lazyIsland(loadReviewsSection);
const NotifyMe = lazyIsland(loadNotifyMe);
// Budget: the cart and the wishlist load on first use, their stores included. Imported from
// the features' index.ts, this page's JavaScript would carry the stores (and, once, the cart page's
// view) that index.ts offers the navbar: 35 initial scripts instead of 27 (Lighthouse).
const loadCartActions = () => import('../../features/cart/actions.ts');
const loadWishlistActions = () => import('../../features/wishlist/actions.ts');

/** The router's 404: the page answers HTTP 404 with the not-found page (docs/product.md §2). */
const productNotFound = () => new Response('Product not found', { status: 404, statusText: 'Not Found' });

/**
 * docs/product.md §2 products/{productId}: by UUID or slug, in-process (docs/architecture.md §3); unknown → the 404 page. With
 * its options and variants, so the choices, their prices and stock are in the server HTML.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  // docs/product.md §2 says this loader waits 1 s; docs/product.md §10 keeps that wait for demos only.
  await context.demoDelay(request.signal);
  const { catalog } = context.services;
  const found = await catalog.getProduct(params.productId);
  if (!found.ok) throw productNotFound();
  const product = found.value;
  const [related, categories, variants, reviews, shopper] = await Promise.all([
    product.subcategory
      ? catalog.listProducts({
          category: product.category,
          subcategory: product.subcategory,
          sort: 'popular',
          limit: RELATED + 1,
        })
      : Promise.resolve({ items: [] }),
    catalog.listCategories(),
    catalog.getProductVariants(product.id),
    // As a guest sees them: in the HTML for search engines; the browser asks for the rest.
    context.services.reviews.list(product.id, undefined),
    shopperCurrency(request, context.services),
  ]);
  // Unpublished between the reads: the same 404 page.
  if (!reviews.ok || !variants.ok) throw productNotFound();
  const category = categories.find((c) => c.id === product.category);
  const subcategory = category?.subcategories.find((s) => s.slug === product.subcategory);
  return {
    product,
    related: related.items
      .filter((p) => p.id !== product.id)
      .slice(0, RELATED)
      .map(cardIn(shopper)),
    category: category ? { id: category.id, name: category.name } : null,
    subcategory: subcategory ? { slug: subcategory.slug, name: subcategory.name } : null,
    variants: variants.value,
    reviews: reviews.value,
    canonical: canonicalUrl(request, productPath(product)),
    origin: new URL(request.url).origin,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Product not found · Shop' }];
  const { product } = loaderData;
  const image = product.images[0];
  return seoMeta({
    // The SEO title and description set in admin, when set.
    ...productSeo(product),
    url: loaderData.canonical,
    type: 'product',
    ...(image ? { image: new URL(image, loaderData.origin).href } : {}),
  });
}

const STOCK_TONES = { in: 'text-green-800', low: 'text-amber-800', out: 'text-red-700' } as const;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // Another product starts with its own choice of variant (the choice lives in ProductDetails).
  return <ProductDetails key={loaderData.product.id} data={loaderData} />;
}

function ProductDetails({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { product, related, category, subcategory, variants } = data;
  const nonce = useNonce();
  const shopper = useShopperCurrency();
  const choice = useVariantChoice(variants);
  const { summary } = choice;
  const stock = choiceStock(summary);
  // The variant's price, or the product's where the choice leaves several.
  const price = summary.price ?? product.sale_price;
  // The chosen variant's tax class; the product's for its own price.
  const taxClass = summary.variant?.tax_class ?? product.tax_class;
  const compareAt = summary.compareAtPrice ?? product.regular_price;
  const ownDiscount = price === product.sale_price && compareAt === product.regular_price;
  const discount = ownDiscount ? product.percentage_discount : discountPercent(price, compareAt);
  // Back-in-stock: the product when all of it is sold out (the documented subscription: any variant back
  // will do), else the chosen variant that is sold out while others are not.
  const notifyVariant = product.in_stock ? summary.variant?.id : undefined;
  const line = {
    id: product.id,
    name: product.name,
    sale_price: product.sale_price,
    image: product.images[0] ?? null,
    slug: product.slug,
    tax_class: product.tax_class,
  };
  const addToCart = (quantity: number, { variant, color, size }: PurchaseOptions) =>
    loadCartActions().then((m) =>
      m.addToCart(
        { ...line, sale_price: variant.price, image: variant.image ?? line.image, tax_class: variant.tax_class },
        quantity,
        {
          variantId: variant.id,
          sku: variant.sku,
          options: variant.options,
          color,
          size,
          // The guest cart caps the line at it (it has no server to refuse more).
          available: variant.available,
        },
      ),
    );
  const addToWishlist = () =>
    loadWishlistActions().then((m) =>
      m.toggleWishlist({
        ...line,
        regular_price: product.regular_price,
        in_stock: product.in_stock,
        colors: product.colors,
        sizes: product.available_sizes,
      }),
    );

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
            {category ? (
              <li>
                <Link to={`/products/category/${category.id}`} className="hover:underline">
                  {category.name}
                </Link>
                <span aria-hidden="true"> /</span>
              </li>
            ) : null}
            {category && subcategory ? (
              <li>
                <Link
                  to={`/products?category=${category.id}&subcategory=${encodeURIComponent(subcategory.slug)}`}
                  className="hover:underline"
                >
                  {subcategory.name}
                </Link>
                <span aria-hidden="true"> /</span>
              </li>
            ) : null}
            <li aria-current="page" className="text-slate-900">
              {product.name}
            </li>
          </ol>
        </nav>

        <div className="mt-6 grid gap-10 md:grid-cols-2">
          <Gallery images={product.images} name={product.name} featured={summary.image} />
          <div>
            {product.brand_name && product.brand_slug ? (
              <p className="font-medium text-slate-600 text-sm uppercase tracking-wide">
                <Link to={`/brands/${encodeURIComponent(product.brand_slug)}`} className="hover:underline">
                  {product.brand_name}
                </Link>
              </p>
            ) : product.brand_name ? (
              <p className="font-medium text-slate-600 text-sm uppercase tracking-wide">{product.brand_name}</p>
            ) : null}
            <h1 className="mt-1 font-bold text-3xl tracking-tight">{product.name}</h1>
            {product.rating_count > 0 ? (
              <p className="mt-2 flex items-center gap-1 text-slate-700 text-sm">
                <Star aria-hidden="true" className="size-4 fill-amber-500 text-amber-500" />
                <span>
                  {product.rating.toFixed(1)}
                  <span className="sr-only"> out of 5</span> · {plural(product.rating_count, 'rating', 'ratings')}
                </span>
              </p>
            ) : null}
            <Price
              className="mt-4"
              size="lg"
              from={summary.from}
              {...shelfPrices(toCents(price), toCents(compareAt), discount, taxClass, shopper)}
              discount={discount}
              taxNote={taxNote(shopper)}
            />
            <p className={`mt-2 font-medium ${STOCK_TONES[stock.tone]}`} data-testid="stock-state" aria-live="polite">
              {stock.label}
            </p>
            {stock.tone === 'out' && !summary.missingCombination ? (
              <div className="mt-4">
                <Suspense fallback={<div className="min-h-11" />}>
                  <NotifyMe key={notifyVariant ?? ''} productId={product.id} variantId={notifyVariant} />
                </Suspense>
              </div>
            ) : null}
            <RichText
              html={product.description}
              className="mt-6 text-slate-700 leading-relaxed"
              data-testid="product-description"
            />
            <div className="mt-8">
              <PurchasePanel
                model={variants}
                choice={choice}
                onAddToCart={addToCart}
                onAddToWishlist={addToWishlist}
                shopper={shopper}
                taxClass={product.tax_class}
              />
            </div>
            {product.features.length > 0 ? (
              <section aria-labelledby="features-heading" className="mt-10">
                <h2 id="features-heading" className="font-semibold text-lg">
                  Features
                </h2>
                <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                  {product.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </div>

        <Suspense fallback={null}>
          <ReviewsSection productId={product.id} initial={data.reviews} />
        </Suspense>

        {related.length > 0 ? (
          <section aria-labelledby="related-heading" className="mt-16">
            <h2 id="related-heading" className="font-semibold text-2xl">
              Related products
            </h2>
            <div className="mt-6">
              <ProductGrid products={related} />
            </div>
          </section>
        ) : null}
      </Container>
      <script
        type="application/ld+json"
        nonce={nonce}
        // JSON, not markup: jsonLdString escapes every character that could end the script element.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: structured data for search engines, escaped above
        dangerouslySetInnerHTML={{
          __html: jsonLdString(
            productJsonLd(product, { url: data.canonical, origin: data.origin, brandName: product.brand_name }),
          ),
        }}
      />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
