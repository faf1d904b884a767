import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS } from './admin-orders.ts';
import {
  allowedTransitions,
  canTransition,
  countsForReviews,
  hasEnded,
  isCancellable,
  isRefundable,
  ORDER_ACTORS,
  ORDER_LIFECYCLE,
  ORDER_ROAD,
  ORDER_STATES,
  sourcesOf,
  staffMoveOf,
  statesWhere,
} from './order-lifecycle.ts';
import { ORDER_STATUSES } from './orders.ts';

const status = fc.constantFrom(...ORDER_STATUSES);
const actor = fc.constantFrom(...ORDER_ACTORS);

describe('the order lifecycle table', () => {
  it('holds each move once, between two different states, made by someone', () => {
    const keys = ORDER_LIFECYCLE.map((t) => `${t.from}>${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const t of ORDER_LIFECYCLE) {
      expect(t.from).not.toBe(t.to);
      expect(t.by.length).toBeGreaterThan(0);
    }
  });

  it('never moves an order back into a state it starts in, nor out of refunded', () => {
    expect(ORDER_LIFECYCLE.filter((t) => t.to === 'awaiting_payment' || t.to === 'placed')).toEqual([]);
    expect(allowedTransitions('refunded', 'staff')).toEqual([]);
  });

  it('reads the same through canTransition, allowedTransitions and sourcesOf', () => {
    fc.assert(
      fc.property(status, status, actor, (from, to, who) => {
        const can = canTransition(from, to, who);
        expect(allowedTransitions(from, who).includes(to)).toBe(can);
        expect(sourcesOf(to, who).includes(from)).toBe(can);
      }),
    );
  });

  it('lets a shopper only cancel, before shipment', () => {
    for (const from of ORDER_STATUSES)
      expect(allowedTransitions(from, 'shopper')).toEqual(isCancellable(from) ? ['cancelled'] : []);
    expect(statesWhere((_, s) => isCancellable(s))).toEqual(['awaiting_payment', 'placed', 'paid', 'processing']);
  });

  it('lets staff process, ship and deliver along the road', () => {
    expect(allowedTransitions('paid', 'staff')).toEqual(['processing', 'shipped', 'cancelled', 'refunded']);
    expect(allowedTransitions('processing', 'staff')).toEqual(['shipped', 'cancelled', 'refunded']);
    expect(allowedTransitions('shipped', 'staff')).toEqual(['delivered', 'refunded']);
    expect(allowedTransitions('delivered', 'staff')).toEqual(['refunded']);
  });

  it('prepares or ships a pay-later order only while its invoice is open', () => {
    expect(canTransition('placed', 'shipped', 'staff')).toBe(true);
    expect(canTransition('placed', 'shipped', 'staff', { invoiceOpen: false })).toBe(false);
    expect(canTransition('placed', 'shipped', 'staff', { invoiceOpen: true })).toBe(true);
    expect(canTransition('paid', 'shipped', 'staff', { invoiceOpen: false })).toBe(true);
    expect(allowedTransitions('placed', 'staff', { invoiceOpen: false })).toEqual(['paid', 'cancelled']);
  });

  it('lets the payment settle or fail a card order, and the sweep end only unpaid ones', () => {
    expect(allowedTransitions('awaiting_payment', 'payment')).toEqual(['paid', 'cancelled']);
    expect(sourcesOf('cancelled', 'sweep')).toEqual(['awaiting_payment', 'placed']);
    expect(sourcesOf('refunded', 'payment')).toEqual(['paid', 'processing', 'shipped', 'delivered']);
  });

  it('restocks and refunds exactly on a cancel', () => {
    for (const t of ORDER_LIFECYCLE) {
      expect(Boolean(t.restock)).toBe(t.to === 'cancelled');
      expect(Boolean(t.refundsPayment)).toBe(t.to === 'cancelled');
    }
  });

  it('names a staff action for every move staff make, one per state and action', () => {
    for (const t of ORDER_LIFECYCLE.filter((m) => m.by.includes('staff'))) {
      expect(t.action).toBeDefined();
      expect(staffMoveOf(t.from, t.action ?? 'cancel')).toBe(t);
    }
  });
});

describe('what a state counts for', () => {
  it('counts a review for paid, shipped and delivered purchases, processing ones once paid', () => {
    expect(statesWhere((_, s) => countsForReviews(s, false))).toEqual(['paid', 'shipped', 'delivered']);
    expect(statesWhere((_, s) => countsForReviews(s, true))).toEqual(['paid', 'processing', 'shipped', 'delivered']);
  });

  it('shows every state on the road or closes it', () => {
    for (const s of ORDER_STATUSES) {
      const { step, closed } = ORDER_STATES[s];
      expect(step === null).toBe(closed);
      if (step) expect(ORDER_ROAD).toContain(step);
    }
    expect(statesWhere((_, s) => hasEnded(s))).toEqual(['delivered', 'cancelled', 'refunded']);
  });

  it('refunds money only of orders that can hold it', () => {
    expect(statesWhere((_, s) => isRefundable(s))).toEqual(['paid', 'processing', 'shipped', 'delivered', 'cancelled']);
  });

  it('counts every order as a sale but an unpaid card attempt and a cancelled one', () => {
    expect(statesWhere((f) => !f.sold)).toEqual(['awaiting_payment', 'cancelled']);
  });
});

describe("the admin's status action", () => {
  it('sets exactly the statuses the lifecycle reaches by process, ship and deliver, and each sends its mail', () => {
    const moves = ORDER_LIFECYCLE.filter(
      (t) => t.action === 'process' || t.action === 'ship' || t.action === 'deliver',
    );
    expect([...new Set(moves.map((t) => t.to))].sort()).toEqual([...ORDER_TRANSITIONS].sort());
    for (const t of moves) expect(t.mail.staff).toBe(t.to);
  });
});
