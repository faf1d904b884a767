import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import { createAuthService } from './modules/auth/service.ts';
import type { TokenSigner } from './modules/auth/tokens.ts';
import { createCartService } from './modules/cart/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createEngagementService } from './modules/engagement/service.ts';
import { createUsersService } from './modules/users/service.ts';
import { createWishlistService } from './modules/wishlist/service.ts';

/** What every service may use. Services never read process.env or the request. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  signer: TokenSigner;
  /** The public base URL for links in mail, e.g. http://localhost:3000 */
  publicUrl: string;
}

/** The domain services; HTTP routes and server-side loaders (through the load context) both call these. */
export function createServices(deps: Deps) {
  const catalog = createCatalogService(deps);
  const cart = createCartService(deps);
  const auth = createAuthService(deps);
  return {
    auth,
    catalog,
    cart,
    users: createUsersService({ auth, cart }),
    wishlist: createWishlistService(deps),
    engagement: createEngagementService(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
