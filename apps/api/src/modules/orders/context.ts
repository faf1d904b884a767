import type { Order } from '@shop/contracts/orders';
import type { Tx } from '../../db/client.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { CheckoutService } from '../checkout/index.ts';
import type { DiscountsService } from '../discounts/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { Restocked, StockService } from '../stock/index.ts';
import { confirmationMail } from './mail.ts';
import { loadOrder } from './repository.ts';
import { orderToWire, withInvoiceLink } from './wire.ts';

/** The order is not there, or not the caller's: both answer alike (404). */
export type OrderNotFound = Failure<'not_found'>;

/** What the back-in-stock service offers orders: mail for products a cancel brought (partly) back into stock. */
export interface BackInStock {
  /** Queues the mails in the cancel's transaction; subscribers whose wait is over are mailed. */
  queueNotification(tx: Tx, productIds: readonly string[]): Promise<void>;
}

export type OrdersDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'publicUrl' | 'config' | 'metrics' | 'invalidation'>;

/** The services orders work with (built once in services.ts). */
export interface OrdersParts {
  settings: SettingsService;
  checkout: CheckoutService;
  discounts: DiscountsService;
  stock: StockService;
  /** Who takes cards: Stripe, the demo provider, or nobody (a production start without Stripe). */
  provider: PaymentProvider | null;
  /** Told after a commit that brought products back into stock (back-in-stock mail). */
  backInStock: BackInStock;
  /** The signed path that opens an order's invoice PDF without signing in (invoices module). */
  invoicePdfPath: (orderId: string) => string;
}

/** What placing, cancelling, the refund, the sweep and the order side share: the deps, the parts and a few helpers. */
export function createOrdersContext(deps: OrdersDeps, parts: OrdersParts) {
  const { db, clock, mailer, publicUrl } = deps;

  return {
    ...deps,
    ...parts,
    /** Orders committed, by payment method (GET /metrics). */
    ordersPlaced: deps.metrics.counter('shop_orders_placed_total', 'Orders placed, by payment method', ['payment']),

    /** The order as the shopper sees it now. */
    async wire(orderId: string): Promise<Result<Order, OrderNotFound>> {
      const bundle = await loadOrder(db, orderId);
      if (!bundle) return fail('not_found');
      return ok(withInvoiceLink(orderToWire(bundle, clock.now()), parts.invoicePdfPath));
    },

    /**
     * Queues the order's confirmation mail in `tx`, the transaction that confirms the order (placed on
     * pay-later terms, or paid): the mail commits with the order's state or not at all.
     * `storeName` is read before the transaction: nothing here takes a second connection while `tx`
     * holds one.
     */
    async queueConfirmation(tx: Tx, orderId: string, storeName: string): Promise<void> {
      const bundle = await loadOrder(tx, orderId);
      if (!bundle) throw new Error(`order ${orderId} missing in its own transaction`);
      const ordersUrl = bundle.order.userId ? `${publicUrl}/orders` : null;
      const order = withInvoiceLink(orderToWire(bundle, clock.now()), parts.invoicePdfPath);
      // A pay-later mail says where to pay; read in `tx`, which holds this request's connection.
      const bank = order.invoice ? (await parts.settings.current(tx)).bank : null;
      await mailer.send(confirmationMail(order, storeName, ordersUrl, { publicUrl, bank }), { tx });
    },

    /**
     * After a commit that moved stock (placed, cancelled): listings, totals and the "in stock" filter
     * follow at once in every process.
     */
    stockChanged(): Promise<void> {
      return deps.invalidation.publish('catalog');
    },

    /**
     * Back-in-stock mail for what a restock brought back, queued in the restock's transaction: the
     * products of every variant that came back (their variants' and their own subscribers).
     */
    async queueBackInStock(tx: Tx, back: Restocked) {
      await parts.backInStock.queueNotification(tx, [...back.products, ...back.variants.map((v) => v.productId)]);
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
/** Runs inside the change's transaction (its audit entry). */
export type StaffHook = (tx: Tx, result: StaffResult) => Promise<void>;
