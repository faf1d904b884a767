import type { OrderStatus } from '@shop/contracts/orders';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { StockReason } from '../stock/index.ts';

/** How an unpaid order is cancelled (a declined, refused or expired payment). */
export interface Unwind {
  /** Who cancels it: the payment (declined, cancelled at the provider) or the sweep (time ran out). */
  by: 'payment' | 'sweep';
  paymentStatus: 'declined' | 'cancelled';
  failureMessage: string;
  stockReason: StockReason;
  note: string;
  /** What makes the order still unpaid; default: a card payment not completed (`awaiting_payment`). */
  unpaid?: SQL;
  /** The shopper's mail about it, queued in the cancel's own transaction. */
  mail?: (order: { number: string; email: string }) => Mail;
}

/** An order as settling a payment sees it. */
export interface OrderOfPayment {
  id: string;
  userId: string | null;
  number: string;
  email: string;
  status: OrderStatus;
}

/**
 * What payments asks of the order a payment belongs to (docs/architecture.md §6). The orders module
 * implements it; every function runs in the transaction it is given (but `stockChanged`, after a
 * commit), so payments decides what commits together and in which order the rows are locked.
 * Status changes are the orders module's conditional updates: each returns the order only to the one
 * caller that moved it.
 */
export interface OrderSide {
  /** Moves an order still awaiting its card to `paid`; undefined when it no longer awaits one. */
  paid(tx: Tx, orderId: string, now: Date): Promise<OrderOfPayment | undefined>;
  /** What a paid order gets with its payment: the event, its lines out of the cart, the confirmation mail. */
  confirmPaid(tx: Tx, order: OrderOfPayment, how: { note: string; storeName: string; now: Date }): Promise<void>;
  /** Moves an order that is still unpaid (`how.unpaid`) to `cancelled`; undefined when it is no longer. */
  cancelUnpaid(tx: Tx, orderId: string, how: Unwind, now: Date): Promise<OrderOfPayment | undefined>;
  /** After `cancelUnpaid`: stock, discount use and invoice back, the event, the shopper's mail if any. */
  unwindUnpaid(tx: Tx, order: OrderOfPayment, how: Unwind, now: Date): Promise<void>;
  /** Moves an order all of whose money is back to `refunded`. */
  refunded(tx: Tx, orderId: string, now: Date): Promise<void>;
  /** The order row, locked for the rest of the transaction. */
  lock(tx: Tx, orderId: string): Promise<OrderOfPayment | undefined>;
  /** A line on the order's timeline. */
  note(tx: Tx, event: { orderId: string; status: OrderStatus; note: string; now: Date }): Promise<void>;
  /** After a commit that moved stock: listings follow. */
  stockChanged(): Promise<void>;
  /** The store's name for the confirmation mail, read before the paying transaction. */
  storeName(): Promise<string>;
}
