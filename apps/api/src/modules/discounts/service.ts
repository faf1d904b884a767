import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { discountCodes, discountRedemptions } from '../../db/schema.ts';
import { unprocessable } from '../../errors.ts';
import { DISCOUNT_MSG, type DiscountState, discountProblem } from './rules.ts';

export type DiscountCode = typeof discountCodes.$inferSelect;

/** Discount codes (issue 4): lookup, the rules check, and redemption within the usage limit. */
export function createDiscountsService() {
  return {
    /** The code as stored (matched without regard to case), or undefined. */
    async find(ex: Db | Tx, code: string): Promise<DiscountCode | undefined> {
      const [row] = await ex
        .select()
        .from(discountCodes)
        .where(eq(sql`lower(${discountCodes.code})`, code.trim().toLowerCase()));
      return row;
    },

    /** Throws the 422 a shopper sees when the code cannot be used for this subtotal now. */
    assertUsable(code: DiscountState | undefined, subtotalCents: number, now: Date): void {
      const problem = discountProblem(code, subtotalCents, now);
      if (problem) throw unprocessable(problem, { field: 'discount_code' });
    },

    /**
     * Takes one use of the code inside the order's transaction. One conditional UPDATE: under any
     * number of parallel orders, `used_count` never passes `usage_limit` (issue 4), and the row lock
     * makes the later orders see the earlier ones' uses. Throws 422 when the last use is gone.
     */
    async redeem(
      tx: Tx,
      code: DiscountCode,
      use: { orderId: string; userId: string | null; email: string; amountCents: number; now: Date },
    ): Promise<void> {
      const taken = await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(
          and(
            eq(discountCodes.id, code.id),
            eq(discountCodes.active, true),
            or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, use.now)),
            or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, discountCodes.usageLimit)),
          ),
        )
        .returning({ id: discountCodes.id });
      if (taken.length === 0) {
        const [now] = await tx.select().from(discountCodes).where(eq(discountCodes.id, code.id));
        throw unprocessable(discountProblem(now, Number.MAX_SAFE_INTEGER, use.now) ?? DISCOUNT_MSG.usedUp, {
          field: 'discount_code',
        });
      }
      await tx.insert(discountRedemptions).values({
        discountCodeId: code.id,
        orderId: use.orderId,
        userId: use.userId,
        email: use.email,
        amountCents: use.amountCents,
        createdAt: use.now,
      });
    },

    /** Gives the use back when its order is cancelled (a declined card must not burn a one-use code). */
    async release(tx: Tx, orderId: string): Promise<void> {
      const [gone] = await tx
        .delete(discountRedemptions)
        .where(eq(discountRedemptions.orderId, orderId))
        .returning({ codeId: discountRedemptions.discountCodeId });
      if (!gone) return;
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
        .where(and(eq(discountCodes.id, gone.codeId), gt(discountCodes.usedCount, 0)));
    },
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
