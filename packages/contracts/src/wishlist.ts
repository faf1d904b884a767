import { z } from 'zod';
import { productId } from './cart.ts';
import { product } from './catalog.ts';

export const wishlistAddBody = z.strictObject({ product_id: productId });
export type WishlistAddBody = z.infer<typeof wishlistAddBody>;

export const wishlistParams = z.object({
  productId: z.string().max(200, 'productId must be at most 200 characters'),
});

/** The signed-in user's wishlist, newest first. */
export const wishlist = z.array(product);
export type Wishlist = z.infer<typeof wishlist>;
