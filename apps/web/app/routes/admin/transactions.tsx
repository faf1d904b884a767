import { TransactionsPage } from '../../features/admin-orders/transactions-page.tsx';

export const meta = () => [{ title: 'Transactions · Admin' }];

/** Admin › Transactions (issue 5). */
export default function Page() {
  return <TransactionsPage />;
}
