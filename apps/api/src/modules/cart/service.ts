import type { AddToCartBody, Cart, UpdateCartItemBody } from '@shop/contracts/cart';
import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import type { CurrencyUnit } from '@shop/contracts/currency';
import type { Db, Tx } from '../../db/client.ts';
import { notNullViolation } from '../../db/errors.ts';
import { failureOfRollback, okOrRollback, transactionResult } from '../../db/transaction.ts';
import { expiryOf, hashRequest, lockKey, storedResponse, withIdempotency } from '../../lib/idempotency.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Deps } from '../../services.ts';
import type { SettingsService } from '../settings/index.ts';
import { chooseVariant, readSellable } from '../stock/index.ts';
import {
  addInOneStatement,
  addToLine,
  cartIdOf,
  deleteAllLines,
  deleteProductLines,
  lineQuantity,
  type OneStatementAdd,
  type SessionClaims,
  selectCartLines,
  sessionRole,
  setLineQuantity,
  touch,
  variantOfLine,
  variantStock,
} from './repository.ts';
import { type CartSnapshot, storedCart, toCartWire } from './wire.ts';

type Executor = Db | Tx;

/** Why the stock-checked write of a line was refused (docs/product.md §4). */
export type StockFailure =
  | Failure<'product_not_found'>
  | Failure<'line_maximum', { max: number }>
  | Failure<'out_of_stock'>
  | Failure<'not_enough_stock', { available: number; inCart: number }>;

/**
 * What a cart change can end in besides success: the stock refusals, a variant that is not the
 * product's, a colour or size that is wrong or missing (with the contract's own
 * message and details) or another option left to choose, a line or product that is not in
 * the cart.
 */
export type CartFailure =
  | StockFailure
  | Failure<'variant_not_found'>
  | Failure<'invalid_choice', { message: string; details: Record<string, unknown> }>
  | Failure<'item_not_found'>
  | Failure<'not_in_cart'>
  /** The token's session ended, or its account was disabled or deleted (add-to-cart checks it itself). */
  | Failure<'session_ended'>;

/**
 * The one-statement add met a live key it could not see when it began (repository `addInOneStatement`):
 * the NOT NULL of `idempotency_keys.request_hash` rolled it back.
 */
const isKeyTakenMeanwhile = (err: unknown) => notNullViolation(err) === 'idempotency_keys';

/**
 * The signed-in user's cart (docs/product.md §4, §7). The cart is always the token's own: no user or cart id
 * ever comes from the client, and every statement is scoped by the user's cart.
 */
