import { CustomersPage } from '../../features/admin-insights/customers.tsx';

export const meta = () => [{ title: 'Customers · Admin' }];

export default function Page() {
  return <CustomersPage />;
}
