import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { matchesPayment, type PaymentFacts } from './provider.ts';
import { createStripePaymentProvider, toPayment } from './stripe.ts';

const intent = (over: Partial<Stripe.PaymentIntent>) =>
  ({
    id: 'pi_1',
    object: 'payment_intent',
    amount: 2599,
    amount_received: 0,
    currency: 'usd',
    status: 'requires_payment_method',
    client_secret: 'pi_1_secret_abc',
    metadata: { payment_id: 'pay-1' },
    last_payment_error: null,
    payment_method: null,
    ...over,
  }) as unknown as Stripe.PaymentIntent;

const facts: PaymentFacts = {
  reference: 'pay-1',
  orderId: 'order-1',
  orderNumber: 'SO-1',
  email: 'a@example.com',
  amountCents: 2599,
  currency: 'USD',
};

describe('a PaymentIntent as the shop reads it', () => {
  it('waiting for a card, with the last attempt’s failure; 3-D Secure pending is waiting too', () => {
    expect(toPayment(intent({}))).toEqual({
      status: 'requires_action',
      providerRef: 'pi_1',
      reference: 'pay-1',
      next: { type: 'stripe', client_secret: 'pi_1_secret_abc' },
      failureMessage: null,
    });
    const failed = intent({
      last_payment_error: { message: 'Your card was declined.' } as Stripe.PaymentIntent.LastPaymentError,
    });
    expect(toPayment(failed)).toMatchObject({ status: 'requires_action', failureMessage: 'Your card was declined.' });
    expect(toPayment(intent({ status: 'requires_action' }))).toMatchObject({
      status: 'requires_action',
      failureMessage: null,
    });
  });

  it('succeeded carries what was received, the reference and the card; only ours in full matches', () => {
    const pm = { id: 'pm_1', card: { brand: 'visa', last4: '4242' } } as unknown as Stripe.PaymentMethod;
    const paid = toPayment(intent({ status: 'succeeded', amount_received: 2599, payment_method: pm }));
    expect(paid).toMatchObject({
      status: 'succeeded',
      amountCents: 2599,
      currency: 'usd',
      card: { brand: 'visa', last4: '4242' },
    });
    if (paid.status !== 'succeeded') throw new Error('not succeeded');
    expect(matchesPayment(paid, facts)).toBe(true);
    expect(matchesPayment({ ...paid, amountCents: 2500 }, facts)).toBe(false);
    expect(matchesPayment({ ...paid, currency: 'eur' }, facts)).toBe(false);
    expect(matchesPayment({ ...paid, reference: 'pay-2' }, facts)).toBe(false);
    expect(matchesPayment({ ...paid, reference: null }, facts)).toBe(false);
  });

  it('processing, canceled and requires_capture keep their meaning', () => {
    expect(toPayment(intent({ status: 'processing' })).status).toBe('processing');
    expect(toPayment(intent({ status: 'canceled' })).status).toBe('canceled');
    expect(toPayment(intent({ status: 'requires_capture' }))).toMatchObject({
      status: 'requires_capture',
      amountCents: 2599,
    });
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_unittestsecret';
  const provider = createStripePaymentProvider({ secretKey: 'sk_test_unittestkey', webhookSecret: secret });
  const stripe = new Stripe('sk_test_unittestkey');
  const event = (object: unknown) =>
    JSON.stringify({ id: 'evt_1', object: 'event', type: 'refund.updated', data: { object } });

  it('a payload signed with the endpoint secret is read for its identity only', () => {
    const payload = event({ id: 're_1', object: 'refund', payment_intent: 'pi_9', status: 'succeeded' });
    const read = provider.readEvent?.(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(read).toEqual({
      ok: true,
      value: { id: 'evt_1', type: 'refund.updated', objectId: 're_1', paymentRef: 'pi_9' },
    });
  });

  it('no signature, another secret, or a changed body → bad_signature', () => {
    const payload = event({ id: 'pi_1', object: 'payment_intent' });
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const other = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_another' });
    for (const [body, signature] of [
      [payload, undefined],
      [payload, other],
      [payload.replace('pi_1', 'pi_2'), signed],
      [payload, 'garbage'],
    ] as const) {
      expect(provider.readEvent?.(body, signature)).toMatchObject({ ok: false, reason: 'bad_signature' });
    }
  });
});
