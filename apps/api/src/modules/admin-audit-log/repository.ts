import type { AuditLogQuery } from '@shop/contracts/admin-audit-log';
import { dayRangeBounds } from '@shop/contracts/admin-common';
import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern, likeEscape } from '../../db/like.ts';
import { auditLog } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

/**
 * The entity types the log records whose rows are found by a uuid primary key: the table and the
 * column that names a row. Customers and staff members are both users; their e-mail says who.
 */
const UUID_LABELS: { type: string; table: string; label: SQL }[] = [
  { type: 'order', table: 'orders', label: sql`number` },
  { type: 'invoice', table: 'invoices', label: sql`number` },
  { type: 'product', table: 'products', label: sql`name` },
  { type: 'discount', table: 'discount_codes', label: sql`code` },
  { type: 'ticket', table: 'contact_messages', label: sql`subject` },
  { type: 'customer', table: 'users', label: sql`email` },
  { type: 'user', table: 'users', label: sql`email` },
  // Uploaded pictures have no name of their own: their size says which one it was.
  { type: 'image', table: 'uploaded_images', label: sql`'Picture ' || width || '×' || height` },
];

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Human names for the entities of some log entries: an order's number, a
 * product's name, a staff member's e-mail, … All in ONE query, a UNION of one primary-key look-up per
 * entity type over the page's ids (no query per row). An entity that is gone gets no label; the
 * page then shows its id.
 */
export async function entityLabels(
  db: Db,
  entries: { entityType: string; entityId: string | null }[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const idsOf = (type: string, valid: (id: string) => boolean) => [
    ...new Set(entries.flatMap((e) => (e.entityType === type && e.entityId && valid(e.entityId) ? [e.entityId] : []))),
  ];
  // The store's one settings row needs no look-up.
  for (const id of idsOf('settings', () => true)) labels.set(`settings:${id}`, 'Store settings');

  const parts: SQL[] = [];
  for (const { type, table, label } of UUID_LABELS) {
    const ids = idsOf(type, (id) => isUuid(id));
    if (ids.length === 0) continue;
    // A picture is stored once per size; any one of them carries the original's proportions.
    const oneImage = type === 'image' ? sql` and variant = 'large'` : sql``;
    parts.push(
      sql`select ${type}::text as type, id::text as id, ${label} as label from ${sql.identifier(table)} where id in (${list(ids)})${oneImage}`,
    );
  }
  const pages = idsOf('content_page', () => true);
  if (pages.length > 0)
    parts.push(
      sql`select 'content_page' as type, slug as id, title as label from content_pages where slug in (${list(pages)})`,
    );
  if (parts.length === 0) return labels;
  const result = await db.execute<{ type: string; id: string; label: string }>(sql.join(parts, sql` union all `));
  for (const row of result.rows) labels.set(`${row.type}:${row.id}`, row.label);
  return labels;
}

/**
 * The audit log, newest first. `action` matches exactly or as a family (`discount` finds
 * `discount.create`, `discount.update`, …); `actor` is a piece of the actor's e-mail; from/to are days in the store's time zone.
 */
export async function auditLogPage(db: Db, q: AuditLogQuery, timeZone: string) {
  const where: SQL[] = [];
  if (q.action) {
    const family = or(eq(auditLog.action, q.action), like(auditLog.action, `${likeEscape(q.action)}.%`));
    if (family) where.push(family);
  }
  if (q.entity_type) where.push(eq(auditLog.entityType, q.entity_type));
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id));
  if (q.actor) where.push(ilike(auditLog.actorEmail, containsPattern(q.actor)));
  if (q.from) where.push(gte(auditLog.createdAt, dayRangeBounds(q.from, q.from, timeZone).start));
  if (q.to) where.push(lt(auditLog.createdAt, dayRangeBounds(q.to, q.to, timeZone).end));
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
  return { rows, total: total?.n ?? 0 };
}
export type AuditLogRow = typeof auditLog.$inferSelect;
