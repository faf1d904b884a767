import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What the stand-in gateway keeps of a charge (never card data): its state and the words it answered. */
export interface GatewayCharge {
  /**
   * `void`: the reference was asked about before any charge arrived, and is closed for good;
   * `canceled`: a charge waiting for the shopper's step was cancelled (the unpaid-order sweep).
   */
  status: 'succeeded' | 'declined' | 'requires_action' | 'canceled' | 'void';
  providerRef: string;
  message: string | null;
  actionToken: string | null;
}

const LOCK = 7_316_013;

/**
 * The test provider's own records, as a real gateway keeps its own: one row per charge reference, in
 * a schema of its own (`test_gateway`, made on first use) of the shop's database, so that every
 * process of the shop talks to the same "gateway" and its records outlive a crash of any of them.
 * Each call is one short statement on the shop's pool.
 */
export function createTestGatewayStore(db: Db) {
  let ready: Promise<void> | undefined;

  function ensure(): Promise<void> {
    ready ??= db
      .transaction(async (tx) => {
        // Several processes may make it at once; `if not exists` alone races in the catalog.
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
        await tx.execute(sql`create schema if not exists test_gateway`);
        await tx.execute(sql`
          create table if not exists test_gateway.charges (
            reference text primary key,
            status text not null,
            provider_ref text not null,
            message text,
            action_token text,
            created_at timestamptz not null default now()
          )`);
      })
      .catch((err) => {
        ready = undefined;
        throw err;
      });
    return ready;
  }

  async function read(reference: string): Promise<GatewayCharge | undefined> {
    const res = await db.execute<Row>(sql`
      select status, provider_ref, message, action_token from test_gateway.charges where reference = ${reference}`);
    return res.rows[0] && toCharge(res.rows[0]);
  }

  /** Writes `charge` unless the reference has a record already; answers the record that stands. */
  async function insertFirst(reference: string, charge: GatewayCharge): Promise<GatewayCharge> {
    await ensure();
    const res = await db.execute<Row>(sql`
      insert into test_gateway.charges (reference, status, provider_ref, message, action_token)
      values (${reference}, ${charge.status}, ${charge.providerRef}, ${charge.message}, ${charge.actionToken})
      on conflict (reference) do nothing
      returning status, provider_ref, message, action_token`);
    const row = res.rows[0];
    if (row) return toCharge(row);
    const stored = await read(reference);
    if (!stored) throw new Error('test gateway: charge record vanished');
    return stored;
  }

  return {
    /** A charge's outcome; a reference charged before answers its first outcome (idempotent, as gateways are). */
    record: insertFirst,

    /** The charge as recorded; a reference never charged is closed (void) first, so the answer is final. */
    lookupOrVoid(reference: string, providerRef: string): Promise<GatewayCharge> {
      return insertFirst(reference, { status: 'void', providerRef, message: null, actionToken: null });
    },

    /** Moves a charge waiting for the shopper's step on; answers the charge as it now stands. */
    async confirm(
      reference: string,
      outcome: { status: 'succeeded' } | { status: 'declined'; message: string },
    ): Promise<GatewayCharge | undefined> {
      await ensure();
      await db.execute(sql`
        update test_gateway.charges
        set status = ${outcome.status}, message = ${outcome.status === 'declined' ? outcome.message : null}
        where reference = ${reference} and status = 'requires_action'`);
      return read(reference);
    },

    /** Cancels a charge still waiting for the shopper's step; answers the charge as it now stands. */
    async cancel(reference: string): Promise<GatewayCharge | undefined> {
      await ensure();
      await db.execute(sql`
        update test_gateway.charges set status = 'canceled'
        where reference = ${reference} and status = 'requires_action'`);
      return read(reference);
    },

    /** The charge as recorded, if any. */
    async read(reference: string): Promise<GatewayCharge | undefined> {
      await ensure();
      return read(reference);
    },
  };
}
export type TestGatewayStore = ReturnType<typeof createTestGatewayStore>;

interface Row extends Record<string, unknown> {
  status: GatewayCharge['status'];
  provider_ref: string;
  message: string | null;
  action_token: string | null;
}

function toCharge(row: Row): GatewayCharge {
  return { status: row.status, providerRef: row.provider_ref, message: row.message, actionToken: row.action_token };
}
