import type { Order } from '@shop/contracts/orders';
import { api } from '../../../lib/http.ts';

/**
 * POST /api/orders/:id/sync-payment: after Stripe.js confirmed the PaymentIntent, the shop
 * asks Stripe itself and answers the order — paid, or still awaiting payment with Stripe's
 * `failure_message` (the shopper may try again). The client secret is the proof the browser holds.
 */
export function syncPayment(orderId: string, clientSecret: string): Promise<Order> {
  return api
    .post(`orders/${encodeURIComponent(orderId)}/sync-payment`, { json: { token: clientSecret } })
    .json<Order>();
}
