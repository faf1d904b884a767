import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, products, users } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ProductInfo, RequestedLine } from './types.ts';

type Executor = Db | Tx;

/** The products of these ids as checkout needs them; unknown and malformed ids are left out. */
export async function readProducts(ex: Executor, ids: string[]): Promise<Map<string, ProductInfo>> {
  const valid = [...new Set(ids.filter((id) => isUuid(id)))];
  if (valid.length === 0) return new Map();
  const rows = await ex
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      priceCents: products.salePriceCents,
      available: products.available,
      published: products.published,
      colors: products.colors,
      sizes: products.availableSizes,
    })
    .from(products)
    .where(inArray(products.id, valid));
  return new Map(rows.map((r) => [r.id, { ...r, image: r.images[0] ?? null }]));
}

/** The signed-in user's server cart, oldest line first, with each line's price snapshot. */
export async function cartLines(
  ex: Executor,
  userId: string,
): Promise<{ cartId: string | null; lines: RequestedLine[] }> {
  const [cart] = await ex.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  if (!cart) return { cartId: null, lines: [] };
  const rows = await ex
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return {
    cartId: cart.id,
    lines: rows.map((r) => ({
      productId: r.productId,
      quantity: r.quantity,
      color: r.color || null,
      size: r.size || null,
      expectedPriceCents: r.unitPriceCents,
      cartItemId: r.id,
    })),
  };
}

/** The account's e-mail; undefined when the account is gone. */
export async function userEmail(ex: Executor, userId: string): Promise<string | undefined> {
  const [user] = await ex.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}
