import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { CARD_MSG } from './cards.ts';
import type { PaymentFacts, PaymentProvider, ProviderPayment } from './provider.ts';
import { createTestGatewayStore, type GatewayCharge } from './test-gateway.ts';

/** The demo provider's answer to a charge or confirmation with a reference that `lookup` closed. */
export const CLOSED_MSG = 'This payment was closed before the card was charged.';

/**
 * The test cards every gateway's test mode knows. The browser checks the number and sends the brand and
 * the last 4; the demo provider decides by those last 4. The full numbers are for the web's
 * card form and its tests.
 */
export const TEST_CARDS = {
  success: { number: '4242424242424242', brand: 'visa', last4: '4242' },
  declined: { number: '4000000000000002', brand: 'visa', last4: '0002' },
  insufficientFunds: { number: '4000000000009995', brand: 'visa', last4: '9995' },
  requiresAction: { number: '4000002500003155', brand: 'visa', last4: '3155' },
} as const;
export type TestCard = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

/**
 * The built-in demo provider ("Demo mode — no real payment"): it gets only a card's brand and last 4
 * and decides by the last 4 — 0002 declined, 9995 declined for funds, 3155 needs the confirmation step,
 * anything else succeeds. Like a real gateway it keeps its own record of every charge by reference
 * (test-gateway.ts): a repeated create answers the first outcome, `lookup` answers what became of a
 * charge (closing a reference it never received), the step's token is kept with the charge.
 */
export function createDemoPaymentProvider(db: Db): PaymentProvider {
  const ref = () => `demo_ch_${randomBytes(12).toString('hex')}`;
  const store = createTestGatewayStore(db);

  function decide(last4: string | undefined): GatewayCharge {
    const charge = { providerRef: ref(), message: null, actionToken: null };
    switch (last4) {
      case TEST_CARDS.declined.last4:
        return { ...charge, status: 'declined', message: CARD_MSG.declined };
      case TEST_CARDS.insufficientFunds.last4:
        return { ...charge, status: 'declined', message: CARD_MSG.insufficientFunds };
      case TEST_CARDS.requiresAction.last4:
        return { ...charge, status: 'requires_action', actionToken: randomBytes(24).toString('base64url') };
      default:
        return { ...charge, status: 'succeeded' };
    }
  }

  /** The demo keeps no amounts: what it charged is what it was asked for (our own records). */
  function toPayment(charge: GatewayCharge | undefined, facts: PaymentFacts): ProviderPayment {
    if (!charge) return { status: 'not_received' };
    const { providerRef } = charge;
    const reference = facts.reference;
    switch (charge.status) {
      case 'succeeded':
        return {
          status: 'succeeded',
          providerRef,
          amountCents: facts.amountCents,
          currency: facts.currency,
          reference,
          card: facts.card ?? null,
        };
      case 'declined':
        return { status: 'declined', providerRef, reference, message: charge.message ?? CARD_MSG.declined };
      case 'requires_action':
        return {
          status: 'requires_action',
          providerRef,
          reference,
          next: { type: 'confirm', token: charge.actionToken ?? '' },
          failureMessage: null,
        };
      case 'canceled':
        return { status: 'canceled', providerRef, reference };
      case 'void':
        return { status: 'not_received' };
    }
  }

  return {
    kind: 'demo',
    name: 'demo',
    async create(facts) {
      const outcome = toPayment(await store.record(facts.reference, decide(facts.card?.last4)), facts);
      // A reference closed by `lookup` before this create arrived is refused, as a gateway would.
      return outcome.status === 'not_received'
        ? { status: 'declined', providerRef: ref(), reference: facts.reference, message: CLOSED_MSG }
        : outcome;
    },
    async lookup(facts) {
      return toPayment(await store.lookupOrVoid(facts.reference, ref()), facts);
    },
    async retrieve(_providerRef, facts) {
      // The demo sends no webhooks: whoever asks it knows the payment.
      if (!facts) throw new Error('the demo provider retrieves a payment by our reference only');
      return toPayment(await store.read(facts.reference), facts);
    },
    async confirm(facts, _providerRef, approve) {
      const wanted = approve
        ? ({ status: 'succeeded' } as const)
        : ({ status: 'declined', message: CARD_MSG.declined } as const);
      const charge = await store.confirm(facts.reference, wanted);
      const outcome = toPayment(charge, facts);
      return outcome.status === 'not_received' || outcome.status === 'canceled'
        ? {
            status: 'declined',
            providerRef: charge?.providerRef ?? ref(),
            reference: facts.reference,
            message: CLOSED_MSG,
          }
        : outcome;
    },
    async capture(facts) {
      // The demo charges in one step: there is never an authorisation to capture.
      return toPayment(await store.read(facts.reference), facts);
    },
    async cancel(facts) {
      return toPayment(await store.cancel(facts.reference), facts);
    },
    async refund(request) {
      return {
        status: 'succeeded',
        providerRef: `demo_re_${randomBytes(12).toString('hex')}`,
        amountCents: request.amountCents,
        reference: request.reference,
        message: null,
      };
    },
    async refundsOf() {
      // Demo refunds succeed at once: nothing is ever left for a webhook to settle.
      return [];
    },
  };
}
