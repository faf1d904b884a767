import type { AdminOrderDetail } from '@shop/contracts/admin-orders';
import { describe, expect, it } from 'vitest';
import { offeredActions, statusMoveOf } from './order-actions.ts';

const all = { process: true, ship: true, deliver: true, cancel: true, refund: true, mark_paid: true };
const offered = (status: AdminOrderDetail['status'], actions: AdminOrderDetail['actions'] = all) =>
  Object.entries(offeredActions({ status, actions }))
    .filter(([, on]) => on)
    .map(([action]) => action);

describe('the admin order actions', () => {
  it('offer only the moves the order lifecycle holds from the status', () => {
    expect(offered('paid')).toEqual(['process', 'ship', 'cancel', 'refund', 'mark_paid']);
    expect(offered('shipped')).toEqual(['deliver', 'refund', 'mark_paid']);
    expect(offered('cancelled')).toEqual(['refund', 'mark_paid']);
  });

  it('offer nothing the API does not allow now', () => {
    const none = { process: false, ship: false, deliver: false, cancel: false, refund: false, mark_paid: false };
    expect(offered('paid', none)).toEqual([]);
  });

  it('move the order where the lifecycle says', () => {
    expect(statusMoveOf('paid', 'process')).toBe('processing');
    expect(statusMoveOf('placed', 'ship')).toBe('shipped');
    expect(statusMoveOf('shipped', 'deliver')).toBe('delivered');
    expect(statusMoveOf('delivered', 'deliver')).toBeUndefined();
    expect(statusMoveOf('paid', 'cancel')).toBeUndefined();
  });
});
