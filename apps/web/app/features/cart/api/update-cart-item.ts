import type { Cart } from '@shop/contracts/cart';
import { cart as cartAnswer } from '@shop/contracts/cart';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** PATCH products/cart-items/:id (docs/product.md §4): sets one line's quantity; answers the cart. */
export function patchCartItem(id: string, quantity: number): Promise<Cart> {
  return api
    .patch(`products/cart-items/${encodeURIComponent(id)}`, { json: { quantity } })
    .json()
    .then(contract(cartAnswer));
}
