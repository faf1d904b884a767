import type { Wishlist } from '@shop/contracts/wishlist';
import { wishlist } from '@shop/contracts/wishlist';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** DELETE wishlist/:id: removes a saved product; answers the list. */
export function deleteWishlistItem(productId: string): Promise<Wishlist> {
  return api
    .delete(`wishlist/${encodeURIComponent(productId)}`)
    .json()
    .then(contract(wishlist));
}
