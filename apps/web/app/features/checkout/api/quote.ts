import type { CheckoutBase, Quote } from '@shop/contracts/orders';
import { quote } from '@shop/contracts/orders';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** POST /api/checkout/quote: exact totals for this body at current prices; writes nothing. */
export function getQuote(body: CheckoutBase, signal?: AbortSignal): Promise<Quote> {
  return api.post('checkout/quote', { json: body, signal }).json().then(contract(quote));
}
