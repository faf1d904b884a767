import { OrdersPage } from '../../features/admin-orders/orders-page.tsx';

export const meta = () => [{ title: 'Orders · Admin' }];

/** Admin › Orders (issue 5); one order opens under `?order=<id>`. */
export default function Page() {
  return <OrdersPage />;
}