export function createCartService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { settings }: { settings: Pick<SettingsService, 'get'> },
) {
  /** Prices are in the base currency (docs/adr/050-currencies.md). */
  const baseUnit = async (): Promise<CurrencyUnit> => (await settings.get()).currencies.base;
  const readSnapshot = async (ex: Executor, cartId: string): Promise<CartSnapshot> => ({
    cartId,
    lines: await selectCartLines(ex, cartId),
  });
  const readCart = async (ex: Executor, cartId: string): Promise<Cart> => {
    const { lines } = await readSnapshot(ex, cartId);
    return toCartWire(cartId, lines, await baseUnit());
  };

  /** Why an atomic stock-checked write of a variant's line touched no row. */
  async function stockRefusal(
    ex: Executor,
    cartId: string,
    variantId: string,
    wantedLineTotal: number,
  ): Promise<StockFailure> {
    const v = await variantStock(ex, variantId);
    if (!v?.published) return fail('product_not_found');
    if (wantedLineTotal > MAX_LINE_QUANTITY) return fail('line_maximum', { max: MAX_LINE_QUANTITY });
    if (v.available <= 0) return fail('out_of_stock');
    return fail('not_enough_stock', { available: v.available, inCart: await lineQuantity(ex, cartId, variantId) });
  }

  async function add(tx: Tx, userId: string, input: AddToCartBody): Promise<Result<CartSnapshot, CartFailure>> {
    const product = (await readSellable(tx, [input.product_id])).get(input.product_id);
    if (!product?.published) return fail('product_not_found');
    // The line buys one variant, named by its id or by colour and size (
    // never a product with colours or sizes without its choice).
    const chosen = chooseVariant(input, product);
    if (!chosen.ok) return chosen.reason === 'no_variants' ? fail('out_of_stock') : chosen;
    const { variant, color, size } = chosen.value;
    if (variant.available <= 0) return fail('out_of_stock');

    const cartId = await cartIdOf(tx, userId, clock.now());
    // One statement adds or grows the line and checks stock and the line maximum (repository `addToLine`).
    // The cart is not a reservation: checkout checks stock again. '' is the stored "no colour/size".
    const line = { cartId, productId: product.id, variantId: variant.id, color: color ?? '', size: size ?? '' };
    if (!(await addToLine(tx, { ...line, quantity: input.quantity }))) {
      const had = await lineQuantity(tx, cartId, variant.id);
      return stockRefusal(tx, cartId, variant.id, had + input.quantity);
    }
    await touch(tx, cartId, clock.now());
    return ok(await readSnapshot(tx, cartId));
  }

  /**
   * The add in one round trip (repository `addInOneStatement`) when the shopper names the
   * variant by id, as the storefront does (with the variant's own colour and size, if any); undefined
   * when the statement-by-statement path must answer instead — a choice by colour and size alone, ids
   * that are not UUIDs (404s), a refusal or a colour or size that is not exactly the variant's (its
   * reason needs reading), or a key another request holds.
   */
  async function addAtOnce(
    claims: SessionClaims,
    input: AddToCartBody,
    key: { scope: string; key: string; requestHash: string } | undefined,
  ): Promise<Result<{ cart: Cart; replayed: boolean }, CartFailure> | undefined> {
    const { product_id: productId, variant_id: variantId } = input;
    if (!variantId || !isUuid(productId) || !isUuid(variantId)) return undefined;
    const now = clock.now();
    let done: OneStatementAdd;
    try {
      done = await addInOneStatement(
        db,
        claims,
        { productId, variantId, quantity: input.quantity, color: input.color || null, size: input.size || null },
        now,
        key && { ...key, expiredBefore: expiryOf({ now }), lock: lockKey(key.scope, key.key) },
      );
    } catch (err) {
      if (!isKeyTakenMeanwhile(err)) throw err;
      return undefined;
    }
    switch (done.kind) {
      case 'session_ended':
        return fail('session_ended');
      case 'stored':
        return ok({ cart: storedCart(storedResponse(done, key?.requestHash ?? ''), await baseUnit()), replayed: true });
      case 'added':
        return ok({ cart: toCartWire(done.cart.cartId, done.cart.lines, await baseUnit()), replayed: false });
      default:
        return undefined;
    }
  }

  return {
    /** The user's cart with totals; an empty cart is created on first use. */
    async getCart(userId: string): Promise<Cart> {
      return readCart(db, await cartIdOf(db, userId, clock.now()));
    },

    /**
     * Adds `quantity` of a product's variant (docs/product.md §7 add-to-cart); an existing line of that variant
     * grows by that amount (docs/product.md §4). With an Idempotency-Key a retry returns the first answer;
     * a failure is not stored (nothing it wrote is kept), so a retry runs again. The claims are the
     * access token's, not yet confirmed (auth guard `signedToken`): the add confirms the session itself,
     * before it changes anything, and answers `session_ended` when it is over.
     */
    async addItem(
      claims: SessionClaims,
      input: AddToCartBody,
      idempotencyKey?: string,
    ): Promise<Result<{ cart: Cart; replayed: boolean }, CartFailure>> {
      const { userId } = claims;
      const key = idempotencyKey
        ? { scope: `cart:${userId}`, key: idempotencyKey, requestHash: hashRequest({ op: 'add-to-cart', body: input }) }
        : undefined;
      const atOnce = await addAtOnce(claims, input, key);
      if (atOnce) return atOnce;

      if (!(await sessionRole(db, claims, clock.now()))) return fail('session_ended');
      if (!key) {
        const added = await transactionResult(db, (tx) => add(tx, userId, input));
        if (!added.ok) return added;
        return ok({ cart: toCartWire(added.value.cartId, added.value.lines, await baseUnit()), replayed: false });
      }
      const answer = await failureOfRollback<Awaited<ReturnType<typeof withIdempotency<CartSnapshot>>>, CartFailure>(
        () =>
          withIdempotency(db, { ...key, now: clock.now() }, async (tx) => ({
            statusCode: 200,
            body: okOrRollback(await add(tx, userId, input)),
          })),
      );
      if (!answer.ok) return answer;
      return ok({ cart: storedCart(answer.value.body, await baseUnit()), replayed: answer.value.replayed });
    },

    /** Sets one line's quantity (docs/product.md §4 update); the same stock rule as adding. */
    async updateItem(userId: string, itemId: string, input: UpdateCartItemBody): Promise<Result<Cart, CartFailure>> {
      if (!isUuid(itemId)) return fail('item_not_found');
      return transactionResult<Cart, CartFailure>(db, async (tx) => {
        const cartId = await cartIdOf(tx, userId, clock.now());
        if (!(await setLineQuantity(tx, cartId, itemId, input.quantity))) {
          const variantId = await variantOfLine(tx, cartId, itemId);
          if (!variantId) return fail('item_not_found');
          return stockRefusal(tx, cartId, variantId, input.quantity);
        }
        await touch(tx, cartId, clock.now());
        return ok(await readCart(tx, cartId));
      });
    },

    /** Removes every line of a product (docs/product.md §4: remove deletes by product id); `not_in_cart` if none. */
    async removeProduct(userId: string, productId: string): Promise<Result<Cart, CartFailure>> {
      if (!isUuid(productId)) return fail('not_in_cart');
      return transactionResult<Cart, CartFailure>(db, async (tx) => {
        const cartId = await cartIdOf(tx, userId, clock.now());
        if (!(await deleteProductLines(tx, cartId, productId))) return fail('not_in_cart');
        await touch(tx, cartId, clock.now());
        return ok(await readCart(tx, cartId));
      });
    },

    /** Empties the cart (docs/product.md §7 clear-cart); clearing an empty cart is fine. */
    async clear(userId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        const cartId = await cartIdOf(tx, userId, clock.now());
        await deleteAllLines(tx, cartId);
        await touch(tx, cartId, clock.now());
        return readCart(tx, cartId);
      });
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
