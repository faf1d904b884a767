import type { Tx } from '../../db/client.ts';
import type { OrderSide } from '../payments/index.ts';
import { refreshRatingsOfOrder } from '../reviews/index.ts';
import type { Restocked, StockReason } from '../stock/index.ts';
import type { OrdersContext } from './context.ts';
import {
  AWAITING_CARD,
  addEvent,
  clearOrderedFromCart,
  lockOrder,
  moveStatus,
  stockLinesOf,
  voidOpenInvoice,
} from './repository.ts';

/**
 * The order's half of a payment's outcomes (payments' OrderSide port): paid, cancelled unpaid,
 * refunded, and notes on its timeline, each in the transaction payments hands it. Built from the
 * orders context alone.
 */
export function createOrderSide(ctx: OrdersContext) {
  const { stock, discounts } = ctx;

  /**
   * Puts an order's stock back on its variants, gives its discount use back and voids its invoice; the
   * back-in-stock mail of what came back is queued in the same transaction.
   */
  async function unwind(tx: Tx, orderId: string, reason: StockReason): Promise<Restocked> {
    const back = await stock.restock(tx, await stockLinesOf(tx, orderId), reason, orderId);
    await discounts.release(tx, orderId);
    await voidOpenInvoice(tx, orderId);
    await ctx.queueBackInStock(tx, back);
    return back;
  }

  const side: OrderSide = {
    paid: (tx, orderId, now) => moveStatus(tx, orderId, AWAITING_CARD, { to: 'paid', by: 'payment' }, now),

    async confirmPaid(tx, order, { note, storeName, now }) {
      await addEvent(tx, { orderId: order.id, status: 'paid', note, createdAt: now });
      if (order.userId) {
        await clearOrderedFromCart(tx, order.userId, order.id, now);
        await refreshRatingsOfOrder(tx, order.id);
      }
      await ctx.queueConfirmation(tx, order.id, storeName);
    },

    cancelUnpaid: (tx, orderId, how, now) =>
      moveStatus(tx, orderId, how.unpaid ?? AWAITING_CARD, { to: 'cancelled', by: how.by }, now),

    async unwindUnpaid(tx, order, how, now) {
      await unwind(tx, order.id, how.stockReason);
      await addEvent(tx, { orderId: order.id, status: 'cancelled', note: how.note, createdAt: now });
      if (how.mail) await ctx.mailer.send(how.mail(order), { tx });
    },

    async refunded(tx, orderId, now) {
      await moveStatus(tx, orderId, undefined, { to: 'refunded', by: 'payment' }, now);
      await refreshRatingsOfOrder(tx, orderId);
    },

    lock: lockOrder,

    note: (tx, e) => addEvent(tx, { orderId: e.orderId, status: e.status, note: e.note, createdAt: e.now }),

    stockChanged: () => ctx.stockChanged(),

    async storeName() {
      return (await ctx.settings.get()).storeName;
    },
  };
  return { ...side, unwind };
}
export type OrdersOrderSide = ReturnType<typeof createOrderSide>;
