import type { Order } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline.ts';

const at = (day: number) => `2030-01-0${day}T10:00:00.000Z`;
const event = (status: Order['status'], day: number, note: string | null = null) => ({ status, at: at(day), note });
const summary = (steps: ReturnType<typeof buildTimeline>) => steps.map((s) => `${s.label}:${s.state}`);

describe('buildTimeline', () => {
  it('a paid card order: placed and paid happened, the rest is to come', () => {
    const steps = buildTimeline({
      status: 'paid',
      events: [event('awaiting_payment', 1, 'Order placed; waiting for the card payment'), event('paid', 1)],
    });
    expect(summary(steps)).toEqual([
      'Placed:done',
      'Paid:current',
      'Processing:upcoming',
      'Shipped:upcoming',
      'Delivered:upcoming',
    ]);
    expect(steps[0]).toMatchObject({ at: at(1), note: 'Order placed; waiting for the card payment' });
    expect(steps[2]).toMatchObject({ at: null, note: null });
  });

  it('a pay-later order still has its payment to come', () => {
    expect(summary(buildTimeline({ status: 'placed', events: [event('placed', 1)] }))).toEqual([
      'Placed:current',
      'Paid:upcoming',
      'Processing:upcoming',
      'Shipped:upcoming',
      'Delivered:upcoming',
    ]);
  });

  it('a shipped order has only delivery to come, even when a step was skipped', () => {
    const steps = buildTimeline({ status: 'shipped', events: [event('placed', 1), event('shipped', 3)] });
    expect(summary(steps)).toEqual(['Placed:done', 'Shipped:current', 'Delivered:upcoming']);
  });

  it('a cancelled, refunded or delivered order has nothing to come', () => {
    expect(
      summary(buildTimeline({ status: 'cancelled', events: [event('placed', 1), event('cancelled', 2)] })),
    ).toEqual(['Placed:done', 'Cancelled:current']);
    expect(
      summary(
        buildTimeline({
          status: 'refunded',
          events: [event('awaiting_payment', 1), event('paid', 1), event('refunded', 4)],
        }),
      ),
    ).toEqual(['Placed:done', 'Paid:done', 'Refunded:current']);
    expect(
      summary(buildTimeline({ status: 'delivered', events: [event('placed', 1), event('delivered', 5)] })),
    ).toEqual(['Placed:done', 'Delivered:current']);
  });
});
