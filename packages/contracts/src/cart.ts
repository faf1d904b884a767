import { z } from 'zod';
import { publicUser } from './auth.ts';
import { MAX_LINE_QUANTITY } from './constants.ts';

/** Range before wholeness, so 1e308 reads 'at most 999' rather than 'whole number'. */
const quantity = z
  .number({ error: 'quantity must be a number' })
  .min(1, 'quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`)
  .int('quantity must be a whole number');

const option = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .trim()
    .max(50, `${name} must be at most 50 characters`)
    .optional();

/** A product id as the client sends it; an unknown or malformed one is answered 404 by the service. */
export const productId = z
  .string({ error: (iss) => (iss.input === undefined ? 'product_id is required' : 'product_id must be a string') })
  .min(1, 'product_id is required')
  .max(200, 'product_id must be at most 200 characters');

/** A variant id as the client sends it; an unknown one is refused by the service. */
export const variantId = z
  .string({ error: 'variant_id must be a string' })
  .min(1, 'variant_id must not be empty')
  .max(200, 'variant_id must be at most 200 characters');

/**
 * docs/product.md §7: {product_id (string)}; quantity, colour and size are ours. A product that offers colours
 * or sizes needs one of each, checked against the product by the service.
 */
export const addToCartBody = z.strictObject({
  product_id: productId,
  /** The variant bought; without it, colour and size pick it (or the product's only one). */
  variant_id: variantId.optional(),
  quantity: quantity.default(1),
  color: option('color'),
  size: option('size'),
});
export type AddToCartBody = z.infer<typeof addToCartBody>;

export const updateCartItemBody = z.strictObject({ quantity });
export type UpdateCartItemBody = z.infer<typeof updateCartItemBody>;

/** `:id` of remove-from-cart is the product id (docs/product.md §4: remove deletes by product id). */
export const removeFromCartParams = z.object({ id: z.string().max(200, 'id must be at most 200 characters') });
export const cartItemParams = z.object({ itemId: z.string().max(200, 'itemId must be at most 200 characters') });

/**
 * docs/architecture.md §5: requests that create things may carry an `Idempotency-Key`; a retry with the same key
 * gets the first answer instead of running again. Printable ASCII without spaces, 1–200 characters.
 */
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency-Key must be 1 to 200 visible characters (no spaces)');
/** Headers schema of a route that honours Idempotency-Key; loose, so the other headers stay. */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey.optional() });

export const cartProduct = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  sale_price: z.number(),
  regular_price: z.number(),
  images: z.array(z.string()),
  available: z.number().int(),
  in_stock: z.boolean(),
  /** The tax class the line is taxed in: its variant's, else the product's. */
  tax_class: z.string(),
});

export const cartItem = z.object({
  id: z.string(),
  product: cartProduct,
  /** The variant the line buys, its SKU and its values of the product's options. */
  variant_id: z.string(),
  sku: z.string(),
  options: z.array(z.string()),
  quantity: z.number().int(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  /** Choices the product requires that this line lacks (a line from before they were required). */
  missing_choices: z.array(z.enum(['color', 'size'])),
});
export type CartItem = z.infer<typeof cartItem>;

export const cart = z.object({
  id: z.string(),
  cart_items: z.array(cartItem),
  total_items: z.number().int(),
  total_price: z.number(),
});
export type Cart = z.infer<typeof cart>;

/** GET users/me: the profile with the server cart (docs/product.md §3, §7). */
export const profile = publicUser.extend({ cart });
export type Profile = z.infer<typeof profile>;
