import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';

/**
 * The stand-in answers the official client as Stripe does: if it did not, tests of the
 * shop's Stripe path would prove nothing. Each case is a documented behaviour of Stripe's API.
 */
let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = fake.client();
});
afterAll(() => fake.close());

const create = (amount = 4_999, key?: string) =>
  stripe.paymentIntents.create(
    { amount, currency: 'usd', metadata: { payment_id: 'p1' }, automatic_payment_methods: { enabled: true } },
    key ? { idempotencyKey: key } : undefined,
  );

describe('fake Stripe, as the official client sees it', () => {
  it('creates a PaymentIntent waiting for a payment method, with its client secret and metadata', async () => {
    const pi = await create();
    expect(pi).toMatchObject({
      object: 'payment_intent',
      amount: 4_999,
      currency: 'usd',
      status: 'requires_payment_method',
    });
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_`));
    expect(pi.metadata).toEqual({ payment_id: 'p1' });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
  });

  it('a good card succeeds; a declined one stays waiting for another card with Stripe’s error', async () => {
    const pi = await create();
    expect(fake.confirm(pi.id, 'pm_card_visa')).toMatchObject({ status: 'succeeded', amount_received: 4_999 });

    const other = await create();
    const after = fake.confirm(other.id, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    // A server-side confirm with a declined card is a 402 card error, as Stripe answers it.
    const third = await create();
    const err = await stripe.paymentIntents
      .confirm(third.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ statusCode: 402, code: 'card_declined', message: 'Your card was declined.' });
  });

  it('3-D Secure: requires_action, then succeeded or back to requires_payment_method', async () => {
    const pi = await create();
    expect(fake.confirm(pi.id, 'pm_card_threeDSecure2Required')).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
    expect(fake.authenticate(pi.id, true)).toMatchObject({ status: 'succeeded' });

    const failed = await create();
    fake.confirm(failed.id, 'pm_card_threeDSecure2Required');
    expect(fake.authenticate(failed.id, false)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
  });

  it('replays an idempotency key’s first answer, and refuses the key with other parameters', async () => {
    const first = await create(1_000, 'key-1');
    const again = await create(1_000, 'key-1');
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const err = await create(2_000, 'key-1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('an answer lost on the way is recovered by the client’s retry with the same key: one PaymentIntent', async () => {
    const retrying = fake.client({ maxNetworkRetries: 2 });
    const before = fake.requests.length;
    fake.failNext(1, 'drop');
    const pi = await retrying.paymentIntents.create({ amount: 2_500, currency: 'usd' });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.idempotencyKey).toBeTruthy();
    expect(sent[1]).toMatchObject({ idempotencyKey: sent[0]?.idempotencyKey, replayed: true });
    expect(fake.paymentIntent(pi.id)).toMatchObject({ amount: 2_500 });
  });

  it('network faults reach the client as connection and API errors', async () => {
    // The client retries a closed connection once even with retries off (stripe-node #1040).
    fake.failNext(2, 'reset');
    await expect(create()).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    fake.failNext(1, 'http500');
    await expect(create()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    fake.failNext(1, 'hang');
    const quick = fake.client({ timeout: 200 });
    await expect(quick.paymentIntents.create({ amount: 1_000, currency: 'usd' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
  });

  it('cancels only what may be cancelled, captures only requires_capture', async () => {
    const open = await create();
    expect((await stripe.paymentIntents.cancel(open.id)).status).toBe('canceled');
    const paid = await create();
    fake.confirm(paid.id, 'pm_card_visa');
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });

    const manual = await stripe.paymentIntents.create({ amount: 3_000, currency: 'usd', capture_method: 'manual' });
    expect(fake.confirm(manual.id, 'pm_card_visa')).toMatchObject({ status: 'requires_capture' });
    expect((await stripe.paymentIntents.capture(manual.id)).status).toBe('succeeded');
  });

  it('refunds: partial, full, never more than was paid; pending ones settle later', async () => {
    const pi = await create(10_000);
    fake.confirm(pi.id, 'pm_card_visa');
    expect(await stripe.refunds.create({ payment_intent: pi.id, amount: 2_500 })).toMatchObject({
      object: 'refund',
      amount: 2_500,
      status: 'succeeded',
      payment_intent: pi.id,
    });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 9_000 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    fake.refundOutcome('pending');
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest).toMatchObject({ amount: 7_500, status: 'pending' });
    fake.refundOutcome('succeeded');
    fake.settleRefund(rest.id, 'succeeded');
    expect((await stripe.refunds.retrieve(rest.id)).status).toBe('succeeded');
    const listed = await stripe.refunds.list({ payment_intent: pi.id });
    expect(listed.data.map((r) => r.amount)).toEqual([7_500, 2_500]);
  });

  it('events verify with the package’s own signature helper and the endpoint secret', async () => {
    const pi = await create();
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', fake.confirm(pi.id, 'pm_card_visa')));
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    const event = stripe.webhooks.constructEvent(payload, header, fake.webhookSecret);
    expect(event.type).toBe('payment_intent.succeeded');
    expect((event.data.object as Stripe.PaymentIntent).id).toBe(pi.id);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('refuses a request without the secret key, as Stripe does', async () => {
    const stranger = new Stripe('sk_test_not_the_key', {
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stranger.paymentIntents.retrieve('pi_x')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});
