import { SupportPage } from '../../features/admin-store/support-page.tsx';

export const meta = () => [{ title: 'Support · Admin' }];

/** Admin › Support (issue 5); a ticket opens under `?ticket=<id>`. */
export default function Page() {
  return <SupportPage />;
}
