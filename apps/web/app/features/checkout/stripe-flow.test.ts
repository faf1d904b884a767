import type { Order } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import {
  completeReturnUrl,
  elementAmount,
  type PendingStripeOrder,
  payWithStripe,
  readReturn,
  STRIPE_MSG,
  type StripeSteps,
} from './stripe-flow.ts';

const SECRET = 'pi_123_secret_abc';

function order(over: Partial<Order> = {}, payment: Partial<Order['payment']> = {}): Order {
  return {
    id: 'ord_1',
    number: 'SO-1001',
    status: 'awaiting_payment',
    email: 'ada@example.com',
    lines: [],
    totals: { subtotal: 50, discount: 0, shipping: 4.99, tax: 4, total: 58.99 },
    discount_code: null,
    shipping_method: 'standard',
    shipping_method_name: 'Standard shipping',
    currency: { code: 'USD', digits: 2 },
    tax_included: false,
    tax_lines: [],
    reverse_charge: false,
    vat_number: null,
    shipping_address: { name: 'Ada', line1: '1 Road', city: 'London', postal_code: 'N1', country: 'GB' },
    billing_address: null,
    payment: {
      method: 'card',
      status: 'requires_action',
      card_brand: null,
      card_last4: null,
      next_action: { type: 'stripe', client_secret: SECRET },
      failure_message: null,
      ...payment,
    },
    invoice: null,
    tracking_number: null,
    pay_by: null,
    events: [],
    can_cancel: false,
    created_at: '2030-05-15T10:00:00.000Z',
    ...over,
  };
}

const paid = () => order({ status: 'paid' }, { status: 'succeeded', next_action: null, card_brand: 'visa' });

/** Steps that record what was called, answering as told. */
function steps(answers: {
  submit?: string | null;
  placed?: Order;
  confirm?: (string | null)[];
  sync?: (Order | Error)[];
}) {
  const calls: string[] = [];
  const confirms = [...(answers.confirm ?? [null])];
  const syncs = [...(answers.sync ?? [paid()])];
  const s: StripeSteps = {
    submit: async () => {
      calls.push('submit');
      return answers.submit ?? null;
    },
    placeOrder: async () => {
      calls.push('placeOrder');
      return answers.placed ?? order();
    },
    confirm: async (secret, id) => {
      calls.push(`confirm ${secret} ${id}`);
      return confirms.shift() ?? null;
    },
    sync: async (id, secret) => {
      calls.push(`sync ${id} ${secret}`);
      const next = syncs.shift() ?? paid();
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { s, calls };
}

describe('payWithStripe', () => {
  it('checks the fields, makes the order, confirms its PaymentIntent, and lets the shop say it is paid', async () => {
    const { s, calls } = steps({});
    const outcome = await payWithStripe(s, null);
    expect(outcome).toEqual({ kind: 'done', order: paid() });
    expect(calls).toEqual(['submit', 'placeOrder', `confirm ${SECRET} ord_1`, `sync ord_1 ${SECRET}`]);
  });

  it('incomplete card fields: no order is made', async () => {
    const { s, calls } = steps({ submit: 'Your card number is incomplete.' });
    expect(await payWithStripe(s, null)).toEqual({ kind: 'invalid', message: 'Your card number is incomplete.' });
    expect(calls).toEqual(['submit']);
  });

  it('a decline keeps the order; the next attempt confirms the same PaymentIntent, no second order', async () => {
    const { s, calls } = steps({ confirm: ['Your card was declined.', null] });
    const first = await payWithStripe(s, null);
    expect(first).toEqual({
      kind: 'retry',
      pending: { order: order(), clientSecret: SECRET },
      message: 'Your card was declined.',
    });
    const pending = (first as { pending: PendingStripeOrder }).pending;
    expect(await payWithStripe(s, pending)).toEqual({ kind: 'done', order: paid() });
    expect(calls.filter((c) => c === 'placeOrder')).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('confirm'))).toEqual([
      `confirm ${SECRET} ord_1`,
      `confirm ${SECRET} ord_1`,
    ]);
  });

  it('the shop still waiting after Stripe’s answer: its failure message, and the order kept', async () => {
    const waiting = order({}, { failure_message: 'Your card has insufficient funds.' });
    const { s } = steps({ sync: [waiting] });
    expect(await payWithStripe(s, null)).toEqual({
      kind: 'retry',
      pending: { order: waiting, clientSecret: SECRET },
      message: 'Your card has insufficient funds.',
    });
    const { s: s2 } = steps({ sync: [order({}, { next_action: null })] });
    expect(await payWithStripe(s2, null)).toMatchObject({ kind: 'retry', message: STRIPE_MSG.notConfirmed });
  });

  it('a lost answer from the shop: try again asks the shop again on the same order', async () => {
    const { s, calls } = steps({ sync: [new Error('network'), paid()] });
    const first = await payWithStripe(s, null);
    expect(first).toMatchObject({ kind: 'retry', message: STRIPE_MSG.syncFailed });
    const pending = (first as { pending: PendingStripeOrder }).pending;
    expect(await payWithStripe(s, pending)).toEqual({ kind: 'done', order: paid() });
    expect(calls.filter((c) => c === 'placeOrder')).toHaveLength(1);
  });

  it('the order’s own refusal (409, 422…) reaches the caller, which explains it as before', async () => {
    const { s } = steps({});
    s.placeOrder = async () => {
      throw new Error('409');
    };
    await expect(payWithStripe(s, null)).rejects.toThrow('409');
  });

  it('an order cancelled meanwhile is never shown as placed: the next attempt starts afresh', async () => {
    const cancelled = order({ status: 'cancelled' }, { status: 'cancelled', next_action: null });
    const { s } = steps({ sync: [cancelled] });
    expect(await payWithStripe(s, null)).toEqual({ kind: 'cancelled', message: STRIPE_MSG.cancelled });
  });

  it('an order that needs no payment is done at once', async () => {
    const { s, calls } = steps({ placed: paid() });
    expect(await payWithStripe(s, null)).toEqual({ kind: 'done', order: paid() });
    expect(calls).toEqual(['submit', 'placeOrder']);
  });
});

