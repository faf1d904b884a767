import { MAX_LINE_QUANTITY } from '@shop/contracts/constants';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, poolOf, type Tx } from '../../db/client.ts';
import { cartItems, carts, products, productVariants } from '../../db/schema.ts';
import { activeSessionRoleSql } from '../auth/index.ts';
import { AS_V_AND_P, compareAtSql, priceSql } from '../stock/index.ts';
import type { CartLineRow, CartSnapshot } from './wire.ts';

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
      salePriceCents: priceSql(),
      regularPriceCents: compareAtSql(),
      image: productVariants.image,
      available: productVariants.available,
      taxClass: sql<string>`coalesce(${productVariants.taxClass}, ${products.taxClass})`,
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
 * An add that meets the variant's line already in the cart (both ways of adding): the quantities are
 * summed only while the sum fits MAX_LINE_QUANTITY and the variant's stock, read as committed when the
 * line is locked, so parallel adds can neither lose an increment nor overshoot; otherwise nothing is
 * written (no row returned).
 */
const addedToTheLine = sql`on conflict (cart_id, variant_id) do update
  -- The price the shopper saw when adding; checkout refuses (409) if it moved since.
  set quantity = cart_items.quantity + excluded.quantity, unit_price_cents = excluded.unit_price_cents
  where cart_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}::int
    and cart_items.quantity + excluded.quantity <= (
      select v.available from product_variants v join products p on p.id = v.product_id
      where v.id = cart_items.variant_id and p.published
    )`;

/**
 * Adds or increases the variant's line, checking its stock and MAX_LINE_QUANTITY in the same statement,
 * so parallel adds can neither lose an increment nor overshoot the stock (docs/product.md §4; docs/architecture.md §6). The DO
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
      ${priceSql(AS_V_AND_P)}
    from product_variants v join products p on p.id = v.product_id
    where v.id = ${variantId}::uuid and p.id = ${productId}::uuid
      and p.published
      and ${q}::int <= ${MAX_LINE_QUANTITY}::int
      and ${q}::int <= v.available
    ${addedToTheLine}
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

/** Who adds, as the access token says; the statement confirms the session (auth `activeSessionRoleSql`). */
export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** The Idempotency-Key part of a one-statement add (lib/idempotency.ts, ADR 004). */
export interface KeyClaim {
  scope: string;
  key: string;
  requestHash: string;
  /** Answers stored before this are expired: the key is taken over as if new. */
  expiredBefore: Date;
  /** `lockKey(scope, key)`: the key's advisory lock. */
  lock: [number, number];
}

/** What the one-statement add found and did. */
export type OneStatementAdd =
  /** The session is ended, or the account disabled or deleted: nothing was read or written. */
  | { kind: 'session_ended' }
  /** The key holds a live answer: nothing was written. */
  | { kind: 'stored'; requestHash: string; response: unknown }
  /** Another request holds the key's lock: nothing was written. */
  | { kind: 'busy' }
  /** The checks refused the line (the cart row may have been made or touched, nothing else). */
  | { kind: 'refused' }
  /** The line was added to or made, the answer stored under the key if any. */
  | { kind: 'added'; cart: CartSnapshot };

/** Renders the one-statement add as the client does (db/client.ts: snake_case), to run it as a named statement. */
const dialect = new PgDialect({ casing: 'snake_case' });

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The variant's value of the product's Color (or Size) option, '' when it has none: contracts
 * `optionIndex` (first option so named, trimmed, any case) in SQL, for the line's stored colour and size.
 */
const specValueSql = (names: string[]) => sql`coalesce((
    select case o.n when 1 then v.option1 when 2 then v.option2 when 3 then v.option3 end
    from jsonb_array_elements(p.options) with ordinality as o(opt, n)
    where lower(btrim(o.opt->>'name', E' \t\n\r\f\v')) in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})
    order by o.n limit 1), '')`;

/**
 * A signed-in shopper's add of a variant named by id, in ONE statement and round trip — what
 * the guard, `withIdempotency` and `add` do in twelve: the session check, the Idempotency-Key's stored
 * answer and lock, the cart row, the stock-capped upsert of the line (`addToLine`'s rule: parallel adds
 * can neither lose an increment nor pass the stock or MAX_LINE_QUANTITY) and the answer, stored under
 * the key in the same (implicit) transaction as the line.
 *
 * Why it keeps ADR 004's rules in one statement:
 * - Nothing is written unless the session is confirmed and, with a key, no live answer is stored and
 *   the key's advisory lock was free (`go`). A taken lock is `busy`: the caller runs the statement-by-
 *   statement path, which looks again and answers the stored answer or 409.
 * - The key's row is inserted with the answer only when the line was written (`claim`), so a refusal
 *   stores nothing and a retry runs again. The one case the snapshot cannot see — a request with the
 *   key that committed after this statement began, freeing the lock just before this one took it — makes
 *   the claim meet a live row: its `request_hash` is then set to null, which the NOT NULL constraint
 *   refuses (23502), rolling the whole statement back, line included; the caller then takes the
 *   statement-by-statement path, which finds and replays that answer.
 * - The answer is the cart as this statement leaves it: the upserted line as written (RETURNING, so a
 *   parallel add of the same line is counted) and the other lines as of the statement's start.
 */
