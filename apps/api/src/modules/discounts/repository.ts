import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { discountCodes, discountRedemptions } from '../../db/schema.ts';

export type DiscountCode = typeof discountCodes.$inferSelect;

/** The code as stored (matched without regard to case), or undefined. */
export async function findCode(ex: Db | Tx, code: string): Promise<DiscountCode | undefined> {
  const [row] = await ex
    .select()
    .from(discountCodes)
    .where(eq(sql`lower(${discountCodes.code})`, code.trim().toLowerCase()));
  return row;
}

/** The code's row by id, as it is now. */
export async function codeById(ex: Db | Tx, id: string): Promise<DiscountCode | undefined> {
  const [row] = await ex.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

/**
 * One conditional UPDATE takes a use: under any number of parallel orders, `used_count` never passes
 * `usage_limit`, and the row lock makes the later orders see the earlier ones' uses.
 * False when the code is inactive, expired or used up now.
 */
export async function takeUse(tx: Tx, codeId: string, now: Date): Promise<boolean> {
  const taken = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
        or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, discountCodes.usageLimit)),
      ),
    )
    .returning({ id: discountCodes.id });
  return taken.length > 0;
}

export async function insertRedemption(tx: Tx, row: typeof discountRedemptions.$inferInsert): Promise<void> {
  await tx.insert(discountRedemptions).values(row);
}

/** Deletes an order's redemption and gives its use back to the code. */
export async function releaseRedemption(tx: Tx, orderId: string): Promise<void> {
  const [gone] = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ codeId: discountRedemptions.discountCodeId });
  if (!gone) return;
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
    .where(and(eq(discountCodes.id, gone.codeId), gt(discountCodes.usedCount, 0)));
}
