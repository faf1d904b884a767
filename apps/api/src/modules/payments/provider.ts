import { randomBytes } from 'node:crypto';
import { CARD_MSG, type CardDetails } from './cards.ts';

/**
 * What checkout needs from a card gateway (issue 4). A real gateway implements this interface; the
 * built-in test provider below behaves like a gateway's test mode. Every call names our payment id as
 * `reference`, so a gateway can make a repeated call idempotent.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Charges the card (authorise and capture in one step). */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Completes a charge that answered `requires_action`, after the shopper's extra step. */
  confirm(request: { reference: string; providerRef: string; approve: boolean }): Promise<ConfirmResult>;
  /** Gives back `amountCents` of a succeeded charge. */
  refund(request: { reference: string; providerRef: string; amountCents: number }): Promise<{ status: 'refunded' }>;
}

export interface ChargeRequest {
  reference: string;
  amountCents: number;
  currency: string;
  card: CardDetails;
}

export type ChargeResult =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'declined'; providerRef: string; message: string }
  | { status: 'requires_action'; providerRef: string; actionToken: string };

export type ConfirmResult = { status: 'succeeded' } | { status: 'declined'; message: string };

/** The test provider's cards (the numbers every gateway's test mode knows). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002500003155',
} as const;

/**
 * The built-in test provider: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 is declined for funds, 4000 0025 0000 3155 needs the confirmation step; any
 * other number that passed checkout's checks succeeds. It keeps no state: the confirmation token is
 * kept by the payment record.
 */
export function createTestPaymentProvider(): PaymentProvider {
  const ref = () => `test_ch_${randomBytes(12).toString('hex')}`;
  return {
    name: 'test',
    async charge({ card }) {
      switch (card.number) {
        case TEST_CARDS.declined:
          return { status: 'declined', providerRef: ref(), message: CARD_MSG.declined };
        case TEST_CARDS.insufficientFunds:
          return { status: 'declined', providerRef: ref(), message: 'Your card has insufficient funds.' };
        case TEST_CARDS.requiresAction:
          return { status: 'requires_action', providerRef: ref(), actionToken: randomBytes(24).toString('base64url') };
        default:
          return { status: 'succeeded', providerRef: ref() };
      }
    },
    async confirm({ approve }) {
      return approve ? { status: 'succeeded' } : { status: 'declined', message: CARD_MSG.declined };
    },
    async refund() {
      return { status: 'refunded' };
    },
  };
}
