import { SettingsPage } from '../../features/admin-store/settings-page.tsx';

export const meta = () => [{ title: 'Settings · Admin' }];

/** Admin › Settings (issue 5; admins only). */
export default function Page() {
  return <SettingsPage />;
}
