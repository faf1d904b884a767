import { type SavedAddress, savedAddressProblem } from '@shop/contracts/account';
import type { Order } from '@shop/contracts/orders';
import type { PendingStripeOrder, StripeOutcome } from './stripe-flow.ts';

export const CHECKOUT_MSG = {
  declined: 'Your card was declined.',
  orderFailed: 'Your order could not be placed. Please try again.',
  confirmFailed: 'The payment could not be confirmed. Please try again.',
  codeRequired: 'Enter a discount code',
} as const;

/** The shopper's answer to the card's extra confirmation step. */
export type ConfirmAnswer = 'approve' | 'decline';

/** Where paying stands, beside the form's own fields. */
export type PaymentStep =
  /** Nothing under way: the form places the order. */
  | { kind: 'idle' }
  /**
   * The card's extra confirmation step (201 awaiting_payment with next_action): the order waits for the
   * shopper's answer, in its dialog or, the dialog closed, behind a "Confirm payment" button.
   */
  | { kind: 'confirming'; order: Order; dialogOpen: boolean; answering: ConfirmAnswer | null; error: string | null }
  /** A Stripe order whose payment failed and may be tried again (the same order, never a second one). */
  | { kind: 'stripe'; pending: PendingStripeOrder };

export interface CheckoutState {
  /** The saved address picked by the shopper, 'new' to type one; null until the shopper picks. */
  choice: string | null;
  /** The discount code field as typed. */
  codeInput: string;
  /** The code the quote is asked to apply. */
  code: string | null;
  codeError: string | null;
  orderError: string | null;
  payment: PaymentStep;
}

export type CheckoutAction =
  | { type: 'addressChosen'; choice: string }
  | { type: 'codeTyped'; value: string }
  | { type: 'codeApplied' }
  | { type: 'codeRemoved' }
  /** The quote or the order refused the code: its sentence, and the code is dropped. */
  | { type: 'codeRefused'; message: string }
  | { type: 'submitted' }
  | { type: 'orderFailed'; message: string }
  | { type: 'confirmationAsked'; order: Order }
  | { type: 'dialogToggled'; open: boolean }
  | { type: 'answerSent'; answer: ConfirmAnswer }
  /** The answer did not go through: the dialog says so and may be answered again. */
  | { type: 'answerFailed'; message: string }
  /** Paid after the confirmation step: the confirmation page follows. */
  | { type: 'confirmed' }
  /** Declined at the confirmation step: the server cancelled the order; the cart stays. */
  | { type: 'confirmDeclined'; message: string }
  | { type: 'stripeAnswered'; outcome: StripeOutcome };

export const initialCheckoutState: CheckoutState = {
  choice: null,
  codeInput: '',
  code: null,
  codeError: null,
  orderError: null,
  payment: { kind: 'idle' },
};

const IDLE: PaymentStep = { kind: 'idle' };

/** The confirmation step changed by `change`; any other step stays as it is. */
function whileConfirming(
  state: CheckoutState,
  change: (step: Extract<PaymentStep, { kind: 'confirming' }>) => PaymentStep,
): CheckoutState {
  return state.payment.kind === 'confirming' ? { ...state, payment: change(state.payment) } : state;
}

function applyCode(state: CheckoutState): CheckoutState {
  const typed = state.codeInput.trim();
  if (!typed) return { ...state, codeError: CHECKOUT_MSG.codeRequired };
  return { ...state, codeError: null, code: typed };
}

/** One Stripe attempt's outcome (stripe-flow.ts): a retry keeps its order for the next attempt. */
function afterStripe(state: CheckoutState, outcome: StripeOutcome): CheckoutState {
  switch (outcome.kind) {
    case 'done':
      return { ...state, payment: IDLE };
    case 'retry':
      return { ...state, payment: { kind: 'stripe', pending: outcome.pending }, orderError: outcome.message };
    case 'cancelled':
      return { ...state, payment: IDLE, orderError: outcome.message };
    case 'invalid':
      return { ...state, orderError: outcome.message };
  }
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'addressChosen':
      return { ...state, choice: action.choice };
    case 'codeTyped':
      return { ...state, codeInput: action.value, codeError: null };
    case 'codeApplied':
      return applyCode(state);
    case 'codeRemoved':
      return { ...state, code: null, codeInput: '' };
    case 'codeRefused':
      return { ...state, codeError: action.message, code: null };
    case 'submitted':
      return { ...state, orderError: null };
    case 'orderFailed':
      return { ...state, orderError: action.message };
    case 'confirmationAsked':
      return {
        ...state,
        payment: { kind: 'confirming', order: action.order, dialogOpen: true, answering: null, error: null },
      };
    case 'dialogToggled':
      return whileConfirming(state, (step) => ({ ...step, dialogOpen: action.open }));
    case 'answerSent':
      return whileConfirming(state, (step) => ({ ...step, answering: action.answer, error: null }));
    case 'answerFailed':
      return whileConfirming(state, (step) => ({ ...step, answering: null, error: action.message }));
    case 'confirmed':
      return { ...state, payment: IDLE };
    case 'confirmDeclined':
      return { ...state, payment: IDLE, orderError: action.message };
    case 'stripeAnswered':
      return afterStripe(state, action.outcome);
  }
}

/** The order waiting at the confirmation step, if any. */
export const awaitingOrder = (state: CheckoutState): Order | null =>
  state.payment.kind === 'confirming' ? state.payment.order : null;

/** The Stripe order kept for the next attempt, if any. */
export const pendingStripeOrder = (state: CheckoutState): PendingStripeOrder | null =>
  state.payment.kind === 'stripe' ? state.payment.pending : null;

/**
 * The address in use: the shopper's pick, else the default saved one (or the first) that can go on an
 * order as it is, else a new one. A saved address that needs updating (`savedAddressProblem`) is never
 * picked for the shopper.
 */
export function addressChoice(state: CheckoutState, saved: readonly SavedAddress[] | null): string {
  if (state.choice !== null) return state.choice;
  const usable = saved?.filter((a) => savedAddressProblem(a) === null) ?? [];
  const preferred = usable.find((a) => a.is_default) ?? usable[0];
  return preferred?.id ?? 'new';
}
