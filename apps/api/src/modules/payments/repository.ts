import type { Db, Tx } from '../../db/client.ts';
import { transactions } from '../../db/schema.ts';

/** One movement of money: `charge` when money is taken, `refund` when it goes back. */
export interface LedgerEntry {
  orderId: string;
  kind: 'charge' | 'refund';
  method: 'card' | 'pay_later';
  amountCents: number;
  currency?: string;
  /** The provider's reference for card money; null for pay-later money. */
  providerRef?: string | null;
  note?: string | null;
  /** The staff member who caused it; null for the shopper's own checkout and cancel. */
  actorId?: string | null;
  at: Date;
}

/**
 * Writes a ledger row. Call it in the transaction that changes the payment, so the ledger holds a row
 * exactly when the payment change was committed. A zero amount moves no money and writes nothing.
 */
export async function recordTransaction(ex: Db | Tx, e: LedgerEntry): Promise<void> {
  if (e.amountCents <= 0) return;
  await ex.insert(transactions).values({
    orderId: e.orderId,
    kind: e.kind,
    method: e.method,
    amountCents: e.amountCents,
    currency: e.currency ?? 'USD',
    providerRef: e.providerRef ?? null,
    note: e.note ?? null,
    actorId: e.actorId ?? null,
    createdAt: e.at,
  });
}
