// The audit log: every staff change, filterable; a row opens before/after.
export { AUDIT_LOG_KEYS, AUDIT_LOG_PAGE_SIZE, auditLogQuery } from './api/get-audit-log.ts';
export { AuditLog } from './components/audit-log.tsx';
