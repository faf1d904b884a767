import { z } from 'zod';
import { isoDay } from './admin-common.ts';
import { paged, pageQuery } from './common.ts';

// Admin audit log: every staff change, filtered by action, entity, actor and days.

export const auditLogQuery = pageQuery
  .extend({
    action: z.string().trim().max(100, 'action must be at most 100 characters').optional(),
    entity_type: z.string().trim().max(100, 'entity_type must be at most 100 characters').optional(),
    entity_id: z.string().trim().max(200, 'entity_id must be at most 200 characters').optional(),
    actor: z.string().trim().max(254, 'actor must be at most 254 characters').optional(),
    from: isoDay('from').optional(),
    to: isoDay('to').optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** What staff call the entity (an order number, a product name, …); null when it is gone. */
  entity_label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export const auditLogList = paged(auditLogEntry);
export type AuditLogList = z.infer<typeof auditLogList>;
