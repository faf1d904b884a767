import type { Cart } from '@shop/contracts/cart';
import { cart as cartAnswer } from '@shop/contracts/cart';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** A line as POST products/add-to-cart takes it: a product, its variant, a quantity, colour and size. */
export interface AddedLine {
  productId: string;
  variantId?: string | null;
  quantity: number;
  color?: string | null;
  size?: string | null;
}

/**
 * POST products/add-to-cart (docs/product.md §4): adds a line to the signed-in shopper's cart, under an
 * Idempotency-Key when one is given (a guest's line sent at sign-in); answers the server's cart.
 */
export function postCartLine(line: AddedLine, idempotencyKey?: string): Promise<Cart> {
  return api
    .post('products/add-to-cart', {
      json: {
        product_id: line.productId,
        ...(line.variantId ? { variant_id: line.variantId } : {}),
        quantity: line.quantity,
        ...(line.color ? { color: line.color } : {}),
        ...(line.size ? { size: line.size } : {}),
      },
      ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
    })
    .json()
    .then(contract(cartAnswer));
}
