import { AuditLogPage } from '../../features/admin-store/audit-log-page.tsx';

export const meta = () => [{ title: 'Audit log · Admin' }];

/** Admin › Audit log (issue 5). */
export default function Page() {
  return <AuditLogPage />;
}
