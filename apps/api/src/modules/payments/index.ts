/** Payments (issue 4, 5): card checks, the gateway interface with its test provider, and the ledger. */
export {
  CARD_MSG,
  type CardBrand,
  type CardDeclined,
  type CardDetails,
  type CardFailure,
  cardBrand,
  checkCard,
} from './cards.ts';
export {
  type ChargeOutcome,
  type ChargeRequest,
  type ChargeResult,
  type ConfirmResult,
  createTestPaymentProvider,
  type PaymentProvider,
  TEST_CARDS,
} from './provider.ts';
export { type LedgerEntry, recordTransaction } from './repository.ts';
