import type { SavedAddress } from '@shop/contracts/account';
import type { Order } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import {
  addressChoice,
  awaitingOrder,
  CHECKOUT_MSG,
  type CheckoutAction,
  type CheckoutState,
  checkoutReducer,
  initialCheckoutState,
  type PaymentStep,
  pendingStripeOrder,
} from './checkout-state.ts';
import type { PendingStripeOrder } from './stripe-flow.ts';

// The reducer never reads an order's fields: a stand-in carries its identity.
const order = { id: 'ord_1', number: 'SO-1001' } as Order;
const paid = { id: 'ord_1', number: 'SO-1001', status: 'paid' } as Order;
const pending: PendingStripeOrder = { order, clientSecret: 'pi_1_secret' };

const run = (state: CheckoutState, ...actions: CheckoutAction[]) => actions.reduce(checkoutReducer, state);
const withPayment = (payment: PaymentStep, over: Partial<CheckoutState> = {}): CheckoutState => ({
  ...initialCheckoutState,
  ...over,
  payment,
});
const confirming = (over: Partial<Extract<PaymentStep, { kind: 'confirming' }>> = {}): PaymentStep => ({
  kind: 'confirming',
  order,
  dialogOpen: true,
  answering: null,
  error: null,
  ...over,
});

describe('checkoutReducer: the address', () => {
  it('remembers the address the shopper picks', () => {
    expect(run(initialCheckoutState, { type: 'addressChosen', choice: 'addr_2' }).choice).toBe('addr_2');
    expect(run(initialCheckoutState, { type: 'addressChosen', choice: 'new' }).choice).toBe('new');
  });
});

describe('addressChoice', () => {
  const address = (id: string, isDefault: boolean, country = 'GB'): SavedAddress => ({
    id,
    is_default: isDefault,
    name: 'Ada',
    line1: '1 Road',
    city: 'London',
    postal_code: 'N1 9GU',
    country,
  });

  it('is a new address while the book is loading or empty', () => {
    expect(addressChoice(initialCheckoutState, null)).toBe('new');
    expect(addressChoice(initialCheckoutState, [])).toBe('new');
  });

  it('is the default saved address, else the first, until the shopper picks', () => {
    expect(addressChoice(initialCheckoutState, [address('a', false), address('b', true)])).toBe('b');
    expect(addressChoice(initialCheckoutState, [address('a', false), address('b', false)])).toBe('a');
    const picked = { ...initialCheckoutState, choice: 'new' };
    expect(addressChoice(picked, [address('a', false), address('b', true)])).toBe('new');
  });

  it('never picks a saved address that needs updating before it can go on an order', () => {
    // Saved before countries came from the list: "UK" is not a code on it.
    expect(addressChoice(initialCheckoutState, [address('a', true, 'UK'), address('b', false)])).toBe('b');
    expect(addressChoice(initialCheckoutState, [address('a', true, 'UK')])).toBe('new');
  });
});

describe('checkoutReducer: the discount code', () => {
  it('keeps what is typed and clears the code error', () => {
    const state = run(
      { ...initialCheckoutState, codeError: 'This discount code is not valid' },
      {
        type: 'codeTyped',
        value: 'welc',
      },
    );
    expect(state).toMatchObject({ codeInput: 'welc', codeError: null });
  });

  it('applies the typed code, trimmed', () => {
    const state = run(initialCheckoutState, { type: 'codeTyped', value: '  welcome10 ' }, { type: 'codeApplied' });
    expect(state).toMatchObject({ code: 'welcome10', codeError: null });
  });

  it('asks for a code when none is typed', () => {
    const state = run(initialCheckoutState, { type: 'codeTyped', value: '   ' }, { type: 'codeApplied' });
    expect(state).toMatchObject({ code: null, codeError: CHECKOUT_MSG.codeRequired });
  });

  it('drops a refused code with its sentence, keeping what was typed', () => {
    const applied = run(initialCheckoutState, { type: 'codeTyped', value: 'NOPE' }, { type: 'codeApplied' });
    const state = run(applied, { type: 'codeRefused', message: 'This discount code is not valid' });
    expect(state).toMatchObject({ code: null, codeInput: 'NOPE', codeError: 'This discount code is not valid' });
  });

  it('removes the code and empties the field', () => {
    const applied = run(initialCheckoutState, { type: 'codeTyped', value: 'welcome10' }, { type: 'codeApplied' });
    expect(run(applied, { type: 'codeRemoved' })).toMatchObject({ code: null, codeInput: '' });
  });
});

