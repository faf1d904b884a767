import { AdminPage, ensureAdminData, isAdmin, revalidateOnPageChange } from '../../features/admin/index.ts';
import { contentPagesQuery, PagesSection } from '../../features/admin-pages/index.ts';
import { StoreSettings, settingsQuery } from '../../features/admin-settings/index.ts';
import { StaffSection, staffQuery } from '../../features/admin-staff/index.ts';
import { useSession } from '../../features/auth/session-store.ts';

export const meta = () => [{ title: 'Settings · Admin' }];

/** Admins only: a staff member gets the page's notice and nothing is fetched. */
export async function clientLoader() {
  return ensureAdminData([settingsQuery(), contentPagesQuery(), staffQuery()], 'admin');
}
export const shouldRevalidate = revalidateOnPageChange;

/** Admin › Settings (admins only): the store's settings, the footer pages and the staff. */
export default function Page() {
  const admin = isAdmin(useSession((s) => s.user));
  if (!admin) {
    return (
      <AdminPage title="Settings">
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
          Only admins can change settings. Ask an admin if something here needs to change.
        </p>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title="Settings"
      description="The store profile, checkout rates, maintenance, footer pages and who works here."
    >
      <StoreSettings />
      <PagesSection />
      <StaffSection />
    </AdminPage>
  );
}
