import { ReportsPage } from '../../features/admin-insights/reports.tsx';

export const meta = () => [{ title: 'Reports · Admin' }];

export default function Page() {
  return <ReportsPage />;
}