describe('checkoutReducer: placing the order', () => {
  it('shows a failure, and forgets it when the form is sent again', () => {
    const failed = run(initialCheckoutState, { type: 'orderFailed', message: CHECKOUT_MSG.orderFailed });
    expect(failed.orderError).toBe(CHECKOUT_MSG.orderFailed);
    expect(run(failed, { type: 'submitted' }).orderError).toBeNull();
  });
});

describe('checkoutReducer: the card confirmation step', () => {
  it('opens the dialog on the awaiting order', () => {
    const state = run(initialCheckoutState, { type: 'confirmationAsked', order });
    expect(state.payment).toEqual(confirming());
    expect(awaitingOrder(state)).toBe(order);
  });

  it('closes and reopens the dialog, the order still waiting', () => {
    const closed = run(withPayment(confirming()), { type: 'dialogToggled', open: false });
    expect(closed.payment).toEqual(confirming({ dialogOpen: false }));
    expect(run(closed, { type: 'dialogToggled', open: true }).payment).toEqual(confirming());
  });

  it('marks the answer on its way and clears an earlier error', () => {
    const state = run(withPayment(confirming({ error: 'Try again' })), { type: 'answerSent', answer: 'approve' });
    expect(state.payment).toEqual(confirming({ answering: 'approve' }));
  });

  it('keeps the dialog open with the error when the answer did not go through', () => {
    const state = run(withPayment(confirming({ answering: 'decline' })), {
      type: 'answerFailed',
      message: CHECKOUT_MSG.confirmFailed,
    });
    expect(state.payment).toEqual(confirming({ answering: null, error: CHECKOUT_MSG.confirmFailed }));
  });

  it('ends once paid', () => {
    const state = run(withPayment(confirming({ answering: 'approve' })), { type: 'confirmed' });
    expect(state.payment).toEqual({ kind: 'idle' });
    expect(awaitingOrder(state)).toBeNull();
  });

  it('ends when declined, with the sentence under the form', () => {
    const state = run(withPayment(confirming({ answering: 'decline' })), {
      type: 'confirmDeclined',
      message: CHECKOUT_MSG.declined,
    });
    expect(state).toMatchObject({ payment: { kind: 'idle' }, orderError: CHECKOUT_MSG.declined });
  });

  it('ignores dialog actions when no order waits', () => {
    for (const action of [
      { type: 'dialogToggled', open: true },
      { type: 'answerSent', answer: 'approve' },
      { type: 'answerFailed', message: 'x' },
    ] satisfies CheckoutAction[]) {
      expect(run(initialCheckoutState, action)).toBe(initialCheckoutState);
    }
  });
});

describe('checkoutReducer: a Stripe attempt', () => {
  it('keeps the order for the next attempt when payment is to be tried again', () => {
    const state = run(initialCheckoutState, {
      type: 'stripeAnswered',
      outcome: { kind: 'retry', pending, message: 'Your card was declined.' },
    });
    expect(state).toMatchObject({ payment: { kind: 'stripe', pending }, orderError: 'Your card was declined.' });
    expect(pendingStripeOrder(state)).toBe(pending);
  });

  it('forgets the order once paid', () => {
    const state = run(withPayment({ kind: 'stripe', pending }), {
      type: 'stripeAnswered',
      outcome: { kind: 'done', order: paid },
    });
    expect(state.payment).toEqual({ kind: 'idle' });
    expect(pendingStripeOrder(state)).toBeNull();
  });

  it('forgets a cancelled order, with the sentence', () => {
    const state = run(withPayment({ kind: 'stripe', pending }), {
      type: 'stripeAnswered',
      outcome: { kind: 'cancelled', message: 'cancelled' },
    });
    expect(state).toMatchObject({ payment: { kind: 'idle' }, orderError: 'cancelled' });
  });

  it('keeps the pending order when the card fields are incomplete', () => {
    const state = run(withPayment({ kind: 'stripe', pending }), {
      type: 'stripeAnswered',
      outcome: { kind: 'invalid', message: 'Your card number is incomplete.' },
    });
    expect(state).toMatchObject({
      payment: { kind: 'stripe', pending },
      orderError: 'Your card number is incomplete.',
    });
  });
});
