import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Background } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import type { Invalidation } from './lib/invalidation.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Metrics } from './lib/metrics.ts';
import { createAccountService } from './modules/account/index.ts';
import { createAdminAuditLogService } from './modules/admin-audit-log/index.ts';
import { createAdminBrandsService } from './modules/admin-brands/index.ts';
import { createAdminCatalogService } from './modules/admin-catalog/index.ts';
import { createCatalogIoService } from './modules/admin-catalog-io/index.ts';
import { createAdminCategoriesService } from './modules/admin-categories/index.ts';
import { createAdminDiscountsService } from './modules/admin-discounts/index.ts';
import { createAdminHomePageService } from './modules/admin-home-page/index.ts';
import { createInsightsService } from './modules/admin-insights/index.ts';
import { createAdminNewsletterService } from './modules/admin-newsletter/index.ts';
import { createAdminOrdersService } from './modules/admin-orders/index.ts';
import { createOutboxService } from './modules/admin-outbox/index.ts';
import { createAdminPagesService } from './modules/admin-pages/index.ts';
import { createAdminSettingsService } from './modules/admin-settings/index.ts';
import { createAdminSetupService } from './modules/admin-setup/index.ts';
import { createAdminStaffService } from './modules/admin-staff/index.ts';
import { createAdminSupportService } from './modules/admin-support/index.ts';
import { createAuditService } from './modules/audit/index.ts';
import { createAuthService, type TokenSigner } from './modules/auth/index.ts';
import { createBackInStockService } from './modules/back-in-stock/index.ts';
import { createCartService } from './modules/cart/index.ts';
import { createCatalogService } from './modules/catalog/index.ts';
import { createCheckoutService } from './modules/checkout/index.ts';
import { createContactService } from './modules/contact/index.ts';
import { createContentService } from './modules/content/index.ts';
import { createDiscountsService } from './modules/discounts/index.ts';
import { createErrorReportService } from './modules/error-reports/index.ts';
import { createHealthService } from './modules/health/index.ts';
import { createHomePageService } from './modules/home-page/index.ts';
import { createInvoiceLinks, createInvoicesService } from './modules/invoices/index.ts';
import { createMediaService } from './modules/media/index.ts';
import { createNewsletterService } from './modules/newsletter/index.ts';
import { createOrdersService } from './modules/orders/index.ts';
import {
  createDemoPaymentProvider,
  createPaymentEvents,
  createStripePaymentProvider,
  type PaymentProvider,
} from './modules/payments/index.ts';
import { createReviewsService } from './modules/reviews/index.ts';
import { createSettingsService, createStorefrontPreviewService } from './modules/settings/index.ts';
import { createStockService } from './modules/stock/index.ts';
import { createUsersService } from './modules/users/index.ts';
import { createWishlistService } from './modules/wishlist/index.ts';

/** What every service may use. Services never read process.env or the request. */
export interface Deps {
  db: Db;
  /**
   * The admin's exports, imports and reports: a pool whose statements may run longer than a shopper's
   * (DB_ADMIN_STATEMENT_TIMEOUT_MS against DB_STATEMENT_TIMEOUT_MS); `db` when unset.
   */
  adminDb?: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  signer: TokenSigner;
  /** The public base URL for links in mail, without a trailing slash (config), e.g. http://localhost:3000 */
  publicUrl: string;
  /** Runs work after the answer (mail behind forms that must not tell who has an account). */
  background: Background;
  /** Counters and gauges served at GET /metrics. */
  metrics: Metrics;
  /** Whether the database answers within a deadline, off the pool (health and readiness). */
  probeDatabase: Database['probe'];
  /** Whether the database is known to be unreachable now (no I/O). */
  databaseUnreachable: Database['unreachable'];
  /** Caches subscribe to it; writes publish to it after their commit. */
  invalidation: Invalidation;
  /** A card provider chosen by the caller (tests); otherwise the one the config names. */
  paymentProvider?: PaymentProvider | null;
  /** Signs the links that open a pay-later invoice without signing in (from the JWT secret). */
  invoiceLinkKey: Buffer;
}

