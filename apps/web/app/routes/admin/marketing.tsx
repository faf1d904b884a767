import { AdminPage, ensureAdminData, readListParams, revalidateOnPageChange } from '../../features/admin/index.ts';
import {
  DISCOUNT_LIST_KEYS,
  DISCOUNTS_PAGE_SIZE,
  DiscountsPanel,
  discountsQuery,
} from '../../features/admin-discounts/index.ts';
import { FIRST_SUBSCRIBERS, SubscribersPanel, subscribersQuery } from '../../features/admin-newsletter/index.ts';
import type { Route } from './+types/marketing';

export const meta = () => [{ title: 'Marketing · Admin' }];

/** The discount codes of the URL's search and page, and the first page of subscribers. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { values, page } = readListParams(new URL(request.url).searchParams, DISCOUNT_LIST_KEYS);
  return ensureAdminData([
    discountsQuery({ q: values.q, page, limit: DISCOUNTS_PAGE_SIZE }),
    subscribersQuery(FIRST_SUBSCRIBERS),
  ]);
}
export const shouldRevalidate = revalidateOnPageChange;

/** Admin › Marketing: discount codes and newsletter subscribers. */
export default function Page() {
  return (
    <AdminPage title="Marketing" description="Discount codes that checkout honours, and the newsletter's subscribers.">
      <DiscountsPanel />
      <SubscribersPanel />
    </AdminPage>
  );
}
