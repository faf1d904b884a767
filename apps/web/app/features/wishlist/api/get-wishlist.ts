import type { Wishlist } from '@shop/contracts/wishlist';
import { wishlist } from '@shop/contracts/wishlist';
import { contract } from '../../../lib/contract-check.ts';
import { api } from '../../../lib/http.ts';

/** GET wishlist: the signed-in shopper's saved products. */
export function getWishlist(): Promise<Wishlist> {
  return api.get('wishlist').json().then(contract(wishlist));
}
