import type { Order } from '@shop/contracts/orders';
import type { Tx } from '../../db/client.ts';
import type { Mail } from '../../lib/mailer.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { CheckoutService } from '../checkout/index.ts';
import type { DiscountsService } from '../discounts/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { StockService } from '../stock/index.ts';
import { confirmationMail } from './mail.ts';
import { loadOrder, type OrderBundle } from './repository.ts';
import { orderToWire } from './wire.ts';

/** The order is not there, or not the caller's: both answer alike (404). */
export type OrderNotFound = Failure<'not_found'>;

/** What the back-in-stock service offers orders: mail for products a cancel brought back into stock. */
export interface BackInStock {
  notifyBackInStock(productIds: readonly string[]): Promise<unknown>;
}

export type OrdersDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'publicUrl' | 'config'>;

/** The services orders work with (built once in services.ts). */
export interface OrdersParts {
  settings: SettingsService;
  checkout: CheckoutService;
  discounts: DiscountsService;
  stock: StockService;
  provider: PaymentProvider;
  /** Told after a commit that brought products back into stock (back-in-stock mail). */
  backInStock: BackInStock;
}

/** What placing, payment, cancelling and the sweep share: the deps, the parts and a few helpers. */
export function createOrdersContext(deps: OrdersDeps, parts: OrdersParts) {
  const { db, clock, mailer, publicUrl } = deps;

  /** Sends a mail after a commit: the change stands even if its mail cannot be queued. */
  async function mailQuietly(build: () => Promise<Mail>) {
    try {
      await mailer.send(await build());
    } catch {
      // The order page (or staff) show everything the mail would have said.
    }
  }

  return {
    ...deps,
    ...parts,
    mailQuietly,

    /** The order as the shopper sees it now. */
    async wire(orderId: string): Promise<Result<Order, OrderNotFound>> {
      const bundle = await loadOrder(db, orderId);
      if (!bundle) return fail('not_found');
      return ok(orderToWire(bundle, clock.now()));
    },

    /** The confirmation mail (issue 4), after the commit; returns the order as it was mailed. */
    async confirmAndMail(orderId: string): Promise<OrderBundle | undefined> {
      const bundle = await loadOrder(db, orderId);
      if (!bundle) return undefined;
      await mailQuietly(async () => {
        const { storeName } = await parts.settings.get();
        const ordersUrl = bundle.order.userId ? `${publicUrl}/orders` : null;
        return confirmationMail(orderToWire(bundle, clock.now()), storeName, ordersUrl);
      });
      return bundle;
    },

    /** Back-in-stock mail after a commit that restocked `ids`. */
    async afterRestock(ids: string[]) {
      if (ids.length === 0) return;
      try {
        await parts.backInStock.notifyBackInStock(ids);
      } catch {
        // Mail about a restock must never undo or fail the cancel that caused it.
      }
    },
  };
}
export type OrdersContext = ReturnType<typeof createOrdersContext>;

/** What a staff change did, for its audit entry and mail. */
export interface StaffResult {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  refundedCents: number;
  number: string;
  email: string;
}
/** Runs inside the change's transaction (the audit entry of issue 5). */
export type StaffHook = (tx: Tx, result: StaffResult) => Promise<void>;
