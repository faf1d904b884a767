import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Background } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import { createAccountService } from './modules/account/service.ts';
import { createAdminAuditLogService } from './modules/admin-audit-log/index.ts';
import { createAdminDiscountsService } from './modules/admin-discounts/index.ts';
import { createInsightsService } from './modules/admin-insights/index.ts';
import { createAdminNewsletterService } from './modules/admin-newsletter/index.ts';
import { createAdminOrdersService } from './modules/admin-orders/index.ts';
import { createOutboxService } from './modules/admin-outbox/index.ts';
import { createAdminPagesService } from './modules/admin-pages/index.ts';
import { createAdminSettingsService } from './modules/admin-settings/index.ts';
import { createAdminStaffService } from './modules/admin-staff/index.ts';
import { createAdminSupportService } from './modules/admin-support/index.ts';
import { createAuditService } from './modules/audit/index.ts';
import { createAuthService } from './modules/auth/service.ts';
import type { TokenSigner } from './modules/auth/tokens.ts';
import { createCartService } from './modules/cart/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createDiscountsService } from './modules/discounts/service.ts';
import { createEngagementService } from './modules/engagement/service.ts';
import { createErrorReportService } from './modules/error-reports/index.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { createTestPaymentProvider } from './modules/payments/provider.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { createSettingsService, createStorefrontPreviewService } from './modules/settings/index.ts';
import { createStockService } from './modules/stock/service.ts';
import { createSubscriptionsService } from './modules/subscriptions/service.ts';
import { createUsersService } from './modules/users/service.ts';
import { createWishlistService } from './modules/wishlist/service.ts';

/** What every service may use. Services never read process.env or the request. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  signer: TokenSigner;
  /** The public base URL for links in mail, without a trailing slash (config), e.g. http://localhost:3000 */
  publicUrl: string;
  /** Runs work after the answer (mail behind forms that must not tell who has an account). */
  background: Background;
}

/** The domain services; HTTP routes and server-side loaders (through the load context) both call these. */
export function createServices(deps: Deps) {
  const catalog = createCatalogService(deps);
  const cart = createCartService(deps);
  const auth = createAuthService(deps);
  const subscriptions = createSubscriptionsService(deps, { catalog });
  // Checkout and orders (issue 4). The built-in test provider stands in for a card gateway.
  const settings = createSettingsService(deps);
  const discounts = createDiscountsService();
  const checkout = createCheckoutService(deps, { settings, discounts });
  const orders = createOrdersService(deps, {
    settings,
    checkout,
    discounts,
    stock: createStockService(deps),
    provider: createTestPaymentProvider(),
    onBackInStock: async (ids) => {
      await subscriptions.notifyBackInStock(ids);
    },
  });
  const audit = createAuditService();
  const content = createContentService(deps, { settings });
  const errorReports = createErrorReportService(deps);
  return {
    audit,
    auth,
    catalog,
    cart,
    users: createUsersService({ auth, cart }),
    account: createAccountService(deps, { auth }),
    reviews: createReviewsService(deps, { catalog }),
    subscriptions,
    settings,
    discounts,
    checkout,
    orders,
    wishlist: createWishlistService(deps),
    engagement: createEngagementService(deps),
    content,
    errorReports,
    storefrontPreview: createStorefrontPreviewService(deps, { auth }),
    // The admin area (issue 5), one service per domain (issue 12 point 7).
    adminOrders: createAdminOrdersService(deps, { orders, audit, settings }),
    adminInsights: createInsightsService(deps, { audit, settings }),
    adminOutbox: createOutboxService(deps),
    adminAuditLog: createAdminAuditLogService(deps, { settings }),
    adminSettings: createAdminSettingsService(deps, { settings, audit }),
    adminDiscounts: createAdminDiscountsService(deps, { audit }),
    adminNewsletter: createAdminNewsletterService(deps),
    adminPages: createAdminPagesService(deps, { content, audit }),
    adminStaff: createAdminStaffService(deps, { audit }),
    adminSupport: createAdminSupportService(deps, { audit, errorReports }),
  };
}
export type Services = ReturnType<typeof createServices>;
