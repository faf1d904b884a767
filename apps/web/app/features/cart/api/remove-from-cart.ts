import type { Cart } from '@shop/contracts/cart';
import { cart as cartAnswer } from '@shop/contracts/cart';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** DELETE products/remove-from-cart/:id (docs/product.md §4): removes every line of a product; answers the cart. */
export function deleteCartProduct(productId: string): Promise<Cart> {
  return api
    .delete(`products/remove-from-cart/${encodeURIComponent(productId)}`)
    .json()
    .then(contract(cartAnswer));
}
