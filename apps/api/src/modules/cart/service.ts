import type { AddToCartBody, Cart, UpdateCartItemBody } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { fromCents } from '@shop/contracts/money';
import { chooseLineOptions, missingChoices } from '@shop/contracts/product-options';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, products } from '../../db/schema.ts';
import { badRequest, notFound, unprocessable } from '../../errors.ts';
import { hashRequest, withIdempotency } from '../../lib/idempotency.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';

type Executor = Db | Tx;

const MSG = {
  productNotFound: 'Product not found',
  notInCart: 'This product is not in your cart',
  itemNotFound: 'Cart item not found',
  outOfStock: 'This product is out of stock',
  maxLine: `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart`,
  onlyLeft: (n: number) => `Only ${n} left in stock`,
} as const;

/**
 * The signed-in user's cart (spec §4, §7). The cart is always the token's own: no user or cart id
 * ever comes from the client, and every statement is scoped by the user's cart.
 */
export function createCartService({ db, clock }: Deps) {
  /** The user's cart id; the cart row is made on first use (`on conflict do nothing` is race-free). */
  async function cartIdOf(ex: Executor, userId: string): Promise<string> {
    await ex.insert(carts).values({ userId, updatedAt: clock.now() }).onConflictDoNothing({ target: carts.userId });
    const [row] = await ex.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    if (!row) throw new Error('cart row missing after upsert');
    return row.id;
  }

  async function touch(ex: Executor, cartId: string) {
    await ex.update(carts).set({ updatedAt: clock.now() }).where(eq(carts.id, cartId));
  }

  async function readCart(ex: Executor, cartId: string): Promise<Cart> {
    const rows = await ex
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

    // spec §4: total items = sum of quantities; total price = sum of sale_price × quantity (in cents).
    let totalItems = 0;
    let totalCents = 0;
    const items = rows.map((r) => {
      totalItems += r.quantity;
      totalCents += r.salePriceCents * r.quantity;
      return {
        id: r.id,
        product: {
          id: r.productId,
          slug: r.slug,
          name: r.name,
          sale_price: fromCents(r.salePriceCents),
          regular_price: fromCents(r.regularPriceCents),
          images: r.images,
          available: r.available,
          in_stock: r.published && r.available > 0,
        },
        quantity: r.quantity,
        // '' is the stored "no choice" (it keeps the line's unique key total); the wire says null.
        color: r.color || null,
        size: r.size || null,
        // A line made before choices were required (issue 11): the cart asks for them, checkout refuses.
        missing_choices: missingChoices({ color: r.color || null, size: r.size || null }, r),
      };
    });
    return { id: cartId, cart_items: items, total_items: totalItems, total_price: fromCents(totalCents) };
  }

  /** Why an atomic stock-checked write touched no row, as the 422 the shopper sees. */
  async function stockRefusal(ex: Executor, cartId: string, productId: string, wantedLineTotal: number) {
    const [p] = await ex
      .select({ available: products.available, published: products.published })
      .from(products)
      .where(eq(products.id, productId));
    if (!p?.published) return notFound(MSG.productNotFound);
    if (wantedLineTotal > MAX_LINE_QUANTITY) return unprocessable(MSG.maxLine, { max: MAX_LINE_QUANTITY });
    if (p.available <= 0) return unprocessable(MSG.outOfStock, { available: 0 });
    const [inCart] = await ex
      .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
    return unprocessable(MSG.onlyLeft(p.available), { available: p.available, in_cart: inCart?.n ?? 0 });
  }

  async function add(tx: Tx, userId: string, input: AddToCartBody): Promise<Cart> {
    if (!isUuid(input.product_id)) throw notFound(MSG.productNotFound);
    const [product] = await tx
      .select({
        id: products.id,
        published: products.published,
        available: products.available,
        colors: products.colors,
        sizes: products.availableSizes,
      })
      .from(products)
      .where(eq(products.id, input.product_id));
    if (!product?.published) throw notFound(MSG.productNotFound);
    // Issue 11 point 6: a product with colours or sizes is never in a cart without its choice.
    const choice = chooseLineOptions(input, product);
    if (!choice.ok) throw badRequest(choice.message, choice.details);
    // '' is the stored "no choice" (it keeps the line's unique key total).
    const color = choice.color ?? '';
    const size = choice.size ?? '';
    if (product.available <= 0) throw unprocessable(MSG.outOfStock, { available: 0 });

    const cartId = await cartIdOf(tx, userId);
    const q = input.quantity;
    // One statement adds or increases the line and checks stock and MAX_LINE_QUANTITY, so parallel
    // adds can neither lose an increment nor overshoot the stock (spec §4; DESIGN §6). The DO UPDATE
    // sees the latest committed line (it locks it), so its check is the authoritative one; the stock
    // counts the product's other lines (other colours/sizes) too. The cart is not a reservation:
    // checkout checks stock again.
    const written = await tx.execute<{ id: string; quantity: number }>(sql`
      insert into cart_items (cart_id, product_id, color, size, quantity, unit_price_cents)
      select ${cartId}::uuid, p.id, ${color}::text, ${size}::text, ${q}::int, p.sale_price_cents
      from products p
      where p.id = ${product.id}::uuid
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
    if (written.rows.length === 0) {
      const [line] = await tx
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(
          and(
            eq(cartItems.cartId, cartId),
            eq(cartItems.productId, product.id),
            eq(cartItems.color, color),
            eq(cartItems.size, size),
          ),
        );
      throw await stockRefusal(tx, cartId, product.id, (line?.quantity ?? 0) + q);
    }
    await touch(tx, cartId);
    return readCart(tx, cartId);
  }

  return {
    /** The user's cart with totals; an empty cart is created on first use. */
    async getCart(userId: string): Promise<Cart> {
      return readCart(db, await cartIdOf(db, userId));
    },

    /**
     * Adds `quantity` of a product (spec §7 add-to-cart); an existing line (same product, colour and
     * size) grows by that amount (spec §4). With an Idempotency-Key a retry returns the first answer.
     * Throws 404 unknown/unpublished product, 400 bad colour/size, 422 out of stock or over the limit.
     */
    async addItem(
      userId: string,
      input: AddToCartBody,
      idempotencyKey?: string,
    ): Promise<{ cart: Cart; replayed: boolean }> {
      if (!idempotencyKey) return { cart: await db.transaction((tx) => add(tx, userId, input)), replayed: false };
      const answer = await withIdempotency(
        db,
        {
          scope: `cart:${userId}`,
          key: idempotencyKey,
          requestHash: hashRequest({ op: 'add-to-cart', body: input }),
          now: clock.now(),
        },
        async (tx) => ({ statusCode: 200, body: await add(tx, userId, input) }),
      );
      return { cart: answer.body, replayed: answer.replayed };
    },

    /** Sets one line's quantity (spec §4 update); the same stock rule as adding. 404 if not the user's. */
    async updateItem(userId: string, itemId: string, input: UpdateCartItemBody): Promise<Cart> {
      if (!isUuid(itemId)) throw notFound(MSG.itemNotFound);
      return db.transaction(async (tx) => {
        const cartId = await cartIdOf(tx, userId);
        const q = input.quantity;
        // Atomic like add: the new total of this product in the cart must fit the stock.
        const updated = await tx.execute<{ id: string }>(sql`
          update cart_items ci set quantity = ${q}::int
          where ci.id = ${itemId}::uuid and ci.cart_id = ${cartId}::uuid
            and ${q}::int + (
              select coalesce(sum(o.quantity), 0) from cart_items o
              where o.cart_id = ci.cart_id and o.product_id = ci.product_id and o.id <> ci.id
            ) <= (select p.available from products p where p.id = ci.product_id and p.published)
          returning ci.id`);
        if (updated.rows.length === 0) {
          const [line] = await tx
            .select({ productId: cartItems.productId })
            .from(cartItems)
            .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
          if (!line) throw notFound(MSG.itemNotFound);
          throw await stockRefusal(tx, cartId, line.productId, q);
        }
        await touch(tx, cartId);
        return readCart(tx, cartId);
      });
    },

    /** Removes every line of a product (spec §4: remove deletes by product id). 404 if none. */
    async removeProduct(userId: string, productId: string): Promise<Cart> {
      if (!isUuid(productId)) throw notFound(MSG.notInCart);
      return db.transaction(async (tx) => {
        const cartId = await cartIdOf(tx, userId);
        const removed = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
          .returning({ id: cartItems.id });
        if (removed.length === 0) throw notFound(MSG.notInCart);
        await touch(tx, cartId);
        return readCart(tx, cartId);
      });
    },

    /** Empties the cart (spec §7 clear-cart); clearing an empty cart is fine. */
    async clear(userId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        const cartId = await cartIdOf(tx, userId);
        await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
        await touch(tx, cartId);
        return readCart(tx, cartId);
      });
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
