import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { paymentRefunds } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

type Executor = Db | Tx;
export type RefundRow = typeof paymentRefunds.$inferSelect;

/** What refunds asked of the provider and not yet confirmed hold of a payment (they count against what is left). */
export async function pendingRefundCents(ex: Executor, paymentId: string): Promise<number> {
  const [row] = await ex
    .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'pending')));
  return row?.cents ?? 0;
}

export async function insertRefund(tx: Tx, row: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
  const [refund] = await tx.insert(paymentRefunds).values(row).returning();
  if (!refund) throw new Error('refund not recorded');
  return refund;
}

/** A refund row, locked; by our id, else by the provider's. */
export async function lockRefund(tx: Tx, by: { id?: string | null; providerRef?: string | null }) {
  const where =
    by.id && isUuid(by.id)
      ? eq(paymentRefunds.id, by.id)
      : by.providerRef
        ? eq(paymentRefunds.providerRef, by.providerRef)
        : undefined;
  if (!where) return undefined;
  const [refund] = await tx.select().from(paymentRefunds).where(where).for('update');
  return refund;
}

export async function refundById(ex: Executor, id: string): Promise<RefundRow | undefined> {
  const [refund] = await ex.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return refund;
}

export async function updateRefund(ex: Executor, id: string, set: Partial<typeof paymentRefunds.$inferInsert>) {
  await ex.update(paymentRefunds).set(set).where(eq(paymentRefunds.id, id));
}
