import type { AuditLogList, AuditLogQuery } from '@shop/contracts/admin-audit-log';
import type { Deps } from '../../services.ts';
import type { SettingsService } from '../settings/index.ts';
import { auditLogPage, entityLabels } from './repository.ts';
import { auditEntryToWire } from './wire.ts';

/** The audit log for staff: a filtered page, its entities named, days in the store's time zone. */
export function createAdminAuditLogService({ db }: Pick<Deps, 'db'>, { settings }: { settings: SettingsService }) {
  return {
    async list(q: AuditLogQuery): Promise<AuditLogList> {
      const { rows, total } = await auditLogPage(db, q, (await settings.get()).timeZone);
      const labels = await entityLabels(db, rows);
      return { items: rows.map((r) => auditEntryToWire(r, labels)), total, page: q.page, limit: q.limit };
    },
  };
}
export type AdminAuditLogService = ReturnType<typeof createAdminAuditLogService>;
