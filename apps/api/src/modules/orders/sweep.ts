import type { Payments, Unwind } from '../payments/index.ts';
import type { OrdersContext } from './context.ts';
import { holdExpiredMail } from './mail.ts';
import { awaitingCardSince, guestHoldExpired, orderIdsWhere } from './repository.ts';
import { ORDER_MSG, PAYMENT_CONFIRM_WINDOW_MS } from './rules.ts';

/** A card payment not completed within the window: its order is cancelled and its stock comes back. */
const EXPIRED: Unwind = {
  by: 'sweep',
  paymentStatus: 'cancelled',
  failureMessage: ORDER_MSG.expired,
  stockReason: 'payment_expired',
  note: 'Cancelled: the card payment was not confirmed within 30 minutes',
};

/** The sweeps the job queue runs every minute: unpaid orders whose time ran out are cancelled and restocked. */
export function createSweep(ctx: OrdersContext, payments: Payments) {
  const { db, clock, settings } = ctx;

  return {
    /**
     * Card orders still awaiting payment PAYMENT_CONFIRM_WINDOW_MS after placement are cancelled (at the
     * provider first) and restocked: the stock an abandoned attempt holds is bounded. Answers how many it cancelled.
     */
    async expireUnconfirmedPayments(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - PAYMENT_CONFIRM_WINDOW_MS);
      const stale = await orderIdsWhere(db, awaitingCardSince(cutoff));
      let cancelled = 0;
      for (const id of stale) {
        if (await payments.expire(id, EXPIRED)) cancelled += 1;
      }
      return cancelled;
    },

    /**
     * The unpaid guest order sweep (with the one above): a guest's pay-later order still unpaid at its
     * `pay_by` is cancelled, restocked and its invoice voided, exactly once whatever runs in parallel
     * (one conditional update decides; a "mark paid" racing it then finds the invoice void). Orders
     * staff already prepare or ship are left alone. The guest is told.
     */
    async expireUnpaidGuestOrders(): Promise<number> {
      const stale = await orderIdsWhere(db, guestHoldExpired(clock.now()));
      if (stale.length === 0) return 0;
      // Read before the cancels: their transactions take no second connection for it.
      const { storeName } = await settings.get();
      let cancelled = 0;
      for (const id of stale) {
        const order = await payments.cancelUnpaid(id, {
          by: 'sweep',
          paymentStatus: 'cancelled',
          failureMessage: ORDER_MSG.notPaidInTime,
          stockReason: 'payment_expired',
          note: 'Cancelled: the invoice was not paid in time (guest order)',
          unpaid: guestHoldExpired(clock.now()),
          // The guest is told in the cancel's transaction: a crash between the two cannot lose it.
          mail: (o) => holdExpiredMail(o, storeName),
        });
        if (order) cancelled += 1;
      }
      return cancelled;
    },
  };
}
