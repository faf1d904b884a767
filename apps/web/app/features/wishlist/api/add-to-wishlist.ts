import type { Wishlist } from '@shop/contracts/wishlist';
import { wishlist } from '@shop/contracts/wishlist';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** POST wishlist: saves a product; answers the list. */
export function postWishlistItem(productId: string): Promise<Wishlist> {
  return api
    .post('wishlist', { json: { product_id: productId } })
    .json()
    .then(contract(wishlist));
}

/** POST wishlist for a guest's product at sign-in, under its Idempotency-Key; the answer is not read. */
export function postGuestWishlistItem(productId: string, idempotencyKey: string) {
  return api.post('wishlist', { json: { product_id: productId }, headers: { 'idempotency-key': idempotencyKey } });
}
