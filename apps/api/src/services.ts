import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Background } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import { createAccountService } from './modules/account/index.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createAuthService, type TokenSigner } from './modules/auth/index.ts';
import { createCartService } from './modules/cart/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createContactService } from './modules/contact/index.ts';
import { createContentService } from './modules/content/index.ts';
import { createDiscountsService } from './modules/discounts/service.ts';
import { createHealthService } from './modules/health/index.ts';
import { createNewsletterService } from './modules/newsletter/index.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { createTestPaymentProvider } from './modules/payments/provider.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createStockService } from './modules/stock/service.ts';
import { createSubscriptionsService } from './modules/subscriptions/service.ts';
import { createUsersService } from './modules/users/index.ts';
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
  return {
    audit: createAuditService(),
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
    newsletter: createNewsletterService(deps),
    contact: createContactService(deps),
    content: createContentService(deps, { settings }),
    health: createHealthService(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
