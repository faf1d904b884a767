import { ORDER_STATUSES, type OrderStatus } from './orders.ts';

/**
 * The order's lifecycle (docs/product.md §4, docs/adr/045-order-lifecycle.md): its states, the moves
 * between them, who may make each and what each implies. The one place these are written; the API refuses a status change this table does not hold, its SQL
 * takes its lists of statuses from here, and the storefront's timeline and the admin's buttons read it.
 *
 * A new order starts `awaiting_payment` (by card) or `placed` (pay later); nothing moves an order back
 * into either.
 */

/**
 * Who moves an order: the shopper (their own order), staff (the admin area), the payment (a card
 * settled, declined or refused; a refund the provider confirms later) and the sweep of unpaid orders
 * whose time ran out.
 */
export const ORDER_ACTORS = ['shopper', 'staff', 'payment', 'sweep'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** What an order in a state counts for. */
export interface OrderStateFacts {
  /** The step of the usual road it shows as in the shopper's timeline (a card order waiting is placed). */
  step: OrderStatus | null;
  /** What it waits for before it is paid: a card payment, a pay-later invoice, or nothing. */
  waitsFor: 'card' | 'invoice' | null;
  /** Off the road for good: cancelled or refunded. */
  closed: boolean;
  /** A sale: its goods left the stock for good, and its money counts in revenue. */
  sold: boolean;
  /**
   * Whether its customer may review what it bought (and the review is shown): always, only once its
   * money was taken (a pay-later order prepared before it is paid), or never.
   */
  reviews: 'yes' | 'when_paid' | 'no';
}

export const ORDER_STATES: Record<OrderStatus, OrderStateFacts> = {
  awaiting_payment: { step: 'placed', waitsFor: 'card', closed: false, sold: false, reviews: 'no' },
  placed: { step: 'placed', waitsFor: 'invoice', closed: false, sold: true, reviews: 'no' },
  paid: { step: 'paid', waitsFor: null, closed: false, sold: true, reviews: 'yes' },
  processing: { step: 'processing', waitsFor: null, closed: false, sold: true, reviews: 'when_paid' },
  shipped: { step: 'shipped', waitsFor: null, closed: false, sold: true, reviews: 'yes' },
  delivered: { step: 'delivered', waitsFor: null, closed: false, sold: true, reviews: 'yes' },
  cancelled: { step: null, waitsFor: null, closed: true, sold: false, reviews: 'no' },
  refunded: { step: null, waitsFor: null, closed: true, sold: true, reviews: 'no' },
};

/** The road an order travels when all goes well (docs/product.md §4), as the shopper's timeline shows it. */
export const ORDER_ROAD: readonly OrderStatus[] = ['placed', 'paid', 'processing', 'shipped', 'delivered'];

/** The mail a move sends its shopper (none for a move that sends nothing). */
export type OrderMail =
  | 'confirmation'
  | 'invoice_paid'
  | 'processing'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'hold_expired'
  | 'refunded';

/** The staff action (the admin's button, `actions` in the order's detail) that makes a move. */
export type StaffAction = 'process' | 'ship' | 'deliver' | 'cancel' | 'refund' | 'mark_paid';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly OrderActor[];
  /** The staff action that makes it, when staff may. */
  action?: StaffAction;
  /** Only while the order's pay-later invoice is open (it ships before it is paid: that is paying later). */
  needsOpenInvoice?: true;
  /** Its stock goes back, its discount use is given back and an open invoice is voided. */
  restock?: true;
  /** Money taken and not yet given back is refunded with it. */
  refundsPayment?: true;
  mail: Partial<Record<OrderActor, OrderMail>>;
}

const CANCEL = { restock: true, refundsPayment: true, action: 'cancel' } as const;
const REFUND = { by: ['staff', 'payment'], action: 'refund', mail: { staff: 'refunded' } } as const;

