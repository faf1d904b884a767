import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, users } from '../../db/schema.ts';
import type { RequestedLine } from './types.ts';

type Executor = Db | Tx;

/** The signed-in user's server cart, oldest line first, with each line's variant and price snapshot. */
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
      variantId: r.variantId,
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
