import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, products } from '../../db/schema.ts';
import type { CartLineRow } from './wire.ts';

/** The cart's SQL: every statement on lines is scoped by the user's cart. */

type Executor = Db | Tx;

/** The user's cart id; the cart row is made on first use (`on conflict do nothing` is race-free). */
export async function cartIdOf(ex: Executor, userId: string, now: Date): Promise<string> {
  await ex.insert(carts).values({ userId, updatedAt: now }).onConflictDoNothing({ target: carts.userId });
  const [row] = await ex.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  if (!row) throw new Error('cart row missing after upsert');
  return row.id;
}

export async function touch(ex: Executor, cartId: string, now: Date) {
  await ex.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}

/** The cart's lines with their products, oldest first. */
export function selectCartLines(ex: Executor, cartId: string): Promise<CartLineRow[]> {
  return ex
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      color: cartItems.color,
      size: cartItems.size,
      productId: products.id,
      slug: products.slug,
      name: products.name,
      salePriceCents: products.salePriceCents,
      regularPriceCents: products.regularPriceCents,
      images: products.images,
      available: products.available,
      published: products.published,
      colors: products.colors,
      sizes: products.availableSizes,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** What adding a product needs to know of it. */
export async function productForLine(ex: Executor, productId: string) {
  const [product] = await ex
    .select({
      id: products.id,
      published: products.published,
      available: products.available,
      colors: products.colors,
      sizes: products.availableSizes,
    })
    .from(products)
    .where(eq(products.id, productId));
  return product;
}

/** A product's stock and whether it is published. */
export async function productStock(ex: Executor, productId: string) {
  const [p] = await ex
    .select({ available: products.available, published: products.published })
    .from(products)
    .where(eq(products.id, productId));
  return p;
}

/** How many of a product the cart holds, over all its lines (colours, sizes). */
export async function quantityInCart(ex: Executor, cartId: string, productId: string): Promise<number> {
  const [inCart] = await ex
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return inCart?.n ?? 0;
}

/**
 * Adds or increases a line, checking stock and MAX_LINE_QUANTITY in the same statement, so parallel adds
 * can neither lose an increment nor overshoot the stock (spec §4; DESIGN §6). The DO UPDATE sees the
 * latest committed line (it locks it), so its check is the authoritative one; the stock counts the
 * product's other lines (other colours/sizes) too. False when the checks refused it.
 */
export async function addToLine(
  tx: Tx,
  line: { cartId: string; productId: string; color: string; size: string; quantity: number },
): Promise<boolean> {
  const { cartId, productId, color, size, quantity: q } = line;
  const written = await tx.execute<{ id: string; quantity: number }>(sql`
    insert into cart_items (cart_id, product_id, color, size, quantity, unit_price_cents)
    select ${cartId}::uuid, p.id, ${color}::text, ${size}::text, ${q}::int, p.sale_price_cents
    from products p
    where p.id = ${productId}::uuid
      and p.published
      and ${q}::int <= ${MAX_LINE_QUANTITY}::int
      and ${q}::int + (
        select coalesce(sum(o.quantity), 0) from cart_items o where o.cart_id = ${cartId}::uuid and o.product_id = p.id
      ) <= p.available
    on conflict (cart_id, product_id, color, size) do update
      -- issue 4: the price the shopper saw when adding; checkout refuses (409) if it moved since.
      set quantity = cart_items.quantity + excluded.quantity, unit_price_cents = excluded.unit_price_cents
      where cart_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}::int
        and cart_items.quantity + excluded.quantity + (
          select coalesce(sum(o.quantity), 0) from cart_items o
          where o.cart_id = cart_items.cart_id and o.product_id = cart_items.product_id and o.id <> cart_items.id
        ) <= (select p.available from products p where p.id = cart_items.product_id and p.published)
    returning id, quantity`);
  return written.rows.length > 0;
}

/** The quantity of the line with this product, colour and size; 0 when there is none. */
export async function lineQuantity(
  tx: Tx,
  line: { cartId: string; productId: string; color: string; size: string },
): Promise<number> {
  const [row] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, line.cartId),
        eq(cartItems.productId, line.productId),
        eq(cartItems.color, line.color),
        eq(cartItems.size, line.size),
      ),
    );
  return row?.quantity ?? 0;
}

/** Sets a line's quantity if the new total of its product in the cart fits the stock; false otherwise. */
export async function setLineQuantity(tx: Tx, cartId: string, itemId: string, q: number): Promise<boolean> {
  // Atomic like add: the new total of this product in the cart must fit the stock.
  const updated = await tx.execute<{ id: string }>(sql`
    update cart_items ci set quantity = ${q}::int
    where ci.id = ${itemId}::uuid and ci.cart_id = ${cartId}::uuid
      and ${q}::int + (
        select coalesce(sum(o.quantity), 0) from cart_items o
        where o.cart_id = ci.cart_id and o.product_id = ci.product_id and o.id <> ci.id
      ) <= (select p.available from products p where p.id = ci.product_id and p.published)
    returning ci.id`);
  return updated.rows.length > 0;
}

/** The product of one of the cart's lines; undefined when the line is not the cart's. */
export async function productOfLine(tx: Tx, cartId: string, itemId: string): Promise<string | undefined> {
  const [line] = await tx
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  return line?.productId;
}

/** Deletes every line of a product; false when there was none. */
export async function deleteProductLines(tx: Tx, cartId: string, productId: string): Promise<boolean> {
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}

export async function deleteAllLines(tx: Tx, cartId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
}
