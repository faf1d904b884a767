import type { Order, PlaceOrderBody } from '@shop/contracts/orders';
import { order } from '@shop/contracts/orders';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** crypto.randomUUID exists only in secure contexts; a shop served over plain http needs keys too. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/orders. Every submit gets a new Idempotency-Key; the HTTP client's automatic retries of
 * this one request reuse it, so a retry never places a second order (docs/architecture.md §5, ADR 003).
 */
export function placeOrder(body: PlaceOrderBody): Promise<Order> {
  return api
    .post('orders', { json: body, headers: { 'idempotency-key': newKey() } })
    .json()
    .then(contract(order));
}
