import { ensureAdminData, revalidateOnPageChange } from '../../features/admin/index.ts';
import { TransactionsPage, transactionParams, transactionsQuery } from '../../features/admin-orders/index.ts';
import type { Route } from './+types/transactions';

export const meta = () => [{ title: 'Transactions · Admin' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return ensureAdminData([transactionsQuery(transactionParams(new URL(request.url).searchParams))]);
}
export const shouldRevalidate = revalidateOnPageChange;

/** Admin › Transactions. */
export default function Page() {
  return <TransactionsPage />;
}
