import type { Order, PlaceOrderBody } from '@shop/contracts/orders';
import { api, newIdempotencyKey } from '../../../lib/http.ts';

/**
 * POST /api/orders. Every submit gets a new Idempotency-Key; the HTTP client's automatic retries of
 * this one request reuse it, so a retry never places a second order (docs/architecture.md §5, ADR 003).
 */
export function placeOrder(body: PlaceOrderBody): Promise<Order> {
  return api.post('orders', { json: body, headers: { 'idempotency-key': newIdempotencyKey() } }).json<Order>();
}
