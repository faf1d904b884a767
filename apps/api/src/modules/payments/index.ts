/**
 * Payments: a card payment's attempts, settlement and reconciliation, refunds, and the `payments`
 * and `payment_refunds` tables (built by `createPayments` over the orders' side, OrderSide); the
 * provider interface with Stripe and the demo provider, the card checks the server still makes, the
 * webhook's event intake, and the ledger.
 */

export type { ConfirmFailure, InFlight, Placed, ProviderDown, SyncFailure } from './attempts.ts';
export {
  insertPayment,
  lockPaymentOf,
  type PaymentRow,
  unpaidCardAttempt,
  updatePayment,
} from './attempts-repository.ts';
export {
  CARD_MSG,
  type CardDeclined,
  type CardFailure,
  cardLabel,
  checkExpiry,
  PAYMENT_MSG,
} from './cards.ts';
export { createDemoPaymentProvider, TEST_CARDS, type TestCard } from './demo.ts';
export { createPaymentEvents, type PaymentEventJob, type PaymentEvents } from './events.ts';
export type { OrderOfPayment, OrderSide, Unwind } from './order-side.ts';
export {
  matchesPayment,
  type NextAction,
  type PaymentFacts,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  ProviderRefused,
  ProviderUnavailable,
} from './provider.ts';
export type { RefundFailed } from './refunds.ts';
export { pendingRefundCents } from './refunds-repository.ts';
export { type LedgerEntry, recordTransaction } from './repository.ts';
export { paymentWebhookRoutes } from './routes.ts';
export { createPayments, type Payments } from './service.ts';
export { createStripePaymentProvider, type StripeSettings } from './stripe.ts';
