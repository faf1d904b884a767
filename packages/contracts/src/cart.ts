import { z } from 'zod';
import { publicUser } from './auth.ts';
import { MAX_LINE_QUANTITY } from './constants.ts';

const quantity = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`);

const option = (name: string) => z.string().trim().max(50, `${name} must be at most 50 characters`).optional();

/** spec §7: {product_id (string)}; quantity, colour and size are ours. */
export const addToCartBody = z.strictObject({
  product_id: z.string({ error: 'product_id is required' }).min(1, 'product_id is required').max(200),
  quantity: quantity.default(1),
  color: option('color'),
  size: option('size'),
});
export type AddToCartBody = z.infer<typeof addToCartBody>;

export const updateCartItemBody = z.strictObject({ quantity });

export const cartProduct = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  sale_price: z.number(),
  regular_price: z.number(),
  images: z.array(z.string()),
  available: z.number().int(),
  in_stock: z.boolean(),
});

export const cartItem = z.object({
  id: z.string(),
  product: cartProduct,
  quantity: z.number().int(),
  color: z.string().nullable(),
  size: z.string().nullable(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cart = z.object({
  id: z.string(),
  cart_items: z.array(cartItem),
  total_items: z.number().int(),
  total_price: z.number(),
});
export type Cart = z.infer<typeof cart>;

/** GET users/me: the profile with the server cart (spec §3, §7). */
export const profile = publicUser.extend({ cart });
export type Profile = z.infer<typeof profile>;
