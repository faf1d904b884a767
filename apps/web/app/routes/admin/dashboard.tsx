import { ensureAdminData, inStoreTimeZone, revalidateOnPageChange } from '../../features/admin/index.ts';
import { DashboardPage, dashboardQuery, dayRangeOf } from '../../features/admin-insights/index.ts';
import type { Route } from './+types/dashboard';

export const meta = () => [{ title: 'Dashboard · Admin' }];

/** The figures of the URL's range (the last 30 days of the store's calendar unless told). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  return ensureAdminData(async () => {
    await inStoreTimeZone();
    return [dashboardQuery(dayRangeOf(params))];
  });
}
export const shouldRevalidate = revalidateOnPageChange;

export default function Page() {
  return <DashboardPage />;
}
