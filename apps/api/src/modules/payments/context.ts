import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrderSide } from './order-side.ts';
import type { PaymentProvider } from './provider.ts';

/** What payments is built with: the database, the clock, the provider (none: no cards), the orders' side. */
export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  /** Who takes cards: Stripe, the demo provider, or nobody (a production start without Stripe). */
  provider: PaymentProvider | null;
  orders: OrderSide;
}
