import type { Order } from '@shop/contracts/orders';
import { order } from '@shop/contracts/orders';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/**
 * POST /api/orders/:id/confirm-payment: the shopper's answer in the bank's confirmation step.
 * approve → the paid order; refuse → 402 (the order is cancelled and restocked, the cart kept).
 */
export function confirmPayment(orderId: string, token: string, approve: boolean): Promise<Order> {
  return api
    .post(`orders/${encodeURIComponent(orderId)}/confirm-payment`, { json: { token, approve } })
    .json()
    .then(contract(order));
}
