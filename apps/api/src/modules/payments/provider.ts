import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { CARD_MSG, type CardDetails } from './cards.ts';
import { createTestGatewayStore, type GatewayCharge } from './test-gateway.ts';

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
  /**
   * The charge with this `reference` as the gateway has it now, for a charge whose answer never reached
   * us (the process or the database died in between; issue 13 point 1). A reference the gateway never
   * received is closed by this call, so a charge arriving with it later is refused: the answer is final.
   */
  lookup(request: { reference: string }): Promise<ChargeOutcome>;
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

/** What `lookup` answers: the charge's outcome, or that no charge ever arrived (now closed). */
export type ChargeOutcome = ChargeResult | { status: 'not_received' };

/** The test provider's answer to a charge or confirmation with a reference that `lookup` closed. */
export const CLOSED_MSG = 'This payment was closed before the card was charged.';

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
 * other number that passed checkout's checks succeeds. Like a real gateway it keeps its own record of
 * every charge by reference (test-gateway.ts): a repeated charge answers the first outcome, and
 * `lookup` answers what became of a charge. The confirmation token is kept by the payment record too.
 */
export function createTestPaymentProvider(db: Db): PaymentProvider {
  const ref = () => `test_ch_${randomBytes(12).toString('hex')}`;
  const store = createTestGatewayStore(db);

  function decide(card: CardDetails): GatewayCharge {
    const none = { message: null, actionToken: null };
    switch (card.number) {
      case TEST_CARDS.declined:
        return { status: 'declined', providerRef: ref(), message: CARD_MSG.declined, actionToken: null };
      case TEST_CARDS.insufficientFunds:
        return {
          status: 'declined',
          providerRef: ref(),
          message: 'Your card has insufficient funds.',
          actionToken: null,
        };
      case TEST_CARDS.requiresAction:
        return {
          status: 'requires_action',
          providerRef: ref(),
          message: null,
          actionToken: randomBytes(24).toString('base64url'),
        };
      default:
        return { status: 'succeeded', providerRef: ref(), ...none };
    }
  }

  return {
    name: 'test',
    async charge({ reference, card }) {
      const charge = await store.record(reference, decide(card));
      const outcome = toOutcome(charge);
      return outcome.status === 'not_received'
        ? { status: 'declined', providerRef: charge.providerRef, message: CLOSED_MSG }
        : outcome;
    },
    async confirm({ reference, approve }) {
      const wanted: ConfirmResult = approve
        ? { status: 'succeeded' }
        : { status: 'declined', message: CARD_MSG.declined };
      const charge = await store.confirm(reference, wanted);
      if (!charge) return wanted;
      if (charge.status === 'succeeded') return { status: 'succeeded' };
      if (charge.status === 'declined') return { status: 'declined', message: charge.message ?? CARD_MSG.declined };
      return { status: 'declined', message: CLOSED_MSG };
    },
    async refund() {
      return { status: 'refunded' };
    },
    async lookup({ reference }) {
      return toOutcome(await store.lookupOrVoid(reference, ref()));
    },
  };
}

function toOutcome(charge: GatewayCharge): ChargeOutcome {
  switch (charge.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: charge.providerRef };
    case 'declined':
      return { status: 'declined', providerRef: charge.providerRef, message: charge.message ?? CARD_MSG.declined };
    case 'requires_action':
      return { status: 'requires_action', providerRef: charge.providerRef, actionToken: charge.actionToken ?? '' };
    case 'void':
      return { status: 'not_received' };
  }
}
