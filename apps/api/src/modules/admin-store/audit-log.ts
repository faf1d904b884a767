import { dayRangeBounds } from '@shop/contracts/admin-common';
import type { AuditLogList, AuditLogQuery } from '@shop/contracts/admin-store';
import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** `%`, `_` and `\` match themselves in a LIKE pattern built from what staff typed. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The audit log, newest first (issue 5). `action` matches exactly or as a family (`discount` finds
 * `discount.create`, `discount.update`, …); `actor` is a piece of the actor's e-mail; from/to are days.
 */
export async function listAuditLog(db: Db, q: AuditLogQuery): Promise<AuditLogList> {
  const where: SQL[] = [];
  if (q.action) {
    const family = or(eq(auditLog.action, q.action), like(auditLog.action, `${likeEscape(q.action)}.%`));
    if (family) where.push(family);
  }
  if (q.entity_type) where.push(eq(auditLog.entityType, q.entity_type));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.actor) where.push(ilike(auditLog.actorEmail, `%${likeEscape(q.actor)}%`));
  if (q.from) where.push(gte(auditLog.createdAt, dayRangeBounds(q.from, q.from).start));
  if (q.to) where.push(lt(auditLog.createdAt, dayRangeBounds(q.to, q.to).end));
  const filter = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      action: r.action,
      entity_type: r.entityType,
      entity_id: r.entityId,
      before: r.before,
      after: r.after,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}
