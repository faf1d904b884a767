import { DashboardPage } from '../../features/admin-insights/dashboard.tsx';

export const meta = () => [{ title: 'Dashboard · Admin' }];

export default function Page() {
  return <DashboardPage />;
}
