import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { discountCodes, discountRedemptions, orders } from '../../db/schema.ts';
import type { toRow } from './wire.ts';

type RowValues = ReturnType<typeof toRow>;

/** A unique-index race: the code was taken between the check and the write. */
export const CODE_TAKEN = Symbol('code taken');

/** Catches only a unique violation, as CODE_TAKEN; anything else goes on. */
function codeTaken(err: unknown): typeof CODE_TAKEN {
  if (uniqueViolation(err) !== undefined) return CODE_TAKEN;
  throw err;
}

/** The SQL of admin Marketing's discount codes, over the table checkout redeems from. */
export const discountsRepository = {
  async page(db: Db, q: { q?: string; page: number; limit: number }) {
    const filter = q.q ? ilike(discountCodes.code, containsPattern(q.q)) : undefined;
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
    return { rows, total: total?.n ?? 0 };
  },

  /** Whether another code (case-insensitively) already has this text. */
  async isTaken(ex: Db | Tx, code: string, exceptId?: string): Promise<boolean> {
    const where = eq(sql`lower(${discountCodes.code})`, code.toLowerCase());
    const [taken] = await ex
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(exceptId ? and(where, ne(discountCodes.id, exceptId)) : where);
    return taken !== undefined;
  },

  async lockById(tx: Tx, id: string) {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    return row;
  },

  async insert(tx: Tx, values: RowValues, now: Date) {
    const rows = await tx
      .insert(discountCodes)
      .values({ ...values, createdAt: now })
      .returning()
      .catch(codeTaken);
    return rows === CODE_TAKEN ? rows : rows[0];
  },

  async update(tx: Tx, id: string, values: RowValues) {
    const rows = await tx
      .update(discountCodes)
      .set(values)
      .where(eq(discountCodes.id, id))
      .returning()
      .catch(codeTaken);
    return rows === CODE_TAKEN ? rows : rows[0];
  },

  /** Redemptions, and orders placed with the code (cancelled ones included): each counts as a use. */
  async uses(tx: Tx, id: string) {
    const [uses] = await tx
      .select({ n: count() })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, id));
    const [onOrders] = await tx.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, id));
    return { redemptions: uses?.n ?? 0, orders: onOrders?.n ?? 0 };
  },

  async delete(tx: Tx, id: string) {
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
  },
};
