export { type Actor, type AuditEntry, type AuditService, createAuditService } from './service.ts';
