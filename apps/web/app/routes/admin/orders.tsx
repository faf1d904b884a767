import { ensureAdminData, revalidateOnPageChange } from '../../features/admin/index.ts';
import { adminOrderQuery, adminOrdersQuery, OrdersPage, orderListParams } from '../../features/admin-orders/index.ts';
import type { Route } from './+types/orders';

export const meta = () => [{ title: 'Orders · Admin' }];

/** The one order of `?order=<id>`, or the list of the URL's filters. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const order = params.get('order');
  return ensureAdminData([order ? adminOrderQuery(order) : adminOrdersQuery(orderListParams(params))]);
}
export const shouldRevalidate = revalidateOnPageChange;

/** Admin › Orders; one order opens under `?order=<id>`. */
export default function Page() {
  return <OrdersPage />;
}
