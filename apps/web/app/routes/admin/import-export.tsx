import { ensureAdminData, isAdmin } from '../../features/admin/index.ts';
import { productOptionsQuery } from '../../features/admin-catalog/index.ts';
import { ImportExportPage } from '../../features/admin-catalog-io/index.ts';
import { useSession } from '../../features/auth/session-store.ts';

export const meta = () => [{ title: 'Import / export · Products · Admin' }];

/** Admins only: the categories for "products of an unknown category". */
export async function clientLoader() {
  return ensureAdminData([productOptionsQuery()], 'admin');
}

export default function Page() {
  return <ImportExportPage admin={isAdmin(useSession((s) => s.user))} />;
}
