import type { AuditLogList } from '@shop/contracts/admin-audit-log';
import type { AuditLogRow } from './repository.ts';

/** A log entry as the admin area reads it; `labels` names its entity (see `entityLabels`). */
export const auditEntryToWire = (r: AuditLogRow, labels: Map<string, string>): AuditLogList['items'][number] => ({
  id: r.id,
  actor_id: r.actorId,
  actor_email: r.actorEmail,
  action: r.action,
  entity_type: r.entityType,
  entity_id: r.entityId,
  entity_label: r.entityId ? (labels.get(`${r.entityType}:${r.entityId}`) ?? null) : null,
  before: r.before,
  after: r.after,
  created_at: r.createdAt.toISOString(),
});
