import { ensureAdminData, revalidateOnPageChange } from '../../features/admin/index.ts';
import { CustomersPage, customersPageQuery } from '../../features/admin-insights/index.ts';
import type { Route } from './+types/customers';

export const meta = () => [{ title: 'Customers · Admin' }];

/** The list of the URL's search and page, or the one customer it names. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return ensureAdminData([customersPageQuery(new URL(request.url).searchParams)]);
}
export const shouldRevalidate = revalidateOnPageChange;

export default function Page() {
  return <CustomersPage />;
}