export const ORDER_LIFECYCLE: readonly OrderTransition[] = [
  // A card payment settles, or fails; the shopper or staff give up; the sweep ends an abandoned one.
  { from: 'awaiting_payment', to: 'paid', by: ['payment'], mail: { payment: 'confirmation' } },
  {
    from: 'awaiting_payment',
    to: 'cancelled',
    by: ['shopper', 'staff', 'payment', 'sweep'],
    ...CANCEL,
    mail: { staff: 'cancelled' },
  },
  // A pay-later order: staff mark its invoice paid, or prepare and ship it before it is paid.
  { from: 'placed', to: 'paid', by: ['staff'], action: 'mark_paid', mail: { staff: 'invoice_paid' } },
  {
    from: 'placed',
    to: 'processing',
    by: ['staff'],
    action: 'process',
    needsOpenInvoice: true,
    mail: { staff: 'processing' },
  },
  { from: 'placed', to: 'shipped', by: ['staff'], action: 'ship', needsOpenInvoice: true, mail: { staff: 'shipped' } },
  // A guest's invoice unpaid when its hold ends is cancelled by the sweep.
  {
    from: 'placed',
    to: 'cancelled',
    by: ['shopper', 'staff', 'sweep'],
    ...CANCEL,
    mail: { staff: 'cancelled', sweep: 'hold_expired' },
  },
  { from: 'paid', to: 'processing', by: ['staff'], action: 'process', mail: { staff: 'processing' } },
  { from: 'paid', to: 'shipped', by: ['staff'], action: 'ship', mail: { staff: 'shipped' } },
  { from: 'paid', to: 'cancelled', by: ['shopper', 'staff'], ...CANCEL, mail: { staff: 'cancelled' } },
  { from: 'paid', to: 'refunded', ...REFUND },
  { from: 'processing', to: 'shipped', by: ['staff'], action: 'ship', mail: { staff: 'shipped' } },
  { from: 'processing', to: 'cancelled', by: ['shopper', 'staff'], ...CANCEL, mail: { staff: 'cancelled' } },
  { from: 'processing', to: 'refunded', ...REFUND },
  { from: 'shipped', to: 'delivered', by: ['staff'], action: 'deliver', mail: { staff: 'delivered' } },
  { from: 'shipped', to: 'refunded', ...REFUND },
  { from: 'delivered', to: 'refunded', ...REFUND },
  // A card payment that arrived after its order was cancelled, whose automatic refund failed: staff
  // refund it by hand (a refund the provider confirms later leaves the order cancelled).
  { from: 'cancelled', to: 'refunded', by: ['staff'], action: 'refund', mail: { staff: 'refunded' } },
];

/** The move from `from` to `to`, whoever makes it; undefined when the table has none. */
export function transitionOf(from: OrderStatus, to: OrderStatus): OrderTransition | undefined {
  return ORDER_LIFECYCLE.find((t) => t.from === from && t.to === to);
}

/** What a guarded move depends on besides the status. */
export interface TransitionFacts {
  /** The order's pay-later invoice is open. */
  invoiceOpen?: boolean;
}

/**
 * May `actor` move an order from `from` to `to`? Without `facts` only the table is asked; with them a
 * move that needs an open invoice needs it.
 */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor, facts?: TransitionFacts): boolean {
  const t = transitionOf(from, to);
  if (!t?.by.includes(actor)) return false;
  return !(facts && t.needsOpenInvoice && !facts.invoiceOpen);
}

/** Where `actor` may move an order from `from`, in the table's order. */
export function allowedTransitions(from: OrderStatus, actor: OrderActor, facts?: TransitionFacts): OrderStatus[] {
  return ORDER_LIFECYCLE.filter((t) => t.from === from && canTransition(from, t.to, actor, facts)).map((t) => t.to);
}

/** The states `actor` may move an order to `to` from (the SQL's `status in (…)` of that move). */
export function sourcesOf(to: OrderStatus, actor: OrderActor): OrderStatus[] {
  return ORDER_LIFECYCLE.filter((t) => t.to === to && t.by.includes(actor)).map((t) => t.from);
}

/** The states whose facts match, in the statuses' order. */
export function statesWhere(match: (facts: OrderStateFacts, status: OrderStatus) => boolean): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => match(ORDER_STATES[s], s));
}

/** May `actor` cancel an order in this state? (The shopper's "Cancel order", the admin's button.) */
export function isCancellable(status: OrderStatus, actor: OrderActor = 'shopper'): boolean {
  return canTransition(status, 'cancelled', actor);
}

/** Does a purchase in this state let its customer review it (`paymentTaken`: its money is in)? */
export function countsForReviews(status: OrderStatus, paymentTaken: boolean): boolean {
  const r = ORDER_STATES[status].reviews;
  return r === 'yes' || (r === 'when_paid' && paymentTaken);
}

/** May staff refund money of an order in this state (what is left of it decides how much)? */
export function isRefundable(status: OrderStatus): boolean {
  return canTransition(status, 'refunded', 'staff');
}

/** Nothing more is to come on the usual road: delivered, or off it for good. */
export function hasEnded(status: OrderStatus): boolean {
  return ORDER_STATES[status].closed || status === ORDER_ROAD[ORDER_ROAD.length - 1];
}

/** The staff move an action makes from `from`, if any. */
export function staffMoveOf(from: OrderStatus, action: StaffAction): OrderTransition | undefined {
  return ORDER_LIFECYCLE.find((t) => t.from === from && t.action === action && t.by.includes('staff'));
}
