import { ProviderUnavailable } from '../payments/index.ts';
import type { Cancelling, Unwind } from './cancelling.ts';
import type { OrdersContext } from './context.ts';
import { holdExpiredMail } from './mail.ts';
import type { Payment } from './payment.ts';
import { awaitingCardSince, guestHoldExpired, orderIdsWhere, paymentOfOrder, paymentWithFacts } from './repository.ts';
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
export function createSweep(ctx: OrdersContext, cancelling: Cancelling, payment: Payment) {
  const { db, clock, settings } = ctx;

  /**
   * Closes one stale card order. The provider's payment is cancelled first, so a shopper can
   * no longer complete it; if the provider says it succeeded meanwhile, the order is paid instead.
   * A payment still processing at the provider (or a provider that does not answer) waits for the next
   * sweep. Answers whether the order was cancelled.
   */
  async function expire(orderId: string): Promise<boolean> {
    let row = await paymentOfOrder(db, orderId);
    if (row?.method === 'card' && ctx.provider) {
      // A create whose answer never came: ask the provider first (busy = its request still runs).
      if (row.status === 'processing') {
        if ((await payment.settleAbandoned(row.id)) === 'busy') return false;
        row = await paymentOfOrder(db, orderId);
        // Still unknown (the provider does not answer): the next sweep asks again.
        if (row?.status === 'processing') return false;
      }
      const known =
        row?.providerRef && row.status === 'requires_action' ? await paymentWithFacts(db, row.id) : undefined;
      if (known?.payment.providerRef) {
        let found: Awaited<ReturnType<typeof ctx.provider.cancel>>;
        try {
          found = await ctx.provider.cancel(known.facts, known.payment.providerRef);
        } catch (err) {
          if (err instanceof ProviderUnavailable) return false;
          throw err;
        }
        const settled = await payment.settle(known.facts, found, EXPIRED);
        if (settled.outcome === 'cancelled') return true;
        // A payment the provider holds as succeeded but not for this order in full is never counted
        // paid: the order is cancelled, and staff see why.
        if (!(settled.outcome === 'unchanged' && settled.mismatch)) return false;
        return (
          (await cancelling.cancelUnpaid(orderId, {
            ...EXPIRED,
            note: 'Cancelled: the payment provider reports a payment that does not match this order; check it with the provider',
          })) !== undefined
        );
      }
    }
    return (await cancelling.cancelUnpaid(orderId, EXPIRED)) !== undefined;
  }

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
        if (await expire(id)) cancelled += 1;
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
        const order = await cancelling.cancelUnpaid(id, {
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
