/**
 * Payments: the provider interface with Stripe and the demo provider, the card checks
 * the server still makes, the webhook's event intake, and the ledger.
 */
export { CARD_MSG, type CardDeclined, type CardFailure, checkExpiry } from './cards.ts';
export { createDemoPaymentProvider, TEST_CARDS, type TestCard } from './demo.ts';
export { createPaymentEvents, type PaymentEventJob, type PaymentEvents } from './events.ts';
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
export { type LedgerEntry, recordTransaction } from './repository.ts';
export { paymentWebhookRoutes } from './routes.ts';
export { createStripePaymentProvider, type StripeSettings } from './stripe.ts';