export async function addInOneStatement(
  db: Db,
  claims: SessionClaims,
  line: {
    productId: string;
    variantId: string;
    quantity: number;
    /** A colour or size sent with the variant: written only when it is the variant's own, exactly. */
    color: string | null;
    size: string | null;
  },
  now: Date,
  key?: KeyClaim,
): Promise<OneStatementAdd> {
  const { productId, variantId, quantity: q, color, size } = line;
  const go: SQL = key
    ? sql`stored as (
        select request_hash, response from idempotency_keys
        where scope = ${key.scope} and key = ${key.key} and status_code is not null
          and created_at >= ${iso(key.expiredBefore)}
      ),
      go as (
        select pg_try_advisory_xact_lock(${key.lock[0]}::int, ${key.lock[1]}::int) as ok
        from sess where not exists (select from stored)
      ),`
    : sql`go as (select true as ok from sess),`;
  const claim: SQL = key
    ? sql`, claim as (
        insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at)
        select ${key.scope}, ${key.key}, ${key.requestHash}, 200, answer.body, ${iso(now)}
        from answer where exists (select from line)
        on conflict (scope, key) do update set
          -- An expired key is taken over; a live one cannot be here unless it committed after this
          -- statement began: null violates NOT NULL and rolls everything back (see above).
          request_hash = case when idempotency_keys.created_at < ${iso(key.expiredBefore)} then excluded.request_hash end,
          status_code = excluded.status_code, response = excluded.response, created_at = excluded.created_at
      )`
    : sql``;
  const stored: SQL = key
    ? sql`(select request_hash from stored) as stored_hash, (select response from stored) as stored_response`
    : sql`null::text as stored_hash, null::jsonb as stored_response`;

  const statement = sql`
    with sess as (${activeSessionRoleSql(claims, now)}),
    ${go}
    cart as (
      insert into carts (user_id, updated_at) select ${claims.userId}::uuid, ${iso(now)} from go where ok
      on conflict (user_id) do update set updated_at = excluded.updated_at
      returning id
    ),
    line as (
      insert into cart_items (cart_id, product_id, variant_id, color, size, quantity, unit_price_cents)
      select cart.id, p.id, v.id, ${specValueSql(['color', 'colour'])}, ${specValueSql(['size'])}, ${q}::int,
        ${priceSql(AS_V_AND_P)}
      from cart, product_variants v join products p on p.id = v.product_id
      where v.id = ${variantId}::uuid and p.id = ${productId}::uuid
        and p.published
        and ${q}::int <= ${MAX_LINE_QUANTITY}::int
        and ${q}::int <= v.available
        -- Exactly the variant's own values, as the storefront sends them; anything else is refused here
        -- and judged by the statement-by-statement path (stock chooseVariant's rules and texts).
        and (${color}::text is null or ${specValueSql(['color', 'colour'])} = ${color}::text)
        and (${size}::text is null or ${specValueSql(['size'])} = ${size}::text)
      ${addedToTheLine}
      returning id, quantity, product_id, variant_id, created_at
    ),
    lines as (
      select ci.id, ci.quantity, ci.product_id, ci.variant_id, ci.created_at
      from cart_items ci join cart on ci.cart_id = cart.id
      where ci.variant_id <> ${variantId}::uuid and exists (select from line)
      union all
      select id, quantity, product_id, variant_id, created_at from line
    ),
    answer as (
      -- The rows of selectCartLines, as toCartWire reads them (wire.ts CartLineRow).
      select jsonb_build_object('cartId', (select id from cart), 'lines', coalesce(jsonb_agg(jsonb_build_object(
        'id', l.id, 'quantity', l.quantity, 'productId', p.id, 'slug', p.slug, 'name', p.name,
        'images', to_jsonb(p.images), 'published', p.published, 'options', p.options,
        'variantId', v.id, 'sku', v.sku, 'option1', v.option1, 'option2', v.option2, 'option3', v.option3,
        'salePriceCents', ${priceSql(AS_V_AND_P)},
        'regularPriceCents', ${compareAtSql(AS_V_AND_P)},
        'image', v.image, 'available', v.available, 'taxClass', coalesce(v.tax_class, p.tax_class)
      ) order by l.created_at, l.id), '[]'::jsonb)) as body
      from lines l join product_variants v on v.id = l.variant_id join products p on p.id = l.product_id
    )
    ${claim}
    select (select role from sess) as role, (select ok from go) as went, exists (select from line) as added,
      case when exists (select from line) then (select body from answer) end as answer,
      ${stored}`;
  // A named statement (one per shape: with or without a key): each connection plans it once, not on
  // every add — planning was as long as running it (docs/performance.md).
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const { rows } = await poolOf(db).query<{
    role: string | null;
    went: boolean | null;
    added: boolean;
    answer: CartSnapshot | null;
    stored_hash: string | null;
    stored_response: unknown;
  }>({ name: key ? 'cart-add-keyed' : 'cart-add', text, values: params });
  const row = rows[0];
  if (!row?.role) return { kind: 'session_ended' };
  if (row.stored_hash !== null) return { kind: 'stored', requestHash: row.stored_hash, response: row.stored_response };
  if (!row.went) return { kind: 'busy' };
  if (!row.added || !row.answer) return { kind: 'refused' };
  return { kind: 'added', cart: row.answer };
}

/** The role of the claims' session when it is still open (auth `activeSessionRoleSql`), else null. */
export async function sessionRole(ex: Executor, claims: SessionClaims, now: Date): Promise<string | null> {
  const { rows } = await ex.execute<{ role: string }>(activeSessionRoleSql(claims, now));
  return rows[0]?.role ?? null;
}