describe('the return from Stripe', () => {
  it('comes back to /checkout/complete with the order, and reads what Stripe added', () => {
    const url = new URL(completeReturnUrl('https://shop.example', 'ord/1'));
    expect(url.pathname).toBe('/checkout/complete');
    expect(url.searchParams.get('order')).toBe('ord/1');
    url.searchParams.set('payment_intent', 'pi_123');
    url.searchParams.set('payment_intent_client_secret', SECRET);
    expect(readReturn(url.searchParams)).toEqual({ orderId: 'ord/1', clientSecret: SECRET });
    expect(readReturn(new URLSearchParams('order=ord_1'))).toBeNull();
    expect(readReturn(new URLSearchParams(`payment_intent_client_secret=${SECRET}`))).toBeNull();
  });
});

describe('elementAmount', () => {
  const priced = (total: number, code = 'USD', digits = 2) => ({
    totals: { ...order().totals, total },
    currency: { code, digits },
  });
  it('the Payment Element shows the pending order’s total, else the quote’s, in minor units', () => {
    expect(elementAmount(null, priced(58.99))).toEqual({ minor: 5899, currency: 'usd' });
    expect(elementAmount({ order: order(), clientSecret: SECRET }, priced(10))).toEqual({
      minor: 5899,
      currency: 'usd',
    });
    expect(elementAmount(null, null)).toBeNull();
  });

  it('in the currency the shopper pays in', () => {
    expect(elementAmount(null, priced(54.27, 'EUR'))).toEqual({ minor: 5427, currency: 'eur' });
    expect(elementAmount(null, priced(1500, 'JPY', 0))).toEqual({ minor: 1500, currency: 'jpy' });
  });
});
