import { createAttempts } from './attempts.ts';
import type { PaymentsDeps } from './context.ts';
import { createRefunds } from './refunds.ts';
import { createSettlement } from './settlement.ts';

/**
 * Payments (docs/architecture.md §6): a card payment's steps (attempts.ts), settling what the provider
 * reports and reconciling what was left unsettled (settlement.ts), and refunds (refunds.ts). The
 * order's half of every outcome is asked of `deps.orders` in the same transaction.
 */
export function createPayments(deps: PaymentsDeps) {
  const refunds = createRefunds(deps);
  const settlement = createSettlement(deps, refunds);
  const attempts = createAttempts(deps, settlement, refunds);
  return {
    ...attempts,
    cancelUnpaid: settlement.cancelUnpaid,
    whileSettling: settlement.whileSettling,
    settleAbandoned: settlement.settleAbandoned,
    reconcileUnsettledCharges: settlement.reconcileUnsettledCharges,
    reconcileWhenBack: settlement.reconcileWhenBack,
    closeAtProvider: settlement.closeAtProvider,
    expire: settlement.expire,
    giveBack: refunds.giveBack,
    providerLabel: refunds.providerLabel,
    retryRefund: refunds.retryRefund,
  };
}
export type Payments = ReturnType<typeof createPayments>;
