import { AdminPage, ensureAdminData, isAdmin } from '../../features/admin/index.ts';
import { shippingQuery } from '../../features/admin-shipping/index.ts';
import { TaxEditor, taxQuery } from '../../features/admin-tax/index.ts';
import { useSession } from '../../features/auth/session-store.ts';

export const meta = () => [{ title: 'Tax · Admin' }];

/** Admins only, as Settings: a staff member gets the page's notice and nothing is fetched. */
export async function clientLoader() {
  return ensureAdminData([taxQuery(), shippingQuery()], 'admin');
}

/** Admin › Settings › Tax: tax classes, their rates per shipping zone, and whether prices include tax. */
export default function Page() {
  const admin = isAdmin(useSession((s) => s.user));
  return (
    <AdminPage
      title="Tax"
      description="Tax classes with their own rate, rates per shipping zone, and whether your prices include tax."
    >
      {admin ? (
        <TaxEditor />
      ) : (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
          Only admins can change tax. Ask an admin if something here needs to change.
        </p>
      )}
    </AdminPage>
  );
}
