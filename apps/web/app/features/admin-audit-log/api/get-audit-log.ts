import { auditLogList } from '@shop/contracts/admin-audit-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi, backOfficeKey } from '../../admin/index.ts';

/** The log's filters as the URL keeps them (empty = no filter). */
export const AUDIT_LOG_KEYS = ['action', 'entity_type', 'actor', 'from', 'to'] as const;
export type AuditLogParams = Record<(typeof AUDIT_LOG_KEYS)[number], string> & { page: number; limit: number };
export const AUDIT_LOG_PAGE_SIZE = 25;

/** GET /api/admin/audit-log: every staff change, newest first, filtered. */
export const auditLogQuery = (params: AuditLogParams) =>
  queryOptions({
    queryKey: backOfficeKey('audit-log', params),
    queryFn: ({ signal }) => adminApi.get(auditLogList, 'audit-log', { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (params: AuditLogParams) => useQuery(auditLogQuery(params));
