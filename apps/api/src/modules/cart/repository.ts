import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, products, productVariants } from '../../db/schema.ts';
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

/** The cart's lines with their variants and products, oldest first. */
export function selectCartLines(ex: Executor, cartId: string): Promise<CartLineRow[]> {
  return ex
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      productId: products.id,
      slug: products.slug,
      name: products.name,
      images: products.images,
      published: products.published,
      options: products.options,
      variantId: productVariants.id,
      sku: productVariants.sku,
      option1: productVariants.option1,
      option2: productVariants.option2,
      option3: productVariants.option3,
      // What the line buys is the variant: its price, compare-at price, picture and stock (ADR 023).
      salePriceCents: sql<number>`coalesce(${productVariants.priceCents}, ${products.salePriceCents})`,
      regularPriceCents: sql<number>`coalesce(${productVariants.compareAtCents}, ${products.regularPriceCents})`,
      image: productVariants.image,
      available: productVariants.available,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** A variant's stock and whether its product is published. */
export async function variantStock(ex: Executor, variantId: string) {
  const [v] = await ex
    .select({ available: productVariants.available, published: products.published })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return v;
}

/**
 * Adds or increases the variant's line, checking its stock and MAX_LINE_QUANTITY in the same statement,
 * so parallel adds can neither lose an increment nor overshoot the stock (spec §4; DESIGN §6). The DO
 * UPDATE sees the latest committed line (it locks it), so its check is the authoritative one. False
 * when the checks refused it.
 */
export async function addToLine(
  tx: Tx,
  line: { cartId: string; productId: string; variantId: string; color: string; size: string; quantity: number },
): Promise<boolean> {
  const { cartId, productId, variantId, color, size, quantity: q } = line;
  const written = await tx.execute<{ id: string; quantity: number }>(sql`
    insert into cart_items (cart_id, product_id, variant_id, color, size, quantity, unit_price_cents)
    select ${cartId}::uuid, p.id, v.id, ${color}::text, ${size}::text, ${q}::int,
      coalesce(v.price_cents, p.sale_price_cents)
    from product_variants v join products p on p.id = v.product_id
    where v.id = ${variantId}::uuid and p.id = ${productId}::uuid
      and p.published
      and ${q}::int <= ${MAX_LINE_QUANTITY}::int
      and ${q}::int <= v.available
    on conflict (cart_id, variant_id) do update
      -- issue 4: the price the shopper saw when adding; checkout refuses (409) if it moved since.
      set quantity = cart_items.quantity + excluded.quantity, unit_price_cents = excluded.unit_price_cents
      where cart_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}::int
        and cart_items.quantity + excluded.quantity <= (
          select v.available from product_variants v join products p on p.id = v.product_id
          where v.id = cart_items.variant_id and p.published
        )
    returning id, quantity`);
  return written.rows.length > 0;
}

/** The quantity of the cart's line of this variant; 0 when there is none. */
export async function lineQuantity(ex: Executor, cartId: string, variantId: string): Promise<number> {
  const [row] = await ex
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  return row?.quantity ?? 0;
}

/** Sets a line's quantity if it fits its variant's stock; false otherwise. */
export async function setLineQuantity(tx: Tx, cartId: string, itemId: string, q: number): Promise<boolean> {
  // Atomic like add: the new quantity must fit the variant's stock.
  const updated = await tx.execute<{ id: string }>(sql`
    update cart_items ci set quantity = ${q}::int
    where ci.id = ${itemId}::uuid and ci.cart_id = ${cartId}::uuid
      and ${q}::int <= (
        select v.available from product_variants v join products p on p.id = v.product_id
        where v.id = ci.variant_id and p.published
      )
    returning ci.id`);
  return updated.rows.length > 0;
}

/** The variant of one of the cart's lines; undefined when the line is not the cart's. */
export async function variantOfLine(tx: Tx, cartId: string, itemId: string): Promise<string | undefined> {
  const [line] = await tx
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  return line?.variantId;
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
