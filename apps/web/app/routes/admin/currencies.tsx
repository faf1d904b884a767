import { AdminPage, ensureAdminData, isAdmin } from '../../features/admin/index.ts';
import { CurrenciesEditor, currenciesQuery } from '../../features/admin-currencies/index.ts';
import { useSession } from '../../features/auth/session-store.ts';

export const meta = () => [{ title: 'Currencies · Admin' }];

/** Admins only, as Settings: a staff member gets the page's notice and nothing is fetched. */
export async function clientLoader() {
  return ensureAdminData([currenciesQuery()], 'admin');
}

/** Admin › Settings › Currencies: the base currency and the ones shoppers may pay in. */
export default function Page() {
  const admin = isAdmin(useSession((s) => s.user));
  return (
    <AdminPage
      title="Currencies"
      description="The currency your prices are in, and the currencies shoppers may pay in at your exchange rates."
    >
      {admin ? (
        <CurrenciesEditor />
      ) : (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
          Only admins can change currencies. Ask an admin if something here needs to change.
        </p>
      )}
    </AdminPage>
  );
}
