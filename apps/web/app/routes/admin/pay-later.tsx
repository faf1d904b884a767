import { PayLaterPage } from '../../features/admin-orders/pay-later-page.tsx';

export const meta = () => [{ title: 'Pay later · Admin' }];

/** Admin › Pay later (issue 5). */
export default function Page() {
  return <PayLaterPage />;
}
