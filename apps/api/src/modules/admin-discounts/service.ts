import {
  type AdminDiscount,
  type AdminDiscountList,
  DISCOUNT_ADMIN_MSG,
  type DiscountCreateBody,
  type DiscountUpdateBody,
  discountCreateBody,
} from '@shop/contracts/admin-discounts';
import type { CurrencyUnit } from '@shop/contracts/currency';
import { type AmountFailure, amountProblem } from '../../lib/base-amounts.ts';
import { type Failure, fail, ok, type Result } from '../../lib/result.ts';
import type { Deps } from '../../services.ts';
import type { Actor, AuditService } from '../audit/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { CODE_TAKEN, discountsRepository as repo } from './repository.ts';
import { discountAmounts, discountToWire, toRow } from './wire.ts';

/** What a change to a discount code can end in besides success. */
export type AdminDiscountFailure =
  | Failure<'not_found'>
  | Failure<'code_taken', { code: string }>
  | Failure<'invalid', { message: string }>
  | Failure<'limit_below_used', { used: number }>
  | Failure<'used', { used: number }>
  | AmountFailure;

/**
 * Admin Marketing's discount codes. Every change is audited in the transaction that makes
 * it; a code's text is unique case-insensitively (checked, and a unique-index race ends the same way).
 * Amounts are in the base currency (docs/adr/050-currencies.md): one with more decimals than it has is refused.
 */
export function createAdminDiscountsService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { audit, settings }: { audit: AuditService; settings: Pick<SettingsService, 'get'> },
) {
  const baseUnit = async (): Promise<CurrencyUnit> => (await settings.get()).currencies.base;

  return {
    async list(q: { q?: string; page: number; limit: number }): Promise<AdminDiscountList> {
      const [{ rows, total }, base] = await Promise.all([repo.page(db, q), baseUnit()]);
      return { items: rows.map((row) => discountToWire(row, base)), total, page: q.page, limit: q.limit };
    },

    async create(actor: Actor, body: DiscountCreateBody): Promise<Result<AdminDiscount, AdminDiscountFailure>> {
      const base = await baseUnit();
      const refused = amountProblem(discountAmounts(body), base);
      if (refused) return refused;
      return db.transaction(async (tx) => {
        if (await repo.isTaken(tx, body.code)) return fail('code_taken', { code: body.code });
        const row = await repo.insert(tx, toRow(body, base), clock.now());
        if (row === CODE_TAKEN) return fail('code_taken', { code: body.code });
        if (!row) throw new Error('discount not created');
        const after = discountToWire(row, base);
        await audit.record(tx, actor, { action: 'discount.create', entityType: 'discount', entityId: after.id, after });
        return ok(after);
      });
    },

    /** Applies a partial change; the merged code is checked as a whole, like a new one. */
    async update(
      actor: Actor,
      id: string,
      patch: DiscountUpdateBody,
    ): Promise<Result<AdminDiscount, AdminDiscountFailure>> {
      const base = await baseUnit();
      return db.transaction(async (tx) => {
        const row = await repo.lockById(tx, id);
        if (!row) return fail('not_found');
        const before = discountToWire(row, base);
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
        if (!merged.success)
          return fail('invalid', { message: merged.error.issues[0]?.message ?? 'Invalid discount code' });
        const next = merged.data;
        const refused = amountProblem(discountAmounts(next), base);
        if (refused) return refused;
        if (next.usage_limit !== null && next.usage_limit < row.usedCount) {
          return fail('limit_below_used', { used: row.usedCount });
        }
        if (next.code.toLowerCase() !== row.code.toLowerCase() && (await repo.isTaken(tx, next.code, id))) {
          return fail('code_taken', { code: next.code });
        }
        const updated = await repo.update(tx, id, toRow(next, base));
        if (updated === CODE_TAKEN) return fail('code_taken', { code: next.code });
        if (!updated) return fail('not_found');
        const after = discountToWire(updated, base);
        await audit.record(tx, actor, {
          action: 'discount.update',
          entityType: 'discount',
          entityId: after.id,
          before,
          after,
        });
        return ok(after);
      });
    },

    /** Deletes a code nobody used; a used one stays (orders point at it) and can only be deactivated. */
    async remove(actor: Actor, id: string): Promise<Result<{ message: string }, AdminDiscountFailure>> {
      return db.transaction(async (tx) => {
        const row = await repo.lockById(tx, id);
        if (!row) return fail('not_found');
        const uses = await repo.uses(tx, id);
        // Orders keep the code they were placed with, cancelled ones included: those count as uses too.
        const used = Math.max(row.usedCount, uses.redemptions, uses.orders);
        if (used > 0) return fail('used', { used });
        await repo.delete(tx, id);
        const before = discountToWire(row, await baseUnit());
        await audit.record(tx, actor, {
          action: 'discount.delete',
          entityType: 'discount',
          entityId: before.id,
          before,
        });
        return ok({ message: DISCOUNT_ADMIN_MSG.deleted });
      });
    },
  };
}
export type AdminDiscountsService = ReturnType<typeof createAdminDiscountsService>;
