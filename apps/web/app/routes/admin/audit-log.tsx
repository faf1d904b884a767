import { AdminPage, ensureAdminData, readListParams, revalidateOnPageChange } from '../../features/admin/index.ts';
import { AUDIT_LOG_KEYS, AUDIT_LOG_PAGE_SIZE, AuditLog, auditLogQuery } from '../../features/admin-audit-log/index.ts';
import type { Route } from './+types/audit-log';

export const meta = () => [{ title: 'Audit log · Admin' }];

/** The log with the URL's filters and page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { values, page } = readListParams(new URL(request.url).searchParams, AUDIT_LOG_KEYS);
  return ensureAdminData([auditLogQuery({ ...values, page, limit: AUDIT_LOG_PAGE_SIZE })]);
}
export const shouldRevalidate = revalidateOnPageChange;

/** Admin › Audit log. */
export default function Page() {
  return (
    <AdminPage title="Audit log" description="Every change staff made: who, what, when, before and after.">
      <AuditLog />
    </AdminPage>
  );
}
