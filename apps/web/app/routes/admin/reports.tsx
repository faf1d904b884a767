import { ensureAdminData, inStoreTimeZone, revalidateOnPageChange } from '../../features/admin/index.ts';
import {
  categoriesReportQuery,
  dayRangeOf,
  ReportsPage,
  reportGroupOf,
  SKU_ROWS,
  salesReportQuery,
  skuReportQuery,
  taxGroupOf,
  taxReportQuery,
  topProductsQuery,
} from '../../features/admin-insights/index.ts';
import type { Route } from './+types/reports';

export const meta = () => [{ title: 'Reports · Admin' }];

/** The five reports of the URL's range and groupings. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  return ensureAdminData(async () => {
    await inStoreTimeZone();
    const range = dayRangeOf(params);
    return [
      salesReportQuery(range, reportGroupOf(params)),
      taxReportQuery(range, taxGroupOf(params)),
      categoriesReportQuery(range),
      topProductsQuery(range, 10),
      skuReportQuery(range, SKU_ROWS),
    ];
  });
}
export const shouldRevalidate = revalidateOnPageChange;

export default function Page() {
  return <ReportsPage />;
}
