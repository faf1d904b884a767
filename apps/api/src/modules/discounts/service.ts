import type { Db, Tx } from '../../db/client.ts';
import { fail, ok, type Result } from '../../lib/result.ts';
import { codeById, type DiscountCode, findCode, insertRedemption, releaseRedemption, takeUse } from './repository.ts';
import { DISCOUNT_MSG, type DiscountFailure, discountProblem } from './rules.ts';

/** Discount codes: lookup, and redemption within the usage limit. The rules are in rules.ts. */
export function createDiscountsService() {
  return {
    /** The code as stored (matched without regard to case), or undefined. */
    find(ex: Db | Tx, code: string): Promise<DiscountCode | undefined> {
      return findCode(ex, code);
    },

    /**
     * The code a checkout body names: null when it names none, undefined when the shop has no such
     * code (`checkKnown` refuses it), else the code as stored.
     */
    async named(ex: Db | Tx, code: string | null | undefined): Promise<DiscountCode | null | undefined> {
      return code ? findCode(ex, code) : null;
    },

    /**
     * Takes one use of the code inside the order's transaction (`takeUse`: never past the usage
     * limit). `discount_unusable` when the last use is gone: the caller rolls its transaction back.
     */
    async redeem(
      tx: Tx,
      code: DiscountCode,
      use: { orderId: string; userId: string | null; email: string; amountCents: number; now: Date },
    ): Promise<Result<void, DiscountFailure>> {
      if (!(await takeUse(tx, code.id, use.now))) {
        const now = await codeById(tx, code.id);
        const message = discountProblem(now, Number.MAX_SAFE_INTEGER, use.now) ?? DISCOUNT_MSG.usedUp;
        return fail('discount_unusable', { message });
      }
      await insertRedemption(tx, {
        discountCodeId: code.id,
        orderId: use.orderId,
        userId: use.userId,
        email: use.email,
        amountCents: use.amountCents,
        createdAt: use.now,
      });
      return ok(undefined);
    },

    /** Gives the use back when its order is cancelled (a declined card must not burn a one-use code). */
    release(tx: Tx, orderId: string): Promise<void> {
      return releaseRedemption(tx, orderId);
    },
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
