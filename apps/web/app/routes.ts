import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/** docs/product.md §2 footer links that are content pages (docs/product.md §10: real pages, editable in admin later). */
export const CONTENT_PAGES = [
  'about',
  'careers',
  'press',
  'blog',
  'investors',
  'faq',
  'shipping',
  'returns',
  'size-guide',
  'terms',
  'privacy',
  'cookies',
  'accessibility',
] as const;

// The route table mirrors docs/product.md §2, one line per route. Every module loads lazily (its own chunk).
export default [
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('manifest.webmanifest', 'routes/seo/manifest.ts'),
  // The status page the error pages link to; open during maintenance.
  route('status', 'routes/status.tsx'),

  // Storefront (layout at /)
  layout('routes/shop/layout.tsx', [
    index('routes/shop/home.tsx'),
    route('products', 'routes/shop/products.tsx'),
    route('products/category/:category', 'routes/shop/category.tsx'),
    route('products/:productId', 'routes/shop/product.tsx'),
    // A brand's page and its products.
    route('brands/:slug', 'routes/shop/brand.tsx'),
    route('cart', 'routes/shop/cart.tsx'),
    route('wishlist', 'routes/shop/wishlist.tsx'),
    route('checkout', 'routes/shop/checkout.tsx'),
    route('checkout/confirmation', 'routes/shop/checkout-confirmation.tsx'),
    // Stripe returns here after a 3-D Secure page of its own.
    route('checkout/complete', 'routes/shop/checkout-complete.tsx'),
    route('orders', 'routes/shop/orders.tsx'),
    route('orders/:orderId', 'routes/shop/order.tsx'),
    route('orders/:orderId/invoice', 'routes/shop/invoice.tsx'),
    route('account', 'routes/shop/account.tsx'),
    route('account/confirm-email/:token', 'routes/shop/confirm-email.tsx'),
    route('categories', 'routes/shop/categories.tsx'),
    route('help', 'routes/shop/help.tsx'),
    route('contact', 'routes/shop/contact.tsx'),
    // The footer's newsletter form posts here without JavaScript.
    route('newsletter', 'routes/shop/newsletter.tsx'),
    route('newsletter/confirm', 'routes/shop/newsletter-confirm.tsx'),
    // The header's currency form posts here, with or without JavaScript.
    route('currency', 'routes/shop/currency.ts'),
    ...CONTENT_PAGES.map((page) => route(page, 'routes/shop/content-page.tsx', { id: `content-${page}` })),
    // docs/product.md §2: any other path shows the 404 page (inside the storefront's navbar and footer).
    route('*', 'routes/not-found.tsx'),
  ]),

  // Auth layout (at auth)
  ...prefix('auth', [
    layout('routes/auth/layout.tsx', [
      route('login', 'routes/auth/login.tsx'),
      route('signup', 'routes/auth/signup.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      route('reset-password/:token', 'routes/auth/reset-password.tsx'),
    ]),
  ]),

  // Admin (at admin): rendered on the client, never part of a storefront chunk.
  route('admin/auth/login', 'routes/admin/login.tsx'),
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/add-product', 'routes/admin/add-product.tsx'),
      route('products/import-export', 'routes/admin/import-export.tsx'),
      route('products/edit-product/:productId', 'routes/admin/edit-product.tsx'),
      route('products/view-product/:productId', 'routes/admin/view-product.tsx'),
      route('brands', 'routes/admin/brands.tsx'),
      route('categories', 'routes/admin/categories.tsx'),
      route('home-page', 'routes/admin/home-page.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('pay-later', 'routes/admin/pay-later.tsx'),
      route('transactions', 'routes/admin/transactions.tsx'),
      route('reports', 'routes/admin/reports.tsx'),
      route('marketing', 'routes/admin/marketing.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('settings/shipping', 'routes/admin/shipping.tsx'),
      route('settings/tax', 'routes/admin/tax.tsx'),
      route('settings/currencies', 'routes/admin/currencies.tsx'),
      route('support', 'routes/admin/support.tsx'),
      route('audit-log', 'routes/admin/audit-log.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
