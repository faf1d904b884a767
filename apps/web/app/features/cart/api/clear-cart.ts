import type { Cart } from '@shop/contracts/cart';
import { cart as cartAnswer } from '@shop/contracts/cart';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** DELETE products/clear-cart (docs/product.md §4): empties the cart; answers it. */
export function deleteCart(): Promise<Cart> {
  return api.delete('products/clear-cart').json().then(contract(cartAnswer));
}
