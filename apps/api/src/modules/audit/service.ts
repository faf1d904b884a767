import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

/** Who made a change: the signed-in staff member (from the access token, never the body). */
export interface Actor {
  userId: string;
}

export interface AuditEntry {
  /** `<entity>.<verb>`, e.g. `product.create`, `order.ship`, `settings.update`. */
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** JSON-safe copies: dates as ISO text, undefined dropped, so the log reads the same forever. */
function snapshot(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/**
 * The audit log. `record` takes the transaction the change runs in, so an entry exists
 * exactly when its change was committed.
 */
export function createAuditService() {
  return {
    async record(ex: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
      await ex.insert(auditLog).values({
        actorId: actor.userId,
        actorEmail: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${actor.userId}), 'unknown')`,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId ?? null,
        before: snapshot(entry.before),
        after: snapshot(entry.after),
      });
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
