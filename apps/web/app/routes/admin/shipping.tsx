import { AdminPage, ensureAdminData, isAdmin } from '../../features/admin/index.ts';
import { ShippingZonesEditor, shippingQuery } from '../../features/admin-shipping/index.ts';
import { useSession } from '../../features/auth/session-store.ts';

export const meta = () => [{ title: 'Shipping · Admin' }];

/** Admins only, as Settings: a staff member gets the page's notice and nothing is fetched. */
export async function clientLoader() {
  return ensureAdminData([shippingQuery()], 'admin');
}

/** Admin › Settings › Shipping: where the shop ships, how, and at what price. */
export default function Page() {
  const admin = isAdmin(useSession((s) => s.user));
  return (
    <AdminPage
      title="Shipping"
      description="Shipping zones: the countries each one covers, and its shipping methods with their rates."
    >
      {admin ? (
        <ShippingZonesEditor />
      ) : (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
          Only admins can change shipping. Ask an admin if something here needs to change.
        </p>
      )}
    </AdminPage>
  );
}
