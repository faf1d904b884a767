import { ensureAdminData, revalidateOnPageChange } from '../../features/admin/index.ts';
import { PayLaterPage, payLaterParams, payLaterQuery } from '../../features/admin-orders/index.ts';
import type { Route } from './+types/pay-later';

export const meta = () => [{ title: 'Pay later · Admin' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return ensureAdminData([payLaterQuery(payLaterParams(new URL(request.url).searchParams))]);
}
export const shouldRevalidate = revalidateOnPageChange;

/** Admin › Pay later. */
export default function Page() {
  return <PayLaterPage />;
}
