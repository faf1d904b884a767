import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, users } from '../../db/schema.ts';
import type { RequestedLine } from './types.ts';

type Executor = Db | Tx;

/**
 * The account's e-mail and its server cart, oldest line first, with each line's variant and price
 * snapshot: one statement. Undefined when the account is gone; `cartId` null without a cart.
 */
export async function accountCart(
  ex: Executor,
  userId: string,
): Promise<{ email: string; cartId: string | null; lines: RequestedLine[] } | undefined> {
  const rows = await ex
    .select({ email: users.email, cartId: carts.id, item: cartItems })
    .from(users)
    .leftJoin(carts, eq(carts.userId, users.id))
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(eq(users.id, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const [first] = rows;
  if (!first) return undefined;
  const lines: RequestedLine[] = [];
  for (const { item: r } of rows) {
    if (!r) continue;
    lines.push({
      productId: r.productId,
      variantId: r.variantId,
      quantity: r.quantity,
      color: r.color || null,
      size: r.size || null,
      expectedPriceCents: r.unitPriceCents,
      cartItemId: r.id,
    });
  }
  return { email: first.email, cartId: first.cartId, lines };
}