/**
 * Who takes cards, chosen once at start: Stripe when its keys are set, the demo provider in
 * demo mode, nobody in a production start without Stripe (card orders are then refused).
 */
function cardProvider(deps: Deps): PaymentProvider | null {
  if (deps.paymentProvider !== undefined) return deps.paymentProvider;
  const { config } = deps;
  if (config.cardProvider === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return config.cardProvider === 'demo' ? createDemoPaymentProvider(deps.db) : null;
}

/** The domain services; HTTP routes and server-side loaders (through the load context) both call these. */
export function createServices(deps: Deps) {
  // Services other services are built with; each exists once.
  // Chosen once at start; the footer's payment badges follow it (a config fact, no query).
  const provider = cardProvider(deps);
  const settings = createSettingsService(deps, { card: provider?.kind ?? null });
  const audit = createAuditService();
  const auth = createAuthService(deps);
  const catalog = createCatalogService(deps, { settings }, { answerCacheMs: deps.config.LISTING_CACHE_MS });
  const cart = createCartService(deps, { settings });
  const backInStock = createBackInStockService(deps, { catalog });
  const media = createMediaService(deps, { catalog });
  const content = createContentService(deps, { settings });
  const homePage = createHomePageService(deps, { catalog, settings });
  const errorReports = createErrorReportService(deps);
  const discounts = createDiscountsService();
  const checkout = createCheckoutService(deps, { settings, discounts }, { quoteCacheMs: deps.config.QUOTE_CACHE_MS });
  const longWork = { ...deps, db: deps.adminDb ?? deps.db };
  const invoiceLinks = createInvoiceLinks(deps.invoiceLinkKey, deps.clock);
  const orders = createOrdersService(deps, {
    settings,
    checkout,
    discounts,
    stock: createStockService(deps),
    provider,
    backInStock,
    invoicePdfPath: invoiceLinks.pdfPath,
  });
  return {
    // The storefront's domains.
    settings,
    audit,
    auth,
    users: createUsersService({ auth, cart }),
    account: createAccountService(deps, { auth }),
    catalog,
    cart,
    wishlist: createWishlistService(deps, { settings }),
    reviews: createReviewsService(deps, { catalog }),
    backInStock,
    media,
    content,
    homePage,
    newsletter: createNewsletterService(deps),
    contact: createContactService(deps),
    discounts,
    checkout,
    orders,
    /** The webhook's intake, when the provider sends webhooks (Stripe); null otherwise (no route then). */
    paymentEvents: provider?.readEvent ? createPaymentEvents(deps.db, provider) : null,
    invoices: createInvoicesService(deps, { settings, links: invoiceLinks }),
    errorReports,
    health: createHealthService(deps),
    storefrontPreview: createStorefrontPreviewService(deps, { auth }),
    // The admin area, one service per domain.
    adminCatalog: createAdminCatalogService(deps, { catalog, backInStock, audit, media, settings }),
    adminBrands: createAdminBrandsService(deps, { audit, catalog }),
    adminCategories: createAdminCategoriesService(deps, { audit, catalog }),
    catalogIo: createCatalogIoService(longWork, { catalog, backInStock, audit, media, settings }),
    adminOrders: createAdminOrdersService(longWork, { orders, audit, settings }),
    adminInsights: createInsightsService(longWork, { audit, settings }),
    adminOutbox: createOutboxService(deps, { audit }),
    adminAuditLog: createAdminAuditLogService(longWork, { settings }),
    adminSettings: createAdminSettingsService(deps, { settings, audit, media }),
    adminSetup: createAdminSetupService(deps, { settings }),
    adminDiscounts: createAdminDiscountsService(deps, { audit, settings }),
    adminNewsletter: createAdminNewsletterService(longWork),
    adminPages: createAdminPagesService(deps, { content, audit }),
    adminHomePage: createAdminHomePageService(deps, { audit, homePage }),
    adminStaff: createAdminStaffService(deps, { audit }),
    adminSupport: createAdminSupportService(deps, { audit, errorReports }),
  };
}
export type Services = ReturnType<typeof createServices>;
