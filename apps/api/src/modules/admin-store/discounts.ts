import {
  type AdminDiscount,
  type AdminDiscountList,
  DISCOUNT_ADMIN_MSG,
  type DiscountCreateBody,
  type DiscountUpdateBody,
  discountCreateBody,
} from '@shop/contracts/admin-store';
import { fromCents, toCents } from '@shop/contracts/money';
import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { discountCodes, discountRedemptions, orders } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { DiscountCode } from '../discounts/index.ts';
import { likeEscape } from './audit-log.ts';

/** The wire form: percent as is, fixed amounts and the minimum subtotal in dollars. */
export function discountToWire(row: DiscountCode): AdminDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : fromCents(row.value),
    min_subtotal: fromCents(row.minSubtotalCents),
    starts_at: row.startsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** Wire → row values: exactly the columns checkout reads (modules/discounts/rules.ts). */
function toRow(v: DiscountCreateBody) {
  return {
    code: v.code,
    kind: v.kind,
    value: v.kind === 'percent' ? v.value : toCents(v.value),
    minSubtotalCents: toCents(v.min_subtotal),
    startsAt: v.starts_at ? new Date(v.starts_at) : null,
    expiresAt: v.expires_at ? new Date(v.expires_at) : null,
    usageLimit: v.usage_limit,
    active: v.active,
  };
}

async function assertCodeFree(ex: Db | Tx, code: string, exceptId?: string) {
  const where = eq(sql`lower(${discountCodes.code})`, code.toLowerCase());
  const [taken] = await ex
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(exceptId ? and(where, ne(discountCodes.id, exceptId)) : where);
  if (taken) throw conflict(DISCOUNT_ADMIN_MSG.duplicate(code), { field: 'code' });
}

/** A unique-index race ends as the same 409 as the check before it. */
function rethrowDuplicate(err: unknown, code: string): never {
  if (uniqueViolation(err) !== undefined) throw conflict(DISCOUNT_ADMIN_MSG.duplicate(code), { field: 'code' });
  throw err;
}

/** Admin Marketing's discount codes (issue 5) over the table checkout redeems from (issue 4). */
export const adminDiscounts = {
  async list(db: Db, q: { q?: string; page: number; limit: number }): Promise<AdminDiscountList> {
    const filter = q.q ? ilike(discountCodes.code, `%${likeEscape(q.q)}%`) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(discountCodes)
        .where(filter)
        .orderBy(desc(discountCodes.createdAt), desc(discountCodes.code))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      db.select({ n: count() }).from(discountCodes).where(filter),
    ]);
    return { items: rows.map(discountToWire), total: total?.n ?? 0, page: q.page, limit: q.limit };
  },

  async create(tx: Tx, body: DiscountCreateBody, now: Date): Promise<AdminDiscount> {
    await assertCodeFree(tx, body.code);
    const [row] = await tx
      .insert(discountCodes)
      .values({ ...toRow(body), createdAt: now })
      .returning()
      .catch((err: unknown) => rethrowDuplicate(err, body.code));
    if (!row) throw new Error('discount not created');
    return discountToWire(row);
  },

  /** Applies a partial change; the merged code is checked as a whole, like a new one. */
  async update(
    tx: Tx,
    id: string,
    patch: DiscountUpdateBody,
  ): Promise<{ before: AdminDiscount; after: AdminDiscount }> {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!row) throw notFound(DISCOUNT_ADMIN_MSG.notFound);
    const before = discountToWire(row);
    const merged = discountCreateBody.safeParse({
      code: before.code,
      kind: before.kind,
      value: before.value,
      min_subtotal: before.min_subtotal,
      starts_at: before.starts_at,
      expires_at: before.expires_at,
      usage_limit: before.usage_limit,
      active: before.active,
      ...patch,
      // Switching kind without a value would read cents as percent or the reverse.
      ...(patch.kind && patch.kind !== row.kind && patch.value === undefined ? { value: undefined } : {}),
    });
    if (!merged.success) throw badRequest(merged.error.issues[0]?.message ?? 'Invalid discount code');
    const next = merged.data;
    if (next.usage_limit !== null && next.usage_limit < row.usedCount) {
      throw conflict(DISCOUNT_ADMIN_MSG.limitBelowUsed(row.usedCount), { field: 'usage_limit' });
    }
    if (next.code.toLowerCase() !== row.code.toLowerCase()) await assertCodeFree(tx, next.code, id);
    const [updated] = await tx
      .update(discountCodes)
      .set(toRow(next))
      .where(eq(discountCodes.id, id))
      .returning()
      .catch((err: unknown) => rethrowDuplicate(err, next.code));
    if (!updated) throw notFound(DISCOUNT_ADMIN_MSG.notFound);
    return { before, after: discountToWire(updated) };
  },

  /** Deletes a code nobody used; a used one stays (orders point at it) and can only be deactivated. */
  async remove(tx: Tx, id: string): Promise<AdminDiscount> {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!row) throw notFound(DISCOUNT_ADMIN_MSG.notFound);
    const [uses] = await tx
      .select({ n: count() })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, id));
    // Orders keep the code they were placed with, cancelled ones included: those count as uses too.
    const [onOrders] = await tx.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, id));
    const used = Math.max(row.usedCount, uses?.n ?? 0, onOrders?.n ?? 0);
    if (used > 0) throw conflict(DISCOUNT_ADMIN_MSG.used(used));
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    return discountToWire(row);
  },
};
